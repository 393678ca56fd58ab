//! Casts and distance at the edges of their fast paths: polygons past the lane
//! kernels' 16 faces, crossing and collinear segments (a difference whose ends are not
//! faces), and nearly parallel faces (two faces of the difference that rounding may
//! order either way), and a grazing approach between many-part stars (the queries
//! fuzz target's finding: the cast was right, the target's check was not).

use proptest::prelude::*;
use sat2d::{Iso, Shape, Vec2};

use super::common::exact::{cores, wide};
use super::common::seeded;
use super::common::stars::spiked_star;
use super::common::strategies::{convex_shape, iso};
use super::{gap, moved, swept, tolerance};

/// A convex polygon with 17–40 corners on a random ellipse: more than the lane
/// kernels take, so the scalar ones run.
fn many_sided_polygon() -> impl Strategy<Value = Shape> {
    (
        17usize..=40,
        0.3f32..4.0,
        0.3f32..4.0,
        proptest::collection::vec(0.0f32..1.0, 40),
    )
        .prop_filter_map("polygon", |(count, radius_x, radius_y, jitter)| {
            let step = core::f32::consts::TAU / count as f32;
            let points: Vec<Vec2> = (0..count)
                .map(|i| {
                    let angle = step * (i as f32 + 0.8 * (jitter[i] - 0.5));
                    Vec2::new(radius_x * angle.cos(), radius_y * angle.sin())
                })
                .collect();
            Shape::polygon(&points).ok()
        })
}

proptest! {
    #![proptest_config(seeded(1000))]

    /// Polygons past the lane kernels' 16 faces: casts and distance on the scalar
    /// kernels agree with the oracle as the lane ones do.
    #[test]
    fn many_sided_polygons_match_the_oracle(
        a in many_sided_polygon(),
        b in prop_oneof![many_sided_polygon(), convex_shape()],
        iso_a in iso(),
        iso_b in iso(),
        motion in (-12.0f32..12.0, -12.0f32..12.0),
    ) {
        let motion = Vec2::new(motion.0, motion.1);
        let (cores_a, cores_b) = (cores(&a, &iso_a), cores(&b, &iso_b));
        let tolerance = tolerance(&a, &b);
        let expected = gap(&cores_a, &cores_b).max(0.0);
        let distance = sat2d::distance(&a, &iso_a, &b, &iso_b);
        prop_assert!((distance as f64 - expected).abs() < tolerance, "{distance} vs {expected}");
        let whole = gap(&cores_a, &swept(&cores_b, -wide(motion)));
        let Some(hit) = sat2d::cast_shape(&a, &iso_a, motion, &b, &iso_b, Vec2::ZERO) else {
            prop_assert!(whole > -tolerance, "missed a sweep that overlaps by {whole}");
            return Ok(());
        };
        prop_assert!(whole < tolerance, "hit a sweep that stays {whole} apart");
        let touching = gap(&moved(&cores_a, wide(motion) * hit.fraction as f64), &cores_b);
        prop_assert!(hit.fraction == 0.0 || touching.abs() < tolerance, "{touching} apart at the fraction");
    }
}

#[test]
fn crossing_segments_touch_at_the_start() {
    let a = Shape::segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0));
    let b = Shape::segment(Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0));
    let (here, there) = (Iso::IDENTITY, Iso::from_translation(Vec2::new(0.5, 0.2)));
    assert_eq!(sat2d::distance(&a, &here, &b, &there), 0.0);
    let hit = sat2d::cast_shape(&a, &here, Vec2::X, &b, &there, Vec2::ZERO).unwrap();
    assert_eq!(hit.fraction, 0.0);
    // Apart, then crossing at the end of the motion.
    let away = Iso::from_translation(Vec2::new(0.0, 3.0));
    assert!((sat2d::distance(&a, &here, &b, &away) - 2.0).abs() < 1e-6);
    let hit = sat2d::cast_shape(&a, &here, Vec2::ZERO, &b, &away, Vec2::new(0.0, -4.0)).unwrap();
    assert!((hit.fraction - 0.5).abs() < 1e-6, "{}", hit.fraction);
    assert!((hit.normal - Vec2::Y).length() < 1e-5);
}

#[test]
fn collinear_capsules_meet_cap_to_cap() {
    // Both cores lie on the Y axis: their difference is a segment, its faces a band
    // the motion runs inside, so the hit is on the end cap.
    let capsule = Shape::capsule(0.5, 2.0);
    let above = Iso::from_translation(Vec2::new(0.0, 10.0));
    let down = Vec2::new(0.0, -20.0);
    let hit =
        sat2d::cast_shape(&capsule, &Iso::IDENTITY, Vec2::ZERO, &capsule, &above, down).unwrap();
    // B's lowest point (10 − 1 − 0.5) meets A's highest (1 + 0.5) after 7 units.
    assert!((hit.fraction - 7.0 / 20.0).abs() < 1e-6, "{}", hit.fraction);
    assert!((hit.normal - Vec2::Y).length() < 1e-5);
    assert!(
        (hit.point - Vec2::new(0.0, 1.5)).length() < 1e-4,
        "{}",
        hit.point
    );
    // Beside the axis by more than both radii: never.
    let beside = Iso::from_translation(Vec2::new(1.01, 10.0));
    assert!(
        sat2d::cast_shape(
            &capsule,
            &Iso::IDENTITY,
            Vec2::ZERO,
            &capsule,
            &beside,
            down
        )
        .is_none()
    );
    let apart = Vec2::new(1.01, 8.0).length() - 1.0; // top of A's core to bottom of B's
    assert!((sat2d::distance(&capsule, &Iso::IDENTITY, &capsule, &beside) - apart).abs() < 1e-5);
}

#[test]
fn nearly_parallel_faces_give_the_face_gap() {
    // Two boxes whose facing sides differ by a hair of a turn: their difference has a
    // sliver of a face beside the one that decides, and rounding may order the two.
    for angle in [0.0, 1e-7, -1e-7, 1e-6, -1e-6, 1e-4] {
        let square = Shape::rectangle(2.0, 2.0);
        let long = Shape::rectangle(2.0, 8.0);
        let beside = Iso::new(Vec2::new(3.0, 0.3), angle);
        let distance = sat2d::distance(&square, &Iso::IDENTITY, &long, &beside);
        // The long box's left side leans by `angle`, toward the square's top corner
        // (1, 1) when positive, its bottom one (1, −1) when negative; the nearer
        // corner's height over that side's line is the gap.
        let (cos, sin) = (angle.cos(), angle.sin());
        let expected = 2.0 * cos - 1.0 - (0.7 * sin).max(-1.3 * sin);
        assert!(
            (distance - expected).abs() < 1e-5,
            "{angle}: {distance} vs {expected}"
        );
        let hit = sat2d::cast_shape(
            &square,
            &Iso::IDENTITY,
            Vec2::new(2.0, 0.0),
            &long,
            &beside,
            Vec2::ZERO,
        )
        .unwrap();
        // Moving along X, the corner closes the gap at `cos` of the speed.
        let fraction = expected / (2.0 * cos);
        assert!(
            (hit.fraction - fraction).abs() < 1e-5,
            "{angle}: {}",
            hit.fraction
        );
        assert!(
            (hit.normal - Vec2::new(cos, sin)).length() < 1e-5,
            "{angle}: {}",
            hit.normal
        );
        assert!(
            (hit.point.x - 1.0 - 2.0 * fraction).abs() < 1e-4,
            "{angle}: {}",
            hit.point
        );
    }
}

#[test]
fn small_shapes_on_long_motions_still_meet() {
    // Shapes 0.01 across, 500 units apart: the entry point carries the rounding of a
    // distance 10⁵ times their size, along a direction no coordinate axis rounds.
    let tiny_box = Shape::rectangle(0.01, 0.01);
    let capsule = Shape::capsule(0.002, 0.006); // core y ± 0.003, bottom at y − 0.005
    let (heading, across) = (Vec2::new(-0.8, -0.6), Vec2::new(0.6, -0.8));
    let start = |offset: f32| Iso::from_translation(-heading * 500.0 + across * offset);
    let motion = heading * 1000.0;
    let mut cases = 0;
    for step in -20..=20 {
        let offset = step as f32 * 0.0006;
        for b in [&tiny_box, &capsule] {
            let at = start(offset);
            let hit = sat2d::cast_shape(&tiny_box, &Iso::IDENTITY, Vec2::ZERO, b, &at, motion);
            // Against the oracle: the sweep over the motion overlaps exactly when it hits,
            // within the rounding of coordinates near 500 (an `f32` step there is 6e-5);
            // where they touch, the disc of a corner seen from 500 away is known to a
            // few of those steps.
            let (cores_a, cores_b) = (cores(&tiny_box, &Iso::IDENTITY), cores(b, &at));
            let whole = gap(&cores_a, &swept(&cores_b, wide(motion)));
            match hit {
                None => assert!(
                    whole > -1e-4,
                    "{offset}: missed a sweep overlapping by {whole}"
                ),
                Some(hit) => {
                    assert!(whole < 1e-4, "{offset}: hit a sweep {whole} apart");
                    let there = moved(&cores_b, wide(motion) * hit.fraction as f64);
                    let touching = gap(&cores_a, &there);
                    assert!(
                        touching.abs() < 1e-3,
                        "{offset}: {touching} apart at the fraction"
                    );
                    cases += 1;
                }
            }
        }
    }
    assert!(cases > 20, "only {cases} hits");
}

/// A tiny 29-point star sweeping 600 units along x into a 98-unit 18-point star,
/// meeting a face at 0.2°: the gap closes 300 times slower than A moves.
/// The cast touches at its fraction, the sweep up to a little before it stays apart,
/// and nothing overlaps before it.
#[test]
fn a_grazing_cast_between_stars_touches_first_at_its_fraction() {
    let a = spiked_star(29, 0.010_366_335, 0.010_130_137);
    let b = spiked_star(18, 98.369_12, 1.485_412_6);
    let iso_a = Iso::new(Vec2::new(-206.24857, 300.0), 1.748_455_5e-7);
    let iso_b = Iso::new(Vec2::new(300.0, 300.0), -0.000_766_579_24);
    let (motion_a, motion_b) = (
        Vec2::new(600.0, 0.000_104_907_33),
        Vec2::new(0.062_155_236, 0.015_62),
    );
    let hit =
        sat2d::cast_shape(&a, &iso_a, motion_a, &b, &iso_b, motion_b).expect("A's tip meets B's");
    let (cores_a, cores_b) = (cores(&a, &iso_a), cores(&b, &iso_b));
    // Coordinates near 300 resolve to 3e-5; the shapes' own tolerance is 1e-3.
    let tolerance = 1e-3;
    let relative = wide(motion_b - motion_a);
    let fraction = f64::from(hit.fraction);
    let touching = gap(
        &moved(&cores_a, wide(motion_a) * fraction),
        &moved(&cores_b, wide(motion_b) * fraction),
    );
    assert!(
        touching.abs() < tolerance,
        "{touching} apart at the fraction"
    );
    let before = gap(&cores_a, &swept(&cores_b, relative * (fraction - 1e-4)));
    assert!(
        before > 0.0,
        "the sweep overlaps by {before} before the fraction"
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
    // Along the motion, 3e-4 before the fraction is 0.18 units, but only 6e-4 units of
    // gap: close enough for `intersects` (which counts touching within the tolerance),
    // yet no overlap.
    let (before_a, before_b) = at(hit.fraction - 3e-4);
    assert!(sat2d::intersects(&a, &before_a, &b, &before_b));
    if let Some(contact) = sat2d::contact(&a, &before_a, &b, &before_b) {
        assert!(
            contact.depth <= 1e-6,
            "overlapping by {} before the fraction",
            contact.depth
        );
    }
    assert!(sat2d::distance(&a, &before_a, &b, &before_b) > 0.0);
}
