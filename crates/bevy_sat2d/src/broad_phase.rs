//! Stage 2, [`SatSystems::BroadPhase`](crate::SatSystems): candidate pairs from the
//! grid, filtered by [`CollisionLayers`](crate::CollisionLayers), plus the pairs along
//! the paths of [`SweptCollider`](crate::SweptCollider)s that moved.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use sat2d::broad_phase::BroadPhase;

use crate::collision_world::placed;
use crate::swept_pairs::add_swept_pairs;
use crate::{CollisionWorld, SatDiagnostics};

/// Writes this step's candidate pairs into the world.
pub(crate) fn find_candidate_pairs(
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
) {
    let start = Instant::now();
    let CollisionWorld {
        grid,
        step,
        colliders,
        candidates,
        sweeps,
        swept_found,
        swept_pairs,
        ..
    } = &mut *world;
    grid.pairs(candidates);
    candidates.retain(|&(a, b)| {
        placed(colliders, a)
            .layers
            .interacts_with(&placed(colliders, b).layers)
    });
    if !sweeps.is_empty() {
        add_swept_pairs(
            grid,
            colliders,
            *step,
            sweeps,
            swept_found,
            swept_pairs,
            candidates,
        );
    }
    diagnostics.candidate_pairs = candidates.len();
    diagnostics.broad_phase_time = start.elapsed();
}
