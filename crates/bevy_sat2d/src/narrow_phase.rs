//! Stage 3, [`SatSystems::NarrowPhase`](crate::SatSystems): SAT on every candidate pair,
//! in parallel, reusing last step's result for pairs where neither collider changed.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::ComputeTaskPool;
use sat2d::Contact;

use crate::collision_world::{EntityPair, PlacedCollider};
use crate::{CollisionWorld, SatConfig, SatDiagnostics};

/// Fewer pairs than this per task are not worth a thread hop.
const PAIRS_PER_TASK: usize = 256;

/// One pair to test: where its result goes, and the two colliders, smaller entity first.
struct Job<'a> {
    slot: usize,
    a: &'a PlacedCollider,
    b: &'a PlacedCollider,
}

impl Job<'_> {
    fn run(&self) -> Option<Contact> {
        sat2d::contact(&self.a.shape, &self.a.iso, &self.b.shape, &self.b.iso)
    }
}

/// Tests the candidate pairs; results land in `CollisionWorld::results`, sorted by pair,
/// so the output never depends on the thread count.
pub(crate) fn test_candidate_pairs(
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
    config: Res<SatConfig>,
) {
    let start = Instant::now();
    let world = &mut *world;
    let previous = std::mem::take(&mut world.results);
    let step = world.step;

    let mut results: Vec<(EntityPair, Option<Contact>)> =
        Vec::with_capacity(world.candidates.len());
    let mut jobs = Vec::new();
    let mut reused = 0;
    // Order the candidates by entity pair first (small records), so results come out
    // sorted and the events stage can merge them with last step's list.
    let mut ordered: Vec<(EntityPair, u32, u32)> = world
        .candidates
        .iter()
        .map(|&(id_a, id_b)| {
            let (entity_a, entity_b) = (world.placed(id_a).entity, world.placed(id_b).entity);
            if entity_a < entity_b {
                ((entity_a, entity_b), id_a, id_b)
            } else {
                ((entity_b, entity_a), id_b, id_a)
            }
        })
        .collect();
    ordered.sort_unstable_by_key(|(pair, _, _)| *pair);
    for &(pair, id_a, id_b) in &ordered {
        let (a, b) = (world.placed(id_a), world.placed(id_b));
        let unchanged = a.changed_step != step && b.changed_step != step;
        let cached = unchanged
            .then(|| {
                previous
                    .binary_search_by(|(other, _)| other.cmp(&pair))
                    .ok()
            })
            .flatten();
        if let Some(index) = cached {
            results.push((pair, previous[index].1.clone()));
            reused += 1;
        } else {
            jobs.push(Job {
                slot: results.len(),
                a,
                b,
            });
            results.push((pair, None));
        }
    }

    let contacts = run_jobs(&jobs, config.parallel);
    let tests = jobs.len();
    for (job, contact) in jobs.iter().zip(contacts) {
        results[job.slot].1 = contact;
    }
    drop(jobs);
    drop(previous);
    world.results = results;

    diagnostics.sat_tests = tests;
    diagnostics.reused_contacts = reused;
    diagnostics.contacts = world.results.iter().filter(|(_, c)| c.is_some()).count();
    diagnostics.narrow_phase_time = start.elapsed();
}

/// Runs every job, on the compute task pool when allowed and worth it (the pool has
/// more than one thread: on a 2-core machine Bevy gives it one, and the jobs run there
/// in order). The result order is the job order either way.
fn run_jobs(jobs: &[Job], parallel: bool) -> Vec<Option<Contact>> {
    let pool = ComputeTaskPool::get_or_init(Default::default);
    if !parallel || jobs.len() < 2 * PAIRS_PER_TASK || pool.thread_num() < 2 {
        return jobs.iter().map(Job::run).collect();
    }
    let chunk = jobs
        .len()
        .div_ceil(pool.thread_num() * 4)
        .max(PAIRS_PER_TASK);
    let parts = pool.scope(|scope| {
        for part in jobs.chunks(chunk) {
            scope.spawn(async move { part.iter().map(Job::run).collect::<Vec<_>>() });
        }
    });
    parts.into_iter().flatten().collect()
}
