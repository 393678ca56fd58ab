//! [`SatDiagnostics`]: what the last step did and what it cost.

use core::time::Duration;

use bevy::prelude::*;

/// Counters and stage timings of the last collision step, updated every step (the
/// debug overlay shows them).
#[derive(Resource, Reflect, Clone, Debug, Default, PartialEq)]
#[reflect(Resource, Default, Debug)]
pub struct SatDiagnostics {
    /// Colliders in the broad phase.
    pub colliders: usize,
    /// Colliders re-inserted this step because they moved or changed.
    pub moved: usize,
    /// Colliders skipped this step (non-finite transform or zero scale).
    pub skipped: usize,
    /// Moving colliders whose new places the sync worked out on two threads this step:
    /// from 32,768 moving colliders on, with [`SatConfig::parallel`](crate::SatConfig)
    /// on; zero otherwise.
    pub placed_on_two_threads: usize,
    /// Candidate pairs from the broad phase (after layer filtering).
    pub candidate_pairs: usize,
    /// Narrow-phase SAT tests run this step.
    pub sat_tests: usize,
    /// Pair results reused from the previous step because neither collider changed.
    pub reused_contacts: usize,
    /// Touching pairs after the narrow phase.
    pub contacts: usize,
    /// Time syncing colliders into the broad phase.
    pub sync_time: Duration,
    /// Time in the broad phase.
    pub broad_phase_time: Duration,
    /// Time in the narrow phase.
    pub narrow_phase_time: Duration,
    /// Time writing events and `CollidingEntities`.
    pub events_time: Duration,
}

impl SatDiagnostics {
    /// The whole step's time.
    #[must_use]
    pub fn total_time(&self) -> Duration {
        self.sync_time + self.broad_phase_time + self.narrow_phase_time + self.events_time
    }
}
