//! [`SatSystems`]: the plugin's system sets, in order.

use bevy::prelude::*;

/// The stages of one collision step, chained in this order in the plugin's schedule
/// (`PostUpdate` by default, after transform propagation). Order your systems against
/// them: a system that pushes entities apart by the MTV in the same frame runs
/// `.after(SatSystems::Events)`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SatSystems {
    /// New, changed and removed colliders into the broad phase.
    SyncColliders,
    /// Candidate pairs from the spatial grid, filtered by layers.
    BroadPhase,
    /// SAT on the candidate pairs, in parallel.
    NarrowPhase,
    /// `CollisionEvent`s, observer events and `CollidingEntities`.
    Events,
}
