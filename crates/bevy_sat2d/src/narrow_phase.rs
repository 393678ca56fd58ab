//! Stage 3, [`SatSystems::NarrowPhase`](crate::SatSystems): SAT on every candidate pair,
//! in parallel, reusing last step's result for pairs where neither collider changed.
//!
//! Results are keyed by the broad phase's id pair and kept in its order, the order the
//! candidates arrive in. Last step's results are walked beside this step's candidates
//! (both sorted), and a reused result is moved out of last step's list: nothing is
//! sorted, searched or cloned. Every buffer lives in the [`CollisionWorld`] and keeps
//! its capacity from step to step.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::ComputeTaskPool;
use sat2d::Contact;

use crate::collision_world::{PlacedCollider, placed};
use crate::pair_result::{PairKey, PairResult};
use crate::{CollisionWorld, SatConfig, SatDiagnostics};

/// Fewer pairs than this per task are not worth a thread hop.
const PAIRS_PER_TASK: usize = 256;

/// One SAT test: the two colliders' ids in entity order (so the contact comes out
/// oriented from the smaller entity to the larger, as events report it), where its
/// result goes, and the contact once run.
pub(crate) struct Job {
    first: u32,
    second: u32,
    slot: usize,
    contact: Option<Contact>,
}

impl Job {
    fn run(&mut self, colliders: &[Option<PlacedCollider>]) {
        let (a, b) = (
            placed(colliders, self.first),
            placed(colliders, self.second),
        );
        self.contact = sat2d::contact(&a.shape, &a.iso, &b.shape, &b.iso);
    }
}

/// Tests the candidate pairs; results land in `CollisionWorld::results`, in candidate
/// order, so the output never depends on the thread count.
pub(crate) fn test_candidate_pairs(
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
    config: Res<SatConfig>,
) {
    let start = Instant::now();
    let CollisionWorld {
        step,
        colliders,
        candidates,
        results,
        spare_results,
        jobs,
        ..
    } = &mut *world;
    let step = *step;
    // Last step's results become `previous`; this step's go into the emptied buffer.
    std::mem::swap(results, spare_results);
    let previous = spare_results;
    debug_assert!(results.is_empty() && jobs.is_empty());
    debug_assert!(
        candidates.is_sorted(),
        "the broad phase hands out pairs sorted"
    );
    let mut reused = 0;
    let mut last_step = previous.drain(..).peekable();
    for &ids in candidates.iter() {
        let (a, b) = (placed(colliders, ids.0), placed(colliders, ids.1));
        let key = PairKey::new(ids, a.entity, b.entity);
        while last_step.next_if(|old| old.key.ids < ids).is_some() {}
        let old = last_step.next_if(|old| old.key.ids == ids);
        let unchanged = a.changed_step != step && b.changed_step != step;
        match old {
            // Same two entities (an index can be reused), neither changed: move it over.
            Some(old) if unchanged && old.key == key => {
                reused += 1;
                results.push(PairResult {
                    renewed: false,
                    ..old
                });
            }
            _ => {
                let (first, second) = key.ids_in_entity_order();
                jobs.push(Job {
                    first,
                    second,
                    slot: results.len(),
                    contact: None,
                });
                results.push(PairResult {
                    key,
                    renewed: a.created_step == step || b.created_step == step,
                    contact: None,
                });
            }
        }
    }
    // Drops what no candidate took; `previous` keeps its capacity for the next step.
    drop(last_step);

    run_jobs(jobs, colliders, config.parallel);
    let tests = jobs.len();
    for job in jobs.drain(..) {
        results[job.slot].contact = job.contact;
    }

    diagnostics.sat_tests = tests;
    diagnostics.reused_contacts = reused;
    diagnostics.contacts = results.iter().filter(|r| r.contact.is_some()).count();
    diagnostics.narrow_phase_time = start.elapsed();
}

/// Runs every job, on the compute task pool when allowed and worth it (the pool has
/// more than one thread: on a 2-core machine Bevy gives it one, and the jobs run there
/// in order). Each job keeps its own result, so the thread count changes nothing.
fn run_jobs(jobs: &mut [Job], colliders: &[Option<PlacedCollider>], parallel: bool) {
    let pool = ComputeTaskPool::get_or_init(Default::default);
    if !parallel || jobs.len() < 2 * PAIRS_PER_TASK || pool.thread_num() < 2 {
        jobs.iter_mut().for_each(|job| job.run(colliders));
        return;
    }
    let chunk = jobs
        .len()
        .div_ceil(pool.thread_num() * 4)
        .max(PAIRS_PER_TASK);
    pool.scope(|scope| {
        for part in jobs.chunks_mut(chunk) {
            scope.spawn(async move { part.iter_mut().for_each(|job| job.run(colliders)) });
        }
    });
}
