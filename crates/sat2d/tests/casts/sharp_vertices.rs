//! Rays and casts that pass beyond a very sharp polygon vertex. A polygon's face
//! planes, each grown by the tolerance, meet beyond a vertex of half-angle `θ` at
//! `tolerance / sin θ` past it (55 units for the needle tips of two stars 100 across
//! with inner radius 0.01): a ray through that sliver is within the tolerance of
//! every plane, yet far from the shape. Such a graze must go to the vertex's disc,
//! never count as a face hit (the queries fuzz target's finding: a cast between two
//! such stars hit at 0.53 with the shapes 52.6 apart; they first touch at 0.68).

use proptest::prelude::*;
use sat2d::{Iso, Ray, Shape, Vec2};

use super::common::seeded;
use super::common::stars::spiked_star;

/// A needle: a triangle `length` long along +X from the origin, `width` wide at its
/// base.
fn needle(length: f32, width: f32) -> Shape {
    Shape::polygon(&[
        Vec2::new(0.0, -0.5 * width),
        Vec2::new(length, 0.0),
        Vec2::new(0.0, 0.5 * width),
    ])
    .expect("a needle is a triangle")
}

#[test]
fn needle_stars_passing_tip_to_tip_first_touch_where_they_touch() {
    // The fuzz target's input, written out: two 100-unit stars of needle tips.
    let a = spiked_star(18, 99.99, 0.010_36);
    let b = spiked_star(14, 100.0, 0.010_09);
    let iso_a = Iso::from_translation(Vec2::new(-262.499_42, -300.0));
    let iso_b = Iso::new(Vec2::new(300.0, -217.976_65), core::f32::consts::TAU);
    let (motion_a, motion_b) = (
        Vec2::new(597.9525, 2.637_144_3),
        Vec2::new(15.089_914, -151.6061),
    );
    let at = |fraction: f32| {
        (
            Iso::new(
                iso_a.translation + motion_a * fraction,
                iso_a.rotation.angle(),
            ),
            Iso::new(
                iso_b.translation + motion_b * fraction,
                iso_b.rotation.angle(),
            ),
        )
    };
    // The first touch, found by bisection on `distance`.
    let (mut apart, mut touching) = (0.0f32, 1.0f32);
    for _ in 0..40 {
        let middle = 0.5 * (apart + touching);
        let (placed_a, placed_b) = at(middle);
        if sat2d::distance(&a, &placed_a, &b, &placed_b) > 1e-3 {
            apart = middle;
        } else {
            touching = middle;
        }
    }
    assert!((0.6..0.7).contains(&touching), "first touch at {touching}");
    for hit in [
        sat2d::cast_shape(&a, &iso_a, motion_a, &b, &iso_b, motion_b),
        sat2d::cast_shape(&b, &iso_b, motion_b, &a, &iso_a, motion_a),
    ] {
        let hit = hit.expect("the stars meet");
        assert!(
            (hit.fraction - touching).abs() < 1e-4,
            "hit at {} where they first touch at {touching}",
            hit.fraction
        );
        let (placed_a, placed_b) = at(hit.fraction);
        let gap = sat2d::distance(&a, &placed_a, &b, &placed_b);
        assert!(gap < 1e-2, "{gap} apart at the hit");
    }
}

/// How far past the tip of a needle `length` long, `10^sharpness` times as wide,
/// something passes: `beyond` of its length, and at least 20 tolerances and the tip's
/// own uncertainty. In `f32` the tip of two faces at half-angle `θ` lies only within
/// the faces' rounding (`ε` times the coordinates) divided by `θ`: at `θ = 6e-7` a
/// fifth of the needle.
fn clearance(length: f32, sharpness: f32, beyond: f32, tolerance: f32) -> f32 {
    let half_angle = 0.5 * 10f32.powf(sharpness);
    (beyond * length)
        .max(20.0 * tolerance)
        .max(8.0 * f32::EPSILON * length / half_angle)
}

proptest! {
    #![proptest_config(seeded(2000))]

    /// A ray across a needle's axis, past its tip by more than a few tolerances,
    /// misses; one across the tip itself hits.
    #[test]
    fn a_ray_past_a_needle_tip_misses(
        length in 1.0f32..100.0,
        sharpness in -6.0f32..-3.0,
        beyond in 0.001f32..1.0,
        tilt in -1.0f32..1.0,
        angle in 0.0f32..core::f32::consts::TAU,
        at in (-50.0f32..50.0, -50.0f32..50.0),
    ) {
        let needle_shape = needle(length, length * 10f32.powf(sharpness));
        let iso = Iso::new(Vec2::new(at.0, at.1), angle);
        let tolerance = sat2d::tolerance(&needle_shape, &needle_shape);
        // Crossing the axis at `x`, from below, tilted off the perpendicular.
        let ray_at = |x: f32| {
            let origin = iso.transform_point(Vec2::new(x - tilt, -10.0));
            Ray::new(origin, iso.transform_vector(Vec2::new(tilt, 10.0)))
        };
        let past = length + clearance(length, sharpness, beyond, tolerance);
        prop_assert!(
            sat2d::cast_ray(&needle_shape, &iso, &ray_at(past), 100.0).is_none(),
            "hit {} past the tip", past - length
        );
        prop_assert!(sat2d::cast_ray(&needle_shape, &iso, &ray_at(0.5 * length), 100.0).is_some());
    }

    /// A small box sliding across a needle's axis past its tip misses; the needle moving
    /// instead, in either argument order, too.
    #[test]
    fn a_box_sliding_past_a_needle_tip_misses(
        length in 1.0f32..100.0,
        sharpness in -6.0f32..-3.0,
        beyond in 0.001f32..1.0,
        angle in 0.0f32..core::f32::consts::TAU,
    ) {
        let needle_shape = needle(length, length * 10f32.powf(sharpness));
        let small = Shape::rectangle(0.01 * length, 0.01 * length);
        let tolerance = sat2d::tolerance(&needle_shape, &small);
        let iso = Iso::new(Vec2::ZERO, angle);
        let past = length + 0.005 * length + clearance(length, sharpness, beyond, tolerance);
        let start = Iso::new(iso.transform_point(Vec2::new(past, -length)), angle);
        let motion = iso.transform_vector(Vec2::new(0.0, 2.0 * length));
        prop_assert!(sat2d::cast_shape(&needle_shape, &iso, Vec2::ZERO, &small, &start, motion).is_none());
        prop_assert!(sat2d::cast_shape(&small, &start, Vec2::ZERO, &needle_shape, &iso, -motion).is_none());
    }
}
