//! The convex hull of a point set (Andrew's monotone chain).

use glam::Vec2;

/// The convex hull of `points`, counter-clockwise, starting from the lowest-leftmost
/// point, with collinear points dropped. Returns fewer than 3 points when the input is
/// a single point or collinear.
///
/// ```text
/// sort points by (x, y)
/// lower chain: for each point, pop while the last two and it do not turn left
/// upper chain: the same, right to left
/// ```
pub(crate) fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut sorted: Vec<Vec2> = points.to_vec();
    sorted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    sorted.dedup();
    if sorted.len() < 3 {
        return sorted;
    }
    let mut hull: Vec<Vec2> = Vec::with_capacity(sorted.len() + 1);
    for &point in &sorted {
        push_turning_left(&mut hull, 0, point);
    }
    hull.pop();
    let upper_start = hull.len();
    for &point in sorted.iter().rev() {
        push_turning_left(&mut hull, upper_start, point);
    }
    hull.pop();
    hull
}

/// Pushes `point`, first popping chain points (from `start` on) that would not make a
/// strict left turn.
fn push_turning_left(hull: &mut Vec<Vec2>, start: usize, point: Vec2) {
    while hull.len() >= start + 2 {
        let a = hull[hull.len() - 2];
        let b = hull[hull.len() - 1];
        if (b - a).perp_dot(point - b) > 0.0 {
            break;
        }
        hull.pop();
    }
    hull.push(point);
}
