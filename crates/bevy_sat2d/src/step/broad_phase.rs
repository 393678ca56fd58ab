//! Stage 2, [`SatSystems::BroadPhase`](crate::SatSystems): candidate pairs from the
//! grid, plus the pairs along the paths of [`SweptCollider`](crate::SweptCollider)s that
//! moved, filtered by [`CollisionLayers`](crate::CollisionLayers), bodies
//! ([`ColliderOf`](crate::ColliderOf)), [`CollisionExclusions`] and the [`PairFilter`].
//!
//! Layers and bodies are read off the collider records, so they cost a comparison per
//! pair, and nothing while every collider is on all layers and its own body.
//! Exclusions and the filter hook cost nothing unless some collider has exclusions or
//! the hook is set.

use bevy::ecs::system::NonSendMarker;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::ComputeTaskPool;
use sat2d::broad_phase::{BroadPhase, IdPair, SpatialHashGrid};

use crate::components::collision_exclusions::CollisionExclusions;
use crate::components::pair_filter::PairFilter;
use crate::diagnostics::SatDiagnostics;
use crate::sat_config::SatConfig;
use crate::step::splits_over_threads;
use crate::step::swept_pairs::add_swept_pairs;
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_collider::{PlacedCollider, placed};

/// Writes this step's candidate pairs into the world.
pub(crate) fn find_candidate_pairs(
    _main_thread: NonSendMarker,
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
    exclusions: Query<&CollisionExclusions>,
    filter: Option<Res<PairFilter>>,
    config: Res<SatConfig>,
    mut parts: Local<Vec<Vec<IdPair>>>,
) {
    let start = Instant::now();
    let split = splits_over_threads(&world, &config);
    let CollisionWorld {
        grid,
        step,
        colliders,
        candidates,
        sweeps,
        swept_found,
        swept_pairs,
        filtered_colliders,
        ..
    } = &mut *world;
    if split {
        pairs_on_the_pool(grid, candidates, &mut parts);
    } else {
        grid.pairs(candidates);
    }
    debug_assert_eq!(
        *filtered_colliders,
        colliders
            .iter()
            .flatten()
            .filter(|placed| placed.is_filtered())
            .count(),
        "CollisionWorld::filtered_colliders counts the filtered records"
    );
    // With every collider on all layers and its own body, every pair passes: no record
    // is read (at 100k colliders, or against a level, each read is a cache miss).
    if *filtered_colliders > 0 {
        candidates.retain(|&(a, b)| {
            let (a, b) = (placed(colliders, a), placed(colliders, b));
            a.layers.interacts_with(&b.layers) && a.body != b.body
        });
    }
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
    let any_exclusions = !exclusions.is_empty();
    if any_exclusions || filter.is_some() {
        candidates.retain(|&(a, b)| {
            let (a, b) = (placed(colliders, a), placed(colliders, b));
            let excluded =
                any_exclusions && (excludes(a, b, &exclusions) || excludes(b, a, &exclusions));
            let (first, second) = if a.entity < b.entity {
                (a.entity, b.entity)
            } else {
                (b.entity, a.entity)
            };
            !excluded
                && filter
                    .as_ref()
                    .is_none_or(|filter| filter.keeps(first, second))
        });
    }
    diagnostics.candidate_pairs = candidates.len();
    diagnostics.broad_phase_time = start.elapsed();
}

/// The grid's pairs into `candidates`, its moving colliders' walk run in `parts`, one
/// per thread of the compute pool and one for this thread, on the pool.
fn pairs_on_the_pool(
    grid: &mut SpatialHashGrid,
    candidates: &mut Vec<IdPair>,
    parts: &mut Vec<Vec<IdPair>>,
) {
    let pool = ComputeTaskPool::get_or_init(Default::default);
    parts.resize_with(pool.thread_num() + 1, Vec::new);
    grid.pairs_in_parts(candidates, parts, |walk, parts| {
        pool.scope(|scope| {
            for (index, part) in parts.iter_mut().enumerate() {
                scope.spawn(async move { walk(index, part) });
            }
        });
    });
}

/// Whether `one`'s [`CollisionExclusions`] list `other` or `other`'s body.
fn excludes(
    one: &PlacedCollider,
    other: &PlacedCollider,
    exclusions: &Query<&CollisionExclusions>,
) -> bool {
    one.has_exclusions
        && exclusions
            .get(one.entity)
            .is_ok_and(|list| list.excludes(other.entity) || list.excludes(other.body))
}
