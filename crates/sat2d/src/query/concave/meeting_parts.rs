//! Whether parts of two shapes meet, and whether a push leaves them apart: the quick
//! tests the concave routines share. Both sets of parts are placed in A's frame.

use glam::Vec2;

use crate::query::concave::hull_push::hull_push;
use crate::query::concave::part_pairs::PartPairs;
use crate::query::containment::part_holds;
use crate::query::pairs::contact_convex_convex::{contact_convex_convex, intersects_convex_convex};
use crate::query::parts::Parts;
use crate::{Iso, Shape};

/// Whether any of `parts_a` meets any of `parts_b` (both placed in one frame, `pairs`
/// their index), within `tolerance`.
///
/// A point of either shape in the other decides at once (a pass over the parts): the
/// pair walk of a small shape deep in a large one met every long part whose box covers
/// it before the one that holds it (a 1,306-point outline in a 3,330-point star:
/// a million part pairs).
pub(crate) fn parts_meet(
    parts_a: &Parts,
    parts_b: &Parts,
    pairs: &PartPairs,
    tolerance: f32,
) -> bool {
    if a_point_in_the_other(parts_a, parts_b, tolerance) {
        return true;
    }
    pairs.any_within(tolerance, |i, j| {
        parts_a.overlap(i, parts_b, j, tolerance)
            && intersects_convex_convex(
                &parts_a.cores[i].form(),
                &parts_b.cores[j].form(),
                tolerance,
            )
    })
}

/// Whether a point of B lies in A, or one of A in B, within `tolerance` (both sets of
/// parts placed in one frame): the first point of each shape's first part, tested
/// against every part of the other. `true` proves that the shapes meet; `false`
/// proves nothing.
pub(crate) fn a_point_in_the_other(parts_a: &Parts, parts_b: &Parts, tolerance: f32) -> bool {
    let holds = |parts: &Parts, point: Vec2| {
        parts
            .cores
            .iter()
            .any(|core| part_holds(core.form().core(), point, tolerance))
    };
    let first_point = |parts: &Parts| parts.cores.first().map(|core| core.form().core().points[0]);
    first_point(parts_b).is_some_and(|point| holds(parts_a, point))
        || first_point(parts_a).is_some_and(|point| holds(parts_b, point))
}

/// Whether B (placed by `relative`) moved by `push` overlaps A (its parts `parts_a`)
/// by no more than the tolerance: no pair of parts that meets after the push overlaps
/// deeper than twice the tolerance (the search's own slack included).
pub(crate) fn push_separates(
    b: &Shape,
    relative: &Iso,
    parts_a: &Parts,
    push: Vec2,
    tolerance: f32,
) -> bool {
    let moved = Iso {
        translation: relative.translation + push,
        rotation: relative.rotation,
    };
    let parts_b = Parts::new(b, &moved);
    !PartPairs::new(parts_a, &parts_b).any_within(tolerance, |i, j| {
        let (core_a, core_b) = (&parts_a.cores[i].form(), &parts_b.cores[j].form());
        parts_a.overlap(i, &parts_b, j, tolerance)
            && contact_convex_convex(core_a, core_b, tolerance)
                .is_some_and(|contact| contact.depth > 2.0 * tolerance)
    })
}

/// A push of B that separates the shapes, proven without a search: the convex hulls'
/// MTV, or `fallback` (the bounding circles') where that is shorter or the hulls are
/// degenerate.
pub(crate) fn proven_push(parts_a: &Parts, parts_b: &Parts, fallback: Vec2) -> Vec2 {
    match hull_push(parts_a, parts_b) {
        Some(hulls) if hulls.length() < fallback.length() => hulls,
        _ => fallback,
    }
}
