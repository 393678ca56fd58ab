//! The collision step: four stages, each a system in its own
//! [`SatSystems`](crate::SatSystems) set, run in order once per step.
//!
//! 1. [`sync`]: colliders whose shape, transform, layers or markers changed are placed
//!    again in the broad phase (static ones found in their tables' change ticks, read
//!    as arrays); removed ones are dropped; each
//!    [`SweptCollider`](crate::SweptCollider)'s motion is recorded.
//! 2. [`broad_phase`]: candidate pairs from the grid, plus the pairs along swept paths
//!    ([`swept_pairs`]), filtered by layers, bodies, exclusions and the pair filter.
//! 3. [`narrow_phase`]: [`sat2d::intersects`] on every candidate pair where either
//!    collider changed, in parallel; the others keep last step's result. A swept pair
//!    found apart is cast along the step's motion, and its contact at the time of
//!    impact kept ([`swept_contact`]).
//! 4. [`report`]: messages, observer events and `CollidingEntities` from the results.
//!
//! After a rollback library loaded a snapshot, the narrow phase compares with the
//! restored [`TouchingPairs`](crate::TouchingPairs) instead of its last results
//! ([`restored_pairs`]), and the report rebuilds every `CollidingEntities`.
//!
//! **Threads.** The broad phase, the narrow phase and the events stage run on the main
//! thread (each system takes a `NonSendMarker`), and their parallel work (the narrow
//! phase's tests; in a large scene, the broad phase's walk over the moving cells) goes
//! to the `ComputeTaskPool`, which the main thread then works through with the pool's
//! threads. Run from a pool thread, as Bevy runs other systems, that work would have
//! only the pool's threads: on 2 cores Bevy gives the pool one, and the main thread
//! waits idle in the schedule's executor while the step runs. The sync runs on the main
//! thread only in a scene that splits it over two threads too ([`TWO_THREADS_FROM`]);
//! below that it runs where Bevy puts it, usually on the pool thread that just
//! propagated the transforms it reads. 10k rotating colliders, all four on a pool
//! thread → this: narrow stage 0.26 → 0.21 ms, the step 1.95–1.96 → 1.97–2.00 ms with
//! avian2d's app taking turns in the same process (its data evicting ours) and
//! 2.04–2.11 → 1.85–1.89 ms without; at 100k, narrow 4.3 → 2.9 ms, broad 2.7 → 1.9 ms,
//! sync 9.2 → 8.6–9.1 ms. Only the stages' own systems are pinned; a game's systems run
//! where Bevy puts them.
//!
//! Every stage reads and writes the state in [`crate::world`], and no stage imports
//! another: what one stage hands the next lives there. No stage passes over every
//! collider: past the sync's tick read, each costs the pairs and the colliders that
//! changed (a static level that stays put costs nothing but that read).

/// From this many moving colliders on, a scene is large enough for the step to split
/// two more stages' work over the compute pool ([`splits_over_threads`]): the sync
/// works out the moving colliders' new places on two threads, and the broad phase
/// walks the moving colliders' cells in parts. Below it the other core's copies of the
/// records and the grid cost the next step more than the split saves. 10k rotating
/// colliders, on one thread → split: sync 0.62–0.66 → 0.72–0.75 ms, broad 0.21 → 0.19
/// ms but the sync 0.73–0.84 → 0.85–0.92 ms after it; 100k: sync 9.3–9.5 → 8.9 ms,
/// broad 2.7–2.8 → 1.9 ms. Counted in moving colliders, not ids: a level of 100k
/// statics and 1k movers has little to split.
pub(crate) const TWO_THREADS_FROM: usize = 32_768;

/// Whether this step splits the sync's and the broad phase's work over the compute
/// pool: the step may use it ([`SatConfig::parallel`]), and the grid holds
/// [`TWO_THREADS_FROM`] moving colliders or more.
pub(crate) fn splits_over_threads(world: &CollisionWorld, config: &SatConfig) -> bool {
    config.parallel && world.grid.moving_len() >= TWO_THREADS_FROM
}

use crate::sat_config::SatConfig;
use crate::world::collision_world::CollisionWorld;

pub(crate) mod broad_phase;
pub(crate) mod narrow_phase;
pub(crate) mod read_ahead;
pub(crate) mod report;
pub(crate) mod restored_pairs;
pub(crate) mod swept_contact;
pub(crate) mod swept_pairs;
pub(crate) mod sync;
