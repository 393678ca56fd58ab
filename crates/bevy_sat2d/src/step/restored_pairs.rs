//! The narrow phase's walk in the first step after a rollback library loaded a
//! snapshot: this step's pairs compared with the restored [`TouchingPairs`], not with
//! the results of the abandoned future.
//!
//! Nothing is reused in that step: every pair is tested, so the results describe the
//! restored colliders whatever the future held. A restored pair matches a candidate
//! when they name the same two entities (an index reused since names another pair).

use bevy::prelude::*;
use sat2d::broad_phase::IdPair;

use crate::world::collider_sides::ColliderSides;
use crate::world::pair_result::{EndedPair, EntityPair, PairResult};
use crate::world::touching_pairs::TouchingPairs;

/// The grid ids of `pair`: its entities' indices, smaller first.
fn ids_of((a, b): EntityPair) -> IdPair {
    let (a, b) = (a.index_u32(), b.index_u32());
    (a.min(b), a.max(b))
}

/// Gives every candidate (sorted) a result to test, touching before if the restored
/// pairs hold it as a touch of the step's end; lists as ended the restored pairs no
/// candidate carries on and the restored swept touches (over, whatever this step
/// finds), in id order; queues the pairs to sweep. Returns the number of tests.
pub(crate) fn compare_with_restored(
    candidates: &[IdPair],
    restored: &TouchingPairs,
    sides: &ColliderSides,
    results: &mut Vec<PairResult>,
    ended: &mut Vec<EndedPair>,
    sweep_tests: &mut Vec<usize>,
) -> usize {
    let mut previous: Vec<(IdPair, EntityPair, bool)> = restored
        .touching
        .iter()
        .map(|&pair| (ids_of(pair), pair, false))
        .chain(
            restored
                .swept
                .iter()
                .map(|&pair| (ids_of(pair), pair, true)),
        )
        .collect();
    previous.sort_unstable_by_key(|&(ids, _, _)| ids);
    let mut previous = previous.into_iter().peekable();
    for &ids in candidates {
        while let Some((old_ids, entities, _)) = previous.next_if(|(old, _, _)| *old < ids) {
            ended.push((old_ids, entities));
        }
        let mut touched_before = false;
        if let Some((old_ids, entities, swept)) = previous.next_if(|(old, _, _)| *old == ids) {
            let same = sides.in_entity_order(ids).0 == entities;
            // Another pair on the same indices, or a swept touch (it stood for its step
            // only): it ends.
            if !same || swept {
                ended.push((old_ids, entities));
            }
            touched_before = same && !swept;
        }
        let sweep = sides.either_moved(ids) && !touched_before;
        if sweep {
            sweep_tests.push(results.len());
        }
        results.push(PairResult::to_test(touched_before, sweep));
    }
    ended.extend(previous.map(|(ids, entities, _)| (ids, entities)));
    candidates.len()
}
