//! Stage 2, [`SatSystems::BroadPhase`](crate::SatSystems): candidate pairs from the
//! grid, filtered by [`CollisionLayers`](crate::CollisionLayers).

use bevy::platform::time::Instant;
use bevy::prelude::*;
use sat2d::broad_phase::BroadPhase;

use crate::{CollisionWorld, SatDiagnostics};

/// Writes this step's candidate pairs into the world.
pub(crate) fn find_candidate_pairs(
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
) {
    let start = Instant::now();
    let world = &mut *world;
    let mut candidates = std::mem::take(&mut world.candidates);
    world.grid.pairs(&mut candidates);
    candidates.retain(|&(a, b)| {
        world
            .placed(a)
            .layers
            .interacts_with(&world.placed(b).layers)
    });
    world.candidates = candidates;
    diagnostics.candidate_pairs = world.candidates.len();
    diagnostics.broad_phase_time = start.elapsed();
}
