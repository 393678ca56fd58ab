//! Segment geometry every layer shares: closest points, crossings, edge normals.
//!
//! All routines are frame-free: they work in whatever frame their points are given in.
//! A segment whose ends coincide is a point, and every routine accepts it.

use glam::Vec2;

/// The outward unit normal of a counter-clockwise edge `start → end` (its right-hand
/// perpendicular).
#[inline]
#[must_use]
pub(crate) fn edge_normal(start: Vec2, end: Vec2) -> Vec2 {
    let edge = end - start;
    Vec2::new(edge.y, -edge.x).normalize()
}

/// The point of segment `start → end` closest to `point`.
#[inline]
#[must_use]
pub(crate) fn closest_point_on_segment(start: Vec2, end: Vec2, point: Vec2) -> Vec2 {
    let edge = end - start;
    let length_squared = edge.length_squared();
    if length_squared <= 0.0 {
        return start;
    }
    let t = ((point - start).dot(edge) / length_squared).clamp(0.0, 1.0);
    start + edge * t
}

/// The closest points of segments `a0 → a1` and `b0 → b1` (either may be a single
/// point): `(on_a, on_b)`. Crossing segments give their crossing point twice.
///
/// ```text
/// s, t = parameters on A and B of the lines' closest points (Ericson, RTCD §5.1.9)
/// clamp s to [0, 1]; t = B's parameter nearest A(s), clamped; if it clamped,
/// s = A's parameter nearest B(t), clamped
/// ```
/// The lines' denominator `|dA|²|dB|² − (dA·dB)²` is computed as `(dA × dB)²` (the
/// Lagrange identity): the difference cancels in `f32` for nearly parallel segments
/// and would call a shallow crossing parallel.
///
/// The parameters are solved in `f64`: their numerator and denominator multiply four
/// lengths, which leave `f32` (overflow, or underflow to zero) for segments longer than
/// about `1e9` or shorter than about `1e-10`. The points are placed in `f64` too and
/// rounded once, so an end is returned exactly: `a0 + (a1 − a0) · 1` in `f32` lands an
/// ulp of the far end's coordinates off `a1`, which next to a small gap (a short
/// segment's tip near a long one's) is a large part of it.
#[must_use]
pub(crate) fn segment_closest_points(a0: Vec2, a1: Vec2, b0: Vec2, b1: Vec2) -> (Vec2, Vec2) {
    let (start_a, start_b) = (a0.as_dvec2(), b0.as_dvec2());
    let (wide_a, wide_b) = (a1.as_dvec2() - start_a, b1.as_dvec2() - start_b);
    let offset = start_a - start_b;
    let (length_a, length_b) = (wide_a.length_squared(), wide_b.length_squared());
    if length_a <= 0.0 {
        return (a0, closest_point_on_segment(b0, b1, a0));
    }
    if length_b <= 0.0 {
        return (closest_point_on_segment(a0, a1, b0), b0);
    }
    let along_b = wide_b.dot(offset);
    let along_a = wide_a.dot(offset);
    let between = wide_a.dot(wide_b);
    let cross = wide_a.perp_dot(wide_b);
    let denominator = cross * cross;
    let mut s = if denominator > 0.0 {
        ((between * along_b - along_a * length_b) / denominator).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = (between * s + along_b) / length_b;
    if t < 0.0 {
        t = 0.0;
        s = (-along_a / length_a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((between - along_a) / length_a).clamp(0.0, 1.0);
    }
    (
        (start_a + wide_a * s).as_vec2(),
        (start_b + wide_b * t).as_vec2(),
    )
}

/// The parameters `(t, u)` where the line `a0 + t·(a1 − a0)` meets the line
/// `b0 + u·(b1 − b0)`, or `None` when they are parallel (the sine of the angle
/// between them within `f32::EPSILON`). The segments themselves cross when both lie
/// in `[0, 1]`.
///
/// Solved in `f64`, where the ends' differences and the cross products of the given
/// `f32` points are exact (or nearly): in `f32` the cross products of two nearly
/// collinear segments are mostly rounding, and put a "crossing" on both segments
/// when they lie apart along their common line.
#[inline]
#[must_use]
pub(crate) fn crossing_parameters(a0: Vec2, a1: Vec2, b0: Vec2, b1: Vec2) -> Option<(f32, f32)> {
    let (a0, b0) = (a0.as_dvec2(), b0.as_dvec2());
    let (direction_a, direction_b) = (a1.as_dvec2() - a0, b1.as_dvec2() - b0);
    let denominator = direction_a.perp_dot(direction_b);
    let parallel = f64::from(f32::EPSILON) * direction_a.length() * direction_b.length();
    if denominator.abs() <= parallel {
        return None;
    }
    let offset = b0 - a0;
    Some((
        (offset.perp_dot(direction_b) / denominator) as f32,
        (offset.perp_dot(direction_a) / denominator) as f32,
    ))
}

/// Whether the closed segments `a0 → a1` and `b0 → b1` share at least one point,
/// decided by the signs of exact orientation products (no tolerance), so that
/// outline validation never calls touching edges apart.
#[must_use]
pub(crate) fn segments_touch(a0: Vec2, a1: Vec2, b0: Vec2, b1: Vec2) -> bool {
    let d1 = (a1 - a0).perp_dot(b0 - a0);
    let d2 = (a1 - a0).perp_dot(b1 - a0);
    let d3 = (b1 - b0).perp_dot(a0 - b0);
    let d4 = (b1 - b0).perp_dot(a1 - b0);
    let opposite = |x: f32, y: f32| (x > 0.0 && y < 0.0) || (x < 0.0 && y > 0.0);
    if opposite(d1, d2) && opposite(d3, d4) {
        return true;
    }
    let in_box = |p: Vec2, q: Vec2, r: Vec2| r.cmpge(p.min(q)).all() && r.cmple(p.max(q)).all();
    (d1 == 0.0 && in_box(a0, a1, b0))
        || (d2 == 0.0 && in_box(a0, a1, b1))
        || (d3 == 0.0 && in_box(b0, b1, a0))
        || (d4 == 0.0 && in_box(b0, b1, a1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_crossing_is_found() {
        // Two unit segments crossing at the origin at 1e-3 rad: the textbook
        // denominator cancels to zero in f32 here.
        let angle = Vec2::from_angle(1e-3);
        let (on_a, on_b) =
            segment_closest_points(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), -angle, angle);
        assert!(on_a.distance(on_b) < 1e-6, "{on_a} {on_b}");
        assert!(on_a.length() < 1e-3);
    }

    #[test]
    fn point_and_parallel_segments() {
        let (on_a, on_b) = segment_closest_points(
            Vec2::new(0.0, 1.0),
            Vec2::new(0.0, 1.0),
            Vec2::new(-1.0, 0.0),
            Vec2::new(1.0, 0.0),
        );
        assert_eq!((on_a, on_b), (Vec2::new(0.0, 1.0), Vec2::ZERO));
        let (on_a, on_b) = segment_closest_points(
            Vec2::new(2.0, 1.0),
            Vec2::new(3.0, 1.0),
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
        );
        assert!((on_a.distance(on_b) - 2f32.sqrt()).abs() < 1e-6);
    }

    #[test]
    fn an_end_comes_back_exactly() {
        // A short segment's tip just short of a long one's near end: `b0 + (b1 − b0)`
        // in f32 put that end an ulp of 77 (3.8e-6) off, a tenth of the gap.
        let (a0, a1) = (
            Vec2::new(0.0, -0.006_431_163),
            Vec2::new(0.0, 0.006_431_163),
        );
        let (b0, b1) = (
            Vec2::new(-1.200_546_1e-6, 77.41159),
            Vec2::new(9.621_275e-7, 0.006_473_541_3),
        );
        assert_eq!(segment_closest_points(a0, a1, b0, b1), (a1, b1));
    }

    #[test]
    fn collinear_segments_apart_do_not_cross() {
        // Two segments on one line, 1 apart along it, placed far enough out that their
        // f32 directions differ by rounding (about 5e-7 rad): in f32 the crossing
        // parameters were noise, and put a crossing on both.
        let (a0, a1) = (
            Vec2::new(64.41976, -50.309235),
            Vec2::new(57.99923, -56.503624),
        );
        let (b0, b1) = (
            Vec2::new(49.89688, -64.32059),
            Vec2::new(57.279564, -57.19794),
        );
        if let Some((t, u)) = crossing_parameters(a0, a1, b0, b1) {
            assert!(
                !((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)),
                "{t} {u}"
            );
        }
    }

    #[test]
    fn crossings_and_touches() {
        let (t, u) = crossing_parameters(
            Vec2::ZERO,
            Vec2::new(2.0, 0.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, 1.0),
        )
        .unwrap();
        assert!((t - 0.5).abs() < 1e-6 && (u - 0.5).abs() < 1e-6);
        assert!(crossing_parameters(Vec2::ZERO, Vec2::X, Vec2::Y, Vec2::ONE).is_none());
        // End on the other segment counts; collinear but apart does not.
        assert!(segments_touch(
            Vec2::ZERO,
            Vec2::X,
            Vec2::new(0.5, 0.0),
            Vec2::new(0.5, 1.0)
        ));
        assert!(!segments_touch(
            Vec2::ZERO,
            Vec2::X,
            Vec2::new(2.0, 0.0),
            Vec2::new(3.0, 0.0)
        ));
    }
}
