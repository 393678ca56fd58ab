//! [`Sweep`] and [`add_swept_pairs`]: the broad phase's extra candidates for
//! [`SweptCollider`](crate::SweptCollider)s, the colliders along each one's path through
//! the step.
//!
//! The grid knows every collider by its box at the end of the step, which a fast
//! collider can leap clean over. For each swept collider that moved, the grid is asked
//! for the boxes inside the box around its whole path (start and end boxes merged), and
//! two swept colliders are matched by their paths, since neither's end box need lie on
//! the other's path. A found pair is kept when the moving boxes really meet during the
//! step ([`boxes_meet_during`]), not just the boxes around the paths: a diagonal path's
//! box is mostly empty.

use sat2d::broad_phase::{BroadPhase, IdPair, Mobility, SpatialHashGrid};
use sat2d::{Aabb, Vec2};

use crate::world::placed_collider::{PlacedCollider, placed};
use crate::world::sweep::{Sweep, shifted};

/// Adds to `candidates` (sorted by ids, no duplicates, as the grid hands them out) every
/// pair of a swept collider of `sweeps` with a collider whose box its moving box meets
/// during the step, filtered as the grid's pairs are: not two static colliders, layers
/// that interact, and two bodies. `found` and `extra` are scratch buffers; `sweeps` is
/// reordered.
pub(crate) fn add_swept_pairs(
    grid: &SpatialHashGrid,
    colliders: &[Option<PlacedCollider>],
    step: u64,
    sweeps: &mut [Sweep],
    found: &mut Vec<u32>,
    extra: &mut Vec<IdPair>,
    candidates: &mut Vec<IdPair>,
) {
    let tested = |a: &PlacedCollider, b: &PlacedCollider| {
        !(a.mobility == Mobility::Static && b.mobility == Mobility::Static)
            && a.layers.interacts_with(&b.layers)
            && a.body != b.body
    };
    let ordered = |a: u32, b: u32| (a.min(b), a.max(b));
    extra.clear();
    // Against every collider by its end box: still ones, non-swept ones (which are
    // where they end up for the whole step) and swept ones (by their own motion).
    for sweep in sweeps.iter() {
        let swept = placed(colliders, sweep.id);
        grid.query_aabb(&sweep.path_box(), found);
        for &id in found.iter().filter(|&&id| id != sweep.id) {
            let other = placed(colliders, id);
            let Some(bounds) = other.bounds else {
                continue;
            };
            if tested(swept, other)
                && boxes_meet_during(&sweep.end, sweep.motion, &bounds.aabb, other.motion(step))
            {
                extra.push(ordered(sweep.id, id));
            }
        }
    }
    // Two swept colliders whose end boxes lie off each other's path can still meet
    // half-way: match the paths themselves, sorted by their left edge (sort and sweep).
    sweeps.sort_unstable_by(|a, b| a.path_box().min.x.total_cmp(&b.path_box().min.x));
    for (index, sweep) in sweeps.iter().enumerate() {
        let right_edge = sweep.path_box().max.x;
        for other in &sweeps[index + 1..] {
            if other.path_box().min.x > right_edge {
                break;
            }
            let meet = boxes_meet_during(&sweep.end, sweep.motion, &other.end, other.motion);
            if meet && tested(placed(colliders, sweep.id), placed(colliders, other.id)) {
                extra.push(ordered(sweep.id, other.id));
            }
        }
    }
    extra.sort_unstable();
    extra.dedup();
    extra.retain(|pair| candidates.binary_search(pair).is_err());
    merge_sorted(candidates, extra);
}

/// Whether box A, which ends the step at `a_end` after moving by `motion_a`, and box B,
/// likewise, touch at some time of the step (closed boxes; a little margin for rounding,
/// since a missed pair is lost and an extra one only costs a test).
///
/// ```text
/// relative motion m = motion_a - motion_b, with B held still at its start
/// grow B's start box by A's half extents: A's centre's path must meet it
/// slab test on x and y: the path is inside during [enter, exit] ⊂ [0, 1]
/// ```
pub(crate) fn boxes_meet_during(
    a_end: &Aabb,
    motion_a: Vec2,
    b_end: &Aabb,
    motion_b: Vec2,
) -> bool {
    let origin = a_end.center() - motion_a;
    let relative = motion_a - motion_b;
    let scale = origin.abs().max_element() + relative.abs().max_element() + 1.0;
    let target = shifted(b_end, -motion_b);
    let half = a_end.half_extents();
    let (low, high) = (
        target.min - half - Vec2::splat(scale * 1e-5),
        target.max + half + Vec2::splat(scale * 1e-5),
    );
    let (mut enter, mut exit) = (0.0_f32, 1.0_f32);
    for axis in 0..2 {
        let (start, delta) = (origin[axis], relative[axis]);
        if delta == 0.0 {
            if start < low[axis] || start > high[axis] {
                return false;
            }
            continue;
        }
        let (first, second) = ((low[axis] - start) / delta, (high[axis] - start) / delta);
        enter = enter.max(first.min(second));
        exit = exit.min(first.max(second));
        if enter > exit {
            return false;
        }
    }
    true
}

/// Merges `extra` into `into`, both sorted, keeping `into` sorted, in place: `into`
/// grows at the end and is filled from the back, so each pair moves once.
///
/// ```text
/// i = end of old into, j = end of extra, k = new end
/// while extra has pairs left: write the larger of into[i-1], extra[j-1] at k-1
/// ```
fn merge_sorted(into: &mut Vec<IdPair>, extra: &[IdPair]) {
    let (mut old, mut new) = (into.len(), extra.len());
    into.resize(old + new, (0, 0));
    let mut write = into.len();
    while new > 0 {
        write -= 1;
        if old > 0 && into[old - 1] > extra[new - 1] {
            into[write] = into[old - 1];
            old -= 1;
        } else {
            into[write] = extra[new - 1];
            new -= 1;
        }
    }
    debug_assert!(into.is_sorted());
}

#[cfg(test)]
mod tests;
