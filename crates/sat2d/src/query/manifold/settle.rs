//! Settling contact points into the overlap of two convex shapes.

use glam::Vec2;

use super::Candidates;
use crate::query::core_intersection::core_intersection;
use crate::query::kernel::ConvexCore;

/// Keeps each candidate point that lies in both shapes (Box2D's midway points almost
/// always do) and moves any other to the middle of the overlap along `normal` (the
/// chord of A ∩ B through it), which matters near acute corners and when one shape
/// contains the other. Candidates whose line misses the overlap are dropped; if none
/// is left, `known_inside` is used, else the extremes (along the tangent) of the
/// cores' common region, else the first candidate as it was.
///
/// Works in the frame `a` and `b` share; `points` must not be empty.
pub(crate) fn settle_points(
    a: &impl ConvexCore,
    b: &impl ConvexCore,
    normal: Vec2,
    points: &mut Candidates,
    known_inside: Option<Vec2>,
    tolerance: f32,
) {
    debug_assert!(!points.is_empty());
    let fallback = points[0];
    points.retain(|point| {
        (a.contains(*point, tolerance) && b.contains(*point, tolerance))
            || settle_point(a, b, normal, point, tolerance)
    });
    if !points.is_empty() {
        return;
    }
    if let Some(point) = known_inside {
        points.push(point);
        return;
    }
    let region = core_intersection(a.rounded(), b.rounded());
    if !region.is_empty() {
        let tangent = normal.perp();
        let by_tangent = |p: &&Vec2, q: &&Vec2| tangent.dot(**p).total_cmp(&tangent.dot(**q));
        let low = *region.iter().min_by(by_tangent).expect("not empty");
        let high = *region.iter().max_by(by_tangent).expect("not empty");
        for mut point in [low, high] {
            if settle_point(a, b, normal, &mut point, tolerance)
                && points.iter().all(|kept| kept.distance(point) > tolerance)
            {
                points.push(point);
            }
        }
    }
    if points.is_empty() {
        points.push(fallback);
    }
}

/// Moves `point` to the middle of the overlap chord along `normal`; false (and
/// `point` unchanged) if the line through it misses the overlap.
///
/// ```text
/// [enter, exit] = chord(A) ∩ chord(B) along the line point + t · normal
/// point += normal · (enter + exit) / 2
/// ```
pub(crate) fn settle_point(
    a: &impl ConvexCore,
    b: &impl ConvexCore,
    normal: Vec2,
    point: &mut Vec2,
    tolerance: f32,
) -> bool {
    let (Some(in_a), Some(in_b)) = (
        a.chord(*point, normal, tolerance),
        b.chord(*point, normal, tolerance),
    ) else {
        return false;
    };
    let enter = in_a.0.max(in_b.0);
    let exit = in_a.1.min(in_b.1);
    if enter > exit + tolerance {
        return false;
    }
    *point += normal * ((enter + exit) * 0.5);
    true
}
