//! Stage 3, [`SatSystems::NarrowPhase`](crate::SatSystems): SAT on every candidate pair,
//! in parallel, reusing last step's result for pairs where neither collider changed.
//!
//! Results are keyed by the broad phase's id pair and kept in its order, the order the
//! candidates arrive in. Last step's results are walked beside this step's candidates
//! (both sorted), and a reused result is moved out of last step's list: nothing is
//! sorted, searched or cloned. Every buffer lives in the [`CollisionWorld`] and keeps
//! its capacity from step to step.
//!
//! A pair with a [`SweptCollider`](crate::SweptCollider) that moved, found apart at the
//! end of the step, is also cast along the motions; a hit gives it the contact at the
//! time of impact ([`contact_at_impact`]). Such a result is never reused: it stood for
//! one step's touch.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::ComputeTaskPool;

use crate::collision_world::{PlacedCollider, placed};
use crate::pair_result::{PairKey, PairResult, Test};
use crate::swept_contact::contact_at_impact;
use crate::{CollisionWorld, SatConfig, SatDiagnostics};

/// Fewer pairs than this per task are not worth a thread hop.
const PAIRS_PER_TASK: usize = 256;

/// Runs the SAT test a result asks for, in place: the contact of the two colliders in
/// entity order (so it comes out oriented from the smaller entity to the larger, as
/// events report it), and for a pair to sweep that ends apart, the contact at the time
/// of impact along this step's motions.
fn run_test(result: &mut PairResult, colliders: &[Option<PlacedCollider>], step: u64) {
    let sweep = match result.test {
        Test::None => return,
        Test::Contact => false,
        Test::ContactOrSweep => true,
    };
    let (first, second) = result.key.ids_in_entity_order();
    let (a, b) = (placed(colliders, first), placed(colliders, second));
    result.contact = sat2d::contact(&a.shape, &a.iso, &b.shape, &b.iso);
    if sweep
        && result.contact.is_none()
        && let Some((contact, time)) = contact_at_impact(a, a.motion(step), b, b.motion(step))
    {
        result.contact = Some(contact);
        result.time_of_impact = Some(time);
    }
    result.test = Test::None;
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
        pile_up_warned,
        ..
    } = &mut *world;
    let step = *step;
    // Last step's results become `previous`; this step's go into the emptied buffer.
    std::mem::swap(results, spare_results);
    let previous = spare_results;
    debug_assert!(results.is_empty());
    // Exactly one result per candidate: no regrowth, however many pairs a pile-up makes.
    results.reserve_exact(candidates.len());
    debug_assert!(
        candidates.is_sorted(),
        "the broad phase hands out pairs sorted"
    );
    let (mut reused, mut tests) = (0, 0);
    let mut last_step = previous.drain(..).peekable();
    for &ids in candidates.iter() {
        let (a, b) = (placed(colliders, ids.0), placed(colliders, ids.1));
        let key = PairKey::new(ids, a.entity, b.entity);
        while last_step.next_if(|old| old.key.ids < ids).is_some() {}
        let old = last_step.next_if(|old| old.key.ids == ids);
        let unchanged = a.changed_step != step && b.changed_step != step;
        match old {
            // Same two entities (an index can be reused), neither changed, and a contact
            // of the step's end (a swept one stood for that step only): move it over.
            Some(old) if unchanged && old.key == key && old.time_of_impact.is_none() => {
                reused += 1;
                results.push(PairResult {
                    renewed: false,
                    test: Test::None,
                    ..old
                });
            }
            old => {
                let renewed = a.created_step == step || b.created_step == step;
                // A pair touching at the end of the last step starts its sweep touching:
                // it goes on or ends, it does not start again.
                let moved = a.motion(step) != Vec2::ZERO || b.motion(step) != Vec2::ZERO;
                let sweep = moved
                    && !old.is_some_and(|old| {
                        old.key == key
                            && !renewed
                            && old.contact.is_some()
                            && old.time_of_impact.is_none()
                    });
                tests += 1;
                results.push(PairResult {
                    key,
                    renewed,
                    test: if sweep {
                        Test::ContactOrSweep
                    } else {
                        Test::Contact
                    },
                    contact: None,
                    time_of_impact: None,
                });
            }
        }
    }
    // Drops what no candidate took; `previous` keeps its capacity for the next step.
    drop(last_step);

    run_tests(results, colliders, step, config.parallel);

    diagnostics.sat_tests = tests;
    diagnostics.reused_contacts = reused;
    diagnostics.contacts = results.iter().filter(|r| r.contact.is_some()).count();
    if diagnostics.contacts > config.pile_up_warning && !*pile_up_warned {
        *pile_up_warned = true;
        warn!(
            "bevy_sat2d: {} touching pairs (more than SatConfig::pile_up_warning = {}): \
             were many colliders spawned at one point? Warned once",
            diagnostics.contacts, config.pile_up_warning
        );
    }
    diagnostics.narrow_phase_time = start.elapsed();
}

/// Runs every result's test, on the compute task pool when allowed and worth it (the
/// pool has more than one thread: on a 2-core machine Bevy gives it one, and the tests
/// run there in order). Each test writes only its own result, so the thread count
/// changes nothing.
fn run_tests(
    results: &mut [PairResult],
    colliders: &[Option<PlacedCollider>],
    step: u64,
    parallel: bool,
) {
    let pool = ComputeTaskPool::get_or_init(Default::default);
    if !parallel || results.len() < 2 * PAIRS_PER_TASK || pool.thread_num() < 2 {
        run_in_order(results, colliders, step);
        return;
    }
    let chunk = results
        .len()
        .div_ceil(pool.thread_num() * 4)
        .max(PAIRS_PER_TASK);
    pool.scope(|scope| {
        for part in results.chunks_mut(chunk) {
            scope.spawn(async move {
                run_in_order(part, colliders, step);
            });
        }
    });
}

/// How many results ahead [`run_in_order`] reads the shapes of the pair it will test.
const LOOKAHEAD: usize = 8;

/// Runs the tests of `results` in order. Each collider's shape lives in its own
/// allocation (an `Arc` shared with its `Collider`), so a test waits on memory for
/// its two shapes: reading the shapes of the pair `LOOKAHEAD` results ahead first lets
/// those loads run while this pair is tested.
fn run_in_order(results: &mut [PairResult], colliders: &[Option<PlacedCollider>], step: u64) {
    for index in 0..results.len() {
        if let Some(ahead) = results.get(index + LOOKAHEAD)
            && ahead.test != Test::None
        {
            let (a, b) = (
                placed(colliders, ahead.key.ids.0),
                placed(colliders, ahead.key.ids.1),
            );
            std::hint::black_box((a.shape.reach(), b.shape.reach()));
        }
        run_test(&mut results[index], colliders, step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Collider, SatPlugin};

    /// Colliders spawned at one point pass the threshold: one warning, given once.
    #[test]
    fn a_pile_up_past_the_threshold_is_warned_about_once() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
        app.world_mut().resource_mut::<SatConfig>().pile_up_warning = 40;
        let warned = |app: &App| app.world().resource::<CollisionWorld>().pile_up_warned;
        for _ in 0..9 {
            app.world_mut().spawn(Collider::circle(1.0));
        }
        app.update();
        assert_eq!(app.world().resource::<SatDiagnostics>().contacts, 36);
        assert!(!warned(&app), "36 pairs are not more than 40");
        app.world_mut().spawn(Collider::circle(1.0));
        app.update();
        assert_eq!(app.world().resource::<SatDiagnostics>().contacts, 45);
        assert!(warned(&app));
    }

    /// A pile-up's first step keeps one record per pair: the results and the touching
    /// list are allocated once at their exact size, not regrown by doubling, and every
    /// result has been tested.
    #[test]
    fn a_pile_up_is_stored_at_its_exact_size() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
        app.update();
        for index in 0..60 {
            let collider = if index % 2 == 0 {
                Collider::circle(1.0)
            } else {
                Collider::rectangle(2.0, 1.0)
            };
            app.world_mut().spawn(collider);
        }
        app.update();
        let world = app.world().resource::<CollisionWorld>();
        let pairs = 60 * 59 / 2;
        assert_eq!(world.results.len(), pairs);
        assert_eq!(world.results.capacity(), pairs);
        assert_eq!(world.touching.len(), pairs);
        assert_eq!(world.touching.capacity(), pairs);
        assert!(world.results.iter().all(|result| result.test == Test::None));
        assert!(world.results.iter().all(|result| result.contact.is_some()));
    }
}
