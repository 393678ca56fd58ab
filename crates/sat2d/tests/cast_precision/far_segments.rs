//! Class 2: segment casts far from the origin find the touch they find at the origin,
//! to the documented precision (about `1e-7 ×` the largest coordinate).

use proptest::prelude::*;
use sat2d::{Iso, Shape, Vec2};

use glam::DVec2;

use super::common::exact::{cores, wide};
use super::common::seeded;
use super::v;

/// A unit segment along X, and one at 60° above it that falls onto it at fraction
/// `0.767 / 1.6`, both scaled by `scale` and placed around `center`.
fn falling_segments(center: Vec2, scale: f32) -> Option<f32> {
    let a = Shape::segment(v(-0.5, 0.0) * scale, v(0.5, 0.0) * scale);
    let half = Vec2::from_angle(60f32.to_radians()) * 0.5 * scale;
    let b = Shape::segment(-half, half);
    let iso_a = Iso::from_translation(center);
    let iso_b = Iso::from_translation(center + v(0.1, 1.2) * scale);
    sat2d::cast_shape(&a, &iso_a, Vec2::ZERO, &b, &iso_b, v(0.0, -1.6) * scale)
        .map(|hit| hit.fraction)
}

#[test]
fn unit_segments_far_out_touch_as_at_the_origin() {
    let expected = (1.2 - 0.25 * 3f32.sqrt()) / 1.6;
    let here = falling_segments(Vec2::ZERO, 1.0).unwrap();
    assert!((here - expected).abs() < 1e-6, "{here} vs {expected}");
    for center in [v(1e5, -1.4e4), v(-7.3e4, 9.9e4), v(3e5, 2e5)] {
        let there = falling_segments(center, 1.0).expect("tunnelled");
        // 1e-7 × the coordinates, over a motion of 1.6.
        let precision = 1e-7 * center.length() / 1.6 * 4.0;
        assert!(
            (there - expected).abs() < precision,
            "{center}: {there} vs {expected}"
        );
    }
}

#[test]
fn long_segments_far_out_touch_as_at_the_origin() {
    let expected = (1.2 - 0.25 * 3f32.sqrt()) / 1.6;
    for center in [v(8e8, 0.0), v(-6e8, 8e8), v(9e11, 0.0), v(0.0, -9e11)] {
        let there = falling_segments(center, 1e5).expect("tunnelled");
        let precision = 1e-7 * center.length() / 1.6e5 * 4.0;
        assert!(
            (there - expected).abs() < precision.max(1e-5),
            "{center}: {there} vs {expected}"
        );
    }
}

/// The f64 closest distance between two segments.
fn segment_gap(a: [DVec2; 2], b: [DVec2; 2]) -> f64 {
    if crossing(a, b).is_some() {
        return 0.0;
    }
    let on = |p: DVec2, s: [DVec2; 2]| {
        let edge = s[1] - s[0];
        let t = ((p - s[0]).dot(edge) / edge.length_squared()).clamp(0.0, 1.0);
        p.distance(s[0] + edge * t)
    };
    on(a[0], b)
        .min(on(a[1], b))
        .min(on(b[0], a))
        .min(on(b[1], a))
}

/// Where two segments' lines cross, as parameters on each, when both lie in `[0, 1]`.
fn crossing(a: [DVec2; 2], b: [DVec2; 2]) -> Option<(f64, f64)> {
    let (da, db) = (a[1] - a[0], b[1] - b[0]);
    let denominator = da.perp_dot(db);
    if denominator == 0.0 {
        return None;
    }
    let offset = b[0] - a[0];
    let (s, t) = (
        offset.perp_dot(db) / denominator,
        offset.perp_dot(da) / denominator,
    );
    ((0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t)).then_some((s, t))
}

proptest! {
    #![proptest_config(seeded(600))]

    /// Unit segments around a point up to 1e6 from the origin (where `f32` places
    /// them to about `3e-8 ×` that): a sweep in which they cross by more than that
    /// hits, no later than they first cross so, and one that keeps them apart by more
    /// misses.
    #[test]
    fn far_segment_casts_match_the_oracle(
        center in (-1e6f32..1e6, -1e6f32..1e6),
        angles in (-3.2f32..3.2, -3.2f32..3.2),
        offset in (-1.5f32..1.5, -1.5f32..1.5),
        motion in (-3.0f32..3.0, -3.0f32..3.0),
    ) {
        let center = v(center.0, center.1);
        let (half_a, half_b) = (Vec2::from_angle(angles.0) * 0.5, Vec2::from_angle(angles.1) * 0.5);
        let (a, b) = (Shape::segment(-half_a, half_a), Shape::segment(-half_b, half_b));
        let (iso_a, iso_b) = (Iso::from_translation(center), Iso::from_translation(center + v(offset.0, offset.1)));
        let motion = v(motion.0, motion.1);
        let (core_a, core_b) = (&cores(&a, &iso_a)[0], &cores(&b, &iso_b)[0]);
        let (a_ends, b_ends) = ([core_a.points[0], core_a.points[1]], [core_b.points[0], core_b.points[1]]);
        let precision = 1e-7 * f64::from(center.length()) + 1e-5;
        // A crossing that moving either segment by the precision cannot undo: away
        // from both segments' ends, at an angle.
        let sine = (b_ends[1] - b_ends[0]).normalize().perp_dot((a_ends[1] - a_ends[0]).normalize()).abs();
        let margin = 3.0 * precision / sine.max(1e-9);
        let steps = 2000;
        let mut first = None;
        let mut least = f64::INFINITY;
        for step in 0..=steps {
            let t = f64::from(step) / f64::from(steps);
            let shift = wide(motion) * t;
            let moved = [b_ends[0] + shift, b_ends[1] + shift];
            least = least.min(segment_gap(a_ends, moved));
            let robust = crossing(a_ends, moved).is_some_and(|(s, u)| {
                (margin..=1.0 - margin).contains(&s) && (margin..=1.0 - margin).contains(&u)
            });
            if robust && first.is_none() {
                first = Some(t);
            }
        }
        let hit = sat2d::cast_shape(&a, &iso_a, Vec2::ZERO, &b, &iso_b, motion);
        if let Some(t) = first {
            let hit = hit.ok_or_else(|| TestCaseError::fail(format!("tunnelled, crossing at {t}")))?;
            prop_assert!(f64::from(hit.fraction) <= t + 1e-6, "hit at {} after the crossing at {t}", hit.fraction);
        } else if least > 2.0 * precision {
            prop_assert!(hit.is_none(), "hit {:?} a sweep that stays {} apart", hit, least);
        }
    }
}

#[test]
fn unit_segments_a_million_out_touch() {
    // The property test's first finding: a sweep that crosses from t = 0.1025 on.
    let center = v(-964_334.6, 0.0);
    let (half_a, half_b) = (
        Vec2::from_angle(-0.371_300_52) * 0.5,
        Vec2::from_angle(-2.223_244_2) * 0.5,
    );
    let (a, b) = (
        Shape::segment(-half_a, half_a),
        Shape::segment(-half_b, half_b),
    );
    let iso_a = Iso::from_translation(center);
    let iso_b = Iso::from_translation(center + v(0.0, -0.665_244_94));
    let hit = sat2d::cast_shape(
        &a,
        &iso_a,
        Vec2::ZERO,
        &b,
        &iso_b,
        v(1.123_491, 1.026_510_6),
    )
    .expect("tunnelled");
    assert!(hit.fraction < 0.1025 + 0.1, "{hit:?}");
}

#[test]
fn crossing_segments_near_1e5_never_tunnel() {
    // The scene: unit segments near (1e5, -1.4e4), B swept across A. Each
    // sweep crosses them at an angle, near their middles, for most of its length.
    let center = v(1e5, -1.4e4);
    let mut tunnelled = Vec::new();
    for step in 0..64 {
        let angle_a = step as f32 * 0.37;
        let angle_b = angle_a + 0.6 + (step % 5) as f32 * 0.4;
        let (half_a, half_b) = (
            Vec2::from_angle(angle_a) * 0.5,
            Vec2::from_angle(angle_b) * 0.5,
        );
        let (a, b) = (
            Shape::segment(-half_a, half_a),
            Shape::segment(-half_b, half_b),
        );
        // B starts off to one side of A's middle and moves through it.
        let across = Vec2::from_angle(angle_a).perp() * (0.6 + (step % 3) as f32 * 0.1);
        let iso_a = Iso::from_translation(center);
        let iso_b = Iso::from_translation(center + across);
        let motion = -across * 2.0 + Vec2::from_angle(angle_a) * 0.01 * (step % 7) as f32;
        if sat2d::cast_shape(&a, &iso_a, Vec2::ZERO, &b, &iso_b, motion).is_none() {
            tunnelled.push(step);
        }
    }
    assert!(tunnelled.is_empty(), "tunnelled: {tunnelled:?}");
}
