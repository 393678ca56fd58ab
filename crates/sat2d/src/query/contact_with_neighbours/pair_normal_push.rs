//! [`pair_normal_push`]: the union's MTV settled on the normal of a face or of a part
//! pair where one clears the surface as soon, so that pieces placed edge to edge push
//! along their faces' normals at a seam, not along a piece's corner.
//!
//! Frame: A's local frame, B's parts (its neighbours' included) carried into it; the
//! push is a translation of B in that frame.
//!
//! **Why.** The union's MTV is the point nearest the origin that no part pair's
//! Minkowski difference covers by more than a slack (`query/concave/`), the
//! closed-set rule in `f32`. Its depth is right to the slack; its direction need not
//! be. Where two pieces meet, the rounded corner of one piece's difference passes
//! under the flat face of the next one's by less than the slack, and the corner's
//! nearest point counts as free: a capsule of radius `r` just past a seam was pushed
//! tilted by up to about `√(2 · slack / r)` (1.4e-2 for `r = 0.3` on 16-unit tiles,
//! 4e-3 for `r = 6`). And a push found on a long face is off sideways by the
//! rounding of the face's far ends (2e-6 at 16 units: a tilt of 2e-4 at a depth of
//! 0.01).
//!
//! **The fix.** Each overlapping part pair has its own normal (a face's, or the line
//! from a corner), and each of B's parts its faces' normals, all exact to rounding.
//! Along each, the push that leaves every pair at most touching is found exactly, by
//! walking the differences' chords. The shortest replaces the union's MTV when it is
//! no longer than it by more than the slack (twice the slack where the MTV's own
//! direction runs on inside some piece as far). On a flat surface that is the
//! surface's normal, with the penetration as its depth. Where the MTV is some pair's
//! own (a real corner, at the end of a floor), that pair's normal clears the surface
//! soonest and the MTV is kept, to rounding. Where it is no pair's own (an inner
//! corner, where a push must leave two pieces at once), every other normal runs on
//! inside some piece and the MTV stands.

use core::ops::ControlFlow;

use glam::Vec2;
use smallvec::SmallVec;

use crate::query::concave::minkowski_difference::MinkowskiDifference;
use crate::query::concave::part_pairs::PartPairs;
use crate::query::kernel::chord;
use crate::query::pairs::contact_convex_convex::contact_convex_convex;
use crate::query::parts::Parts;

/// Above this many part pairs near the push, the union's MTV is kept as it is: each
/// normal tried reads every pair's difference. (A body on a floor of tiles meets a
/// handful.)
const MAX_PAIRS: usize = 32;

/// At most this many normals are tried (the pairs' own first, then the faces'): with
/// [`MAX_PAIRS`], at most 2,048 chords per contact.
const MAX_NORMALS: usize = 64;

/// The push of B (in A's frame) along a normal of the surface that leaves every part
/// pair at most touching, if one is as short as `push` (the union's MTV, found to
/// within `slack`): the shortest such; else `push`.
///
/// ```text
/// reach = |push| + 2 · slack
/// pairs = the part pairs whose differences come within reach of the origin
/// normals = each pair's own normal (its contact's), then the face normals of B's
///           parts in those pairs (turned to push B away); those along the push
/// clear(n) = the first s ≥ 0 at which s · n lies in no difference:
///            s = 0; for each difference's chord along n, by entry:
///                if enter < s (the chord holds s): s = max(s, exit); else stop
/// best = the normal with the least clear(n) within reach
/// best's push, if clear(best) ≤ |push| + slack, or ≤ clear(push's direction) + slack;
/// else push
/// ```
/// No free point along the push's own direction is nearer than `push` (the search
/// found none nearer, even with the slack), so the first test implies the second; the
/// walk along the push is taken only when the first fails. More than [`MAX_PAIRS`]
/// pairs near the push: `push`.
pub(crate) fn pair_normal_push(
    parts_a: &Parts,
    parts_b: &Parts,
    push: Vec2,
    slack: f32,
    tolerance: f32,
) -> Vec2 {
    let Some(direction) = push.try_normalize() else {
        return push;
    };
    let reach = push.length() + 2.0 * slack;
    let mut differences: SmallVec<[MinkowskiDifference; 8]> = SmallVec::new();
    let mut parts_met: SmallVec<[usize; 8]> = SmallVec::new();
    let mut normals: SmallVec<[Vec2; 16]> = SmallVec::new();
    let add = |normals: &mut SmallVec<[Vec2; 16]>, normal: Vec2| {
        if normals.len() < MAX_NORMALS && normal.dot(direction) > 0.0 && !normals.contains(&normal)
        {
            normals.push(normal);
        }
    };
    let walk = PartPairs::new(parts_a, parts_b).each_within(reach, |i, j| {
        if differences.len() == MAX_PAIRS {
            return ControlFlow::Break(());
        }
        let (core_a, core_b) = (parts_a.cores[i].form(), parts_b.cores[j].form());
        if let Some(contact) = contact_convex_convex(&core_a, &core_b, tolerance) {
            add(&mut normals, contact.normal);
        }
        differences.push(MinkowskiDifference::new(core_a.core(), core_b.core()));
        if !parts_met.contains(&j) {
            parts_met.push(j);
        }
        ControlFlow::Continue(())
    });
    if walk.is_break() {
        return push;
    }
    for &j in &parts_met {
        for normal in parts_b.cores[j].form().core().normals {
            add(&mut normals, -*normal);
        }
    }

    let mut chords: SmallVec<[(f32, f32); 8]> = SmallVec::new();
    let mut clear = |normal: Vec2| {
        chords.clear();
        chords.extend(
            differences
                .iter()
                .filter_map(|difference| chord(difference.view(), Vec2::ZERO, normal, 0.0)),
        );
        chords.sort_unstable_by(|(enter, _), (other, _)| enter.total_cmp(other));
        let mut length = 0.0_f32;
        for &(enter, exit) in &chords {
            if enter >= length {
                break;
            }
            length = length.max(exit);
        }
        length
    };
    let mut best: Option<(f32, Vec2)> = None;
    for &normal in &normals {
        let length = clear(normal);
        if length <= reach && best.is_none_or(|(shortest, _)| length < shortest) {
            best = Some((length, normal));
        }
    }
    match best {
        Some((length, normal))
            if length <= push.length() + slack || length <= clear(direction) + slack =>
        {
            normal * length
        }
        _ => push,
    }
}
