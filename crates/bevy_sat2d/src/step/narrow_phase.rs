//! Stage 3, [`SatSystems::NarrowPhase`](crate::SatSystems): SAT on every candidate pair,
//! in parallel, reusing last step's result for pairs where neither collider changed.
//!
//! Results are keyed by the broad phase's id pair and kept in its order, the order the
//! candidates arrive in. Last step's results are walked beside this step's candidates
//! (both sorted), and a reused result is moved out of last step's list: nothing is
//! sorted or searched. The walk also tells each result whether its pair touched before,
//! and lists last step's touches that no result carries on (their pairs end). Every
//! buffer lives in the [`CollisionWorld`] and keeps its capacity from step to step.
//!
//! The test is [`sat2d::intersects`]: a result records whether the pair touches, and
//! the contact is computed when asked for (see [`crate::world::pair_result`]). A pair with a
//! [`SweptCollider`](crate::SweptCollider) that moved, found apart at the end of the
//! step, is also cast along the motions; a hit is kept with its contact at the time of
//! impact ([`contact_at_impact`]). Such a result is never reused: it stood for one
//! step's touch.

use bevy::ecs::system::NonSendMarker;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::ComputeTaskPool;
use sat2d::Shape;
use sat2d::broad_phase::IdPair;

use crate::diagnostics::SatDiagnostics;
use crate::sat_config::SatConfig;
use crate::step::read_ahead::{SHAPES_AHEAD, SIDES_AHEAD, STORES_AHEAD, ask_for};
use crate::step::restored_pairs::compare_with_restored;
use crate::step::swept_contact::contact_at_impact;
use crate::world::collider_sides::{ColliderSides, TestSide};
use crate::world::collision_world::CollisionWorld;
use crate::world::counts::Counts;
use crate::world::pair_result::{EndedPair, PairResult, SweptHit, Test, in_entity_order};
use crate::world::placed_collider::{PlacedCollider, placed};
use crate::world::touching_pairs::TouchingPairs;

/// Fewer pairs than this per task are not worth a thread hop.
const PAIRS_PER_TASK: usize = 256;

/// Runs the test the result of pair `ids` asks for, in place: whether the two colliders
/// touch, taken in entity order (the order their contact is later computed in, so the
/// two agree).
fn run_test(ids: IdPair, result: &mut PairResult, sides: &[TestSide]) {
    if result.test == Test::None {
        return;
    }
    let (a, b) = (&sides[ids.0 as usize], &sides[ids.1 as usize]);
    let (a, b) = if a.entity < b.entity { (a, b) } else { (b, a) };
    result.touching = sat2d::intersects(shape_of(a), &a.iso, shape_of(b), &b.iso);
    result.test = Test::None;
}

/// The shape of `side`, which a pair only names when its collider is placed.
fn shape_of(side: &TestSide) -> &Shape {
    side.shape
        .as_deref()
        .expect("grid ids always name a placed collider")
}

/// The entity that held id `id` at the end of the last step, for a pair of that step:
/// its record's, as `sides` (refreshed for this step) keeps it, unless the record was
/// made this step or is gone, when it is the entity of the first record `forgotten`
/// (sorted by id, stably) lists for the id. The sides, not the records: at 100k
/// colliders a record is a cache miss, and the entities are a compact array.
///
/// # Panics
///
/// If the id had no record last step (no pair of that step names it then).
fn entity_last_step(sides: &ColliderSides, forgotten: &[(u32, Entity)], id: u32) -> Entity {
    let entity = sides.entity(id);
    if entity != Entity::PLACEHOLDER && !sides.created(id) {
        return entity;
    }
    let first = forgotten.partition_point(|&(forgotten_id, _)| forgotten_id < id);
    match forgotten.get(first) {
        Some(&(found, entity)) if found == id => entity,
        _ => panic!("a pair of the last step names collider {id}, which it had"),
    }
}

/// Lists `old`, last step's result for pair `ids`, that no result of this step carries
/// on, as ended if it touched; its entities are those of last step (a collider may have
/// been removed since, or its index reused).
fn end(
    ids: IdPair,
    old: &PairResult,
    ended: &mut Vec<EndedPair>,
    sides: &ColliderSides,
    forgotten: &[(u32, Entity)],
) {
    if old.touching {
        let entity = |id| entity_last_step(sides, forgotten, id);
        let (entities, _) = in_entity_order(ids, entity(ids.0), entity(ids.1));
        ended.push((ids, entities));
    }
}

/// Tests the candidate pairs; results land in `CollisionWorld::results`, in candidate
/// order, so the output never depends on the thread count.
pub(crate) fn test_candidate_pairs(
    _main_thread: NonSendMarker,
    mut world: ResMut<CollisionWorld>,
    mut diagnostics: ResMut<SatDiagnostics>,
    config: Res<SatConfig>,
    touching_pairs: Option<Res<TouchingPairs>>,
) {
    let start = Instant::now();
    let CollisionWorld {
        step,
        colliders,
        candidates,
        pairs,
        results,
        spare_results,
        ended,
        swept_hits,
        sweep_tests,
        forgotten,
        sides,
        touched,
        counts,
        pile_up_warned,
        restored_step,
        ..
    } = &mut *world;
    let step = *step;
    sides.refresh(colliders, touched, step);
    // This step's candidates become the pairs of the results; last step's pairs and
    // results become `previous_pairs` and `previous`, and this step's results go into
    // the emptied buffer.
    std::mem::swap(pairs, candidates);
    let (candidates, previous_pairs) = (&*pairs, candidates);
    std::mem::swap(results, spare_results);
    let previous = spare_results;
    debug_assert_eq!(previous.len(), previous_pairs.len());
    debug_assert!(results.is_empty());
    ended.clear();
    swept_hits.clear();
    sweep_tests.clear();
    // Exactly one result per candidate: no regrowth, however many pairs a pile-up makes.
    results.reserve_exact(candidates.len());
    debug_assert!(
        candidates.is_sorted(),
        "the broad phase hands out pairs sorted"
    );
    forgotten.sort_by_key(|&(id, _)| id);
    let (mut reused, mut tests) = (0, 0);
    // A snapshot was loaded since the last step: compare with its pairs, not ours.
    let restored = touching_pairs.filter(|pairs| pairs.step + 1 != step);
    *restored_step = restored.is_some();
    if let Some(restored) = restored {
        previous_pairs.clear();
        previous.clear();
        tests = compare_with_restored(candidates, &restored, sides, results, ended, sweep_tests);
    } else {
        let mut last_step = previous_pairs.drain(..).zip(previous.drain(..)).peekable();
        for &ids in candidates.iter() {
            while let Some((old_ids, old)) = last_step.next_if(|(old_ids, _)| *old_ids < ids) {
                end(old_ids, &old, ended, sides, forgotten);
            }
            let old = last_step
                .next_if(|(old_ids, _)| *old_ids == ids)
                .map(|(_, old)| old);
            // A collider whose record was made this step (new, or removed and added back,
            // maybe on a reused entity index) makes this another pair than last step's.
            let renewed = sides.either_created(ids);
            let same = match old {
                Some(old) if renewed => {
                    end(ids, &old, ended, sides, forgotten);
                    None
                }
                old => old,
            };
            let unchanged = !sides.either_changed(ids);
            match same {
                // Neither changed, and a touch of the step's end or none (a swept one
                // stood for that step only): move it over.
                Some(old) if unchanged && !old.swept => {
                    reused += 1;
                    results.push(PairResult {
                        touched_before: old.touching,
                        test: Test::None,
                        ..old
                    });
                }
                same => {
                    // A swept touch of the last step is over, whatever this step finds.
                    if let Some(old) = same.filter(|old| old.swept) {
                        end(ids, &old, ended, sides, forgotten);
                    }
                    let touched_before = same.is_some_and(|old| old.touching && !old.swept);
                    // A pair touching at the end of the last step starts its sweep touching:
                    // it goes on or ends, it does not start again.
                    let sweep = sides.either_moved(ids) && !touched_before;
                    if sweep {
                        sweep_tests.push(results.len());
                    }
                    tests += 1;
                    results.push(PairResult::to_test(touched_before, sweep));
                }
            }
        }
        for (old_ids, old) in last_step {
            end(old_ids, &old, ended, sides, forgotten);
        }
    }
    // Both drained: `previous_pairs` is the broad phase's next buffer, `previous` the
    // next step's results buffer, each with its capacity.

    run_tests(candidates, results, sides.test_sides(), config.parallel);
    sweep_apart_pairs(
        candidates,
        results,
        sweep_tests,
        swept_hits,
        colliders,
        step,
    );

    diagnostics.sat_tests = tests;
    diagnostics.reused_contacts = reused;
    *counts = Counts::of(ended.len(), results);
    diagnostics.contacts = counts.touching();
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

/// Casts the pairs to sweep (`sweep_tests`, indices into `results` in order) that the
/// test found apart along this step's motions; each hit makes its result touching and
/// is kept, with its contact at the time of impact, in `swept_hits` (in id order).
fn sweep_apart_pairs(
    candidates: &[IdPair],
    results: &mut [PairResult],
    sweep_tests: &[usize],
    swept_hits: &mut Vec<SweptHit>,
    colliders: &[Option<PlacedCollider>],
    step: u64,
) {
    for &index in sweep_tests {
        let (ids, result) = (candidates[index], &mut results[index]);
        if result.touching {
            continue;
        }
        let (a, b) = (placed(colliders, ids.0), placed(colliders, ids.1));
        let (_, (first, second)) = in_entity_order(ids, a.entity, b.entity);
        let (a, b) = (placed(colliders, first), placed(colliders, second));
        let (motion_a, motion_b) = (
            (a.motion(step), a.turn(step)),
            (b.motion(step), b.turn(step)),
        );
        if let Some((contact, time)) = contact_at_impact(a, motion_a, b, motion_b) {
            result.touching = true;
            result.swept = true;
            swept_hits.push(SweptHit {
                ids,
                contact,
                time_of_impact: time,
            });
        }
    }
}

/// Runs every result's test, on the compute task pool when allowed and worth it. The
/// thread that runs the step works through the tasks too, so even a pool of one thread
/// (Bevy's share on a 2-core machine) tests on two. Each test writes only its own
/// result, so the thread count changes nothing.
fn run_tests(
    candidates: &[IdPair],
    results: &mut [PairResult],
    sides: &[TestSide],
    parallel: bool,
) {
    if !parallel || results.len() < 2 * PAIRS_PER_TASK {
        run_in_order(candidates, results, sides);
        return;
    }
    let pool = ComputeTaskPool::get_or_init(Default::default);
    let workers = pool.thread_num() + 1;
    let chunk = results.len().div_ceil(workers * 4).max(PAIRS_PER_TASK);
    pool.scope(|scope| {
        for (pairs, part) in candidates.chunks(chunk).zip(results.chunks_mut(chunk)) {
            scope.spawn(async move {
                run_in_order(pairs, part, sides);
            });
        }
    });
}

/// Runs the tests of `results` (of the pairs `candidates`) in order. A test waits on
/// memory for each side's [`TestSide`] (indexed by id, so the second id of a pair lands
/// anywhere among 100k), then for its shape (an allocation of its own, an `Arc` shared
/// with its `Collider`), then for a polygon's store (lanes, points and normals): three
/// rounds, each a cache miss in a large scene. Each round is asked for ahead of the
/// test, by prefetches that never stall the core, one round per distance: the sides
/// [`SIDES_AHEAD`] pairs ahead, the shapes (whose address is in the side, arrived by
/// then) [`SHAPES_AHEAD`] ahead, the stores ([`Shape::preload`]) [`STORES_AHEAD`] ahead. Pairs with nothing to test (reused
/// results) are skipped at every distance. In a scene that fits in cache the asking
/// costs about nothing (10k rotating colliders: narrow stage 0.28–0.31 ms without it,
/// 0.27 ms with); at 100k it saves a sixth (5.9 → 4.9 ms).
fn run_in_order(candidates: &[IdPair], results: &mut [PairResult], sides: &[TestSide]) {
    let to_test = |index: usize, results: &[PairResult]| {
        results
            .get(index)
            .filter(|result| result.test != Test::None)
            .map(|_| candidates[index])
            .map(|(a, b)| (&sides[a as usize], &sides[b as usize]))
    };
    for index in 0..candidates.len() {
        if let Some((a, b)) = to_test(index + SIDES_AHEAD, results) {
            ask_for(a);
            ask_for(b);
        }
        if let Some((a, b)) = to_test(index + SHAPES_AHEAD, results) {
            ask_for(shape_of(a));
            ask_for(shape_of(b));
        }
        if let Some((a, b)) = to_test(index + STORES_AHEAD, results) {
            shape_of(a).preload();
            shape_of(b).preload();
        }
        run_test(candidates[index], &mut results[index], sides);
    }
}

#[cfg(test)]
mod tests;
