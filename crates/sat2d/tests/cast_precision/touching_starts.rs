//! Class 1: a cast whose shapes already touch (as [`sat2d::intersects`] says) gives
//! fraction 0, whichever way they move: into each other, apart or along.

use proptest::prelude::*;
use sat2d::{Iso, Shape, Vec2};

use super::common::seeded;
use super::common::strategies::{convex_shape, near_iso};
use super::{at, v};

#[test]
fn overlapping_circles_moving_in_hit_at_zero() {
    // The circles overlap by about 1e-8; B moves into A.
    let (a, b) = (Shape::circle(0.245_617_8), Shape::circle(1.477_674_1));
    let iso_b = at(-1.41809, 0.979_160_8);
    assert!(sat2d::intersects(&a, &Iso::IDENTITY, &b, &iso_b));
    let hit = sat2d::cast_shape(
        &a,
        &Iso::IDENTITY,
        Vec2::ZERO,
        &b,
        &iso_b,
        v(-0.150_639_77, -1.587_796_3),
    )
    .expect("touching at the start");
    assert_eq!(hit.fraction, 0.0);
}

#[test]
fn touching_shapes_moving_apart_or_along_hit_at_zero() {
    let square = Shape::rectangle(2.0, 2.0);
    let cases = [
        (Shape::circle(0.5), at(1.5, 0.3)),
        (Shape::capsule(0.5, 2.0), at(1.5, 0.0)),
        (Shape::rectangle(2.0, 2.0), at(2.0, 0.5)),
        (Shape::segment(v(0.0, -1.0), v(0.0, 1.0)), at(1.0, 0.2)),
    ];
    for (shape, iso) in &cases {
        assert!(sat2d::intersects(&square, &Iso::IDENTITY, shape, iso));
        for motion in [v(3.0, 0.0), v(0.0, 3.0), v(2.0, -1.0), v(-3.0, 0.0)] {
            for (first, iso_first, second, iso_second, motion) in [
                (&square, &Iso::IDENTITY, shape, iso, motion),
                (shape, iso, &square, &Iso::IDENTITY, -motion),
            ] {
                let hit =
                    sat2d::cast_shape(first, iso_first, Vec2::ZERO, second, iso_second, motion);
                assert_eq!(
                    hit.map(|hit| hit.fraction),
                    Some(0.0),
                    "{first:?} {second:?} moving {motion}"
                );
            }
        }
    }
    // Two segments that touch end to side, one moving off along the other.
    let a = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0));
    let b = Shape::segment(v(0.3, 0.0), v(0.3, 1.0));
    for motion in [v(1.0, 0.0), v(0.0, 1.0), v(-1.0, 0.5)] {
        let hit = sat2d::cast_shape(&a, &Iso::IDENTITY, Vec2::ZERO, &b, &Iso::IDENTITY, motion);
        assert_eq!(hit.map(|hit| hit.fraction), Some(0.0), "moving {motion}");
    }
}

proptest! {
    #![proptest_config(seeded(1500))]

    /// Overlapping pairs pushed apart by their MTV touch (within the tolerance), so
    /// `intersects` holds; a cast from there in any direction hits at 0, in both orders.
    #[test]
    fn casts_from_touching_starts_hit_at_zero(
        a in convex_shape(),
        b in convex_shape(),
        iso_a in near_iso(),
        iso_b in near_iso(),
        angle in -3.2f32..3.2,
        length in prop_oneof![Just(0.0f32), 1e-3f32..20.0],
    ) {
        let Some(contact) = sat2d::contact(&a, &iso_a, &b, &iso_b) else {
            return Ok(());
        };
        let touching = Iso { translation: iso_b.translation + contact.mtv(), ..iso_b };
        if !sat2d::intersects(&a, &iso_a, &b, &touching) {
            return Ok(());
        }
        let motion = Vec2::from_angle(angle) * length;
        let forward = sat2d::cast_shape(&a, &iso_a, Vec2::ZERO, &b, &touching, motion);
        prop_assert_eq!(forward.map(|hit| hit.fraction), Some(0.0), "A then B, moving {}", motion);
        if sat2d::intersects(&b, &touching, &a, &iso_a) {
            let backward = sat2d::cast_shape(&b, &touching, Vec2::ZERO, &a, &iso_a, -motion);
            prop_assert_eq!(backward.map(|hit| hit.fraction), Some(0.0), "B then A, moving {}", -motion);
        }
    }
}

#[test]
fn pairs_pushed_out_by_their_mtv_hit_at_zero_every_way() {
    // A fixed grid of the property test's scenes: overlapping pairs of each kind,
    // pushed apart by their MTV, then cast in 16 directions (and not at all).
    let shapes = [
        Shape::circle(0.7),
        Shape::capsule(0.2, 0.2),
        Shape::capsule(0.4, 2.5),
        Shape::rectangle(1.5, 0.8),
        Shape::segment(v(-0.4, -1.0), v(1.3, 0.7)),
        Shape::polygon(&[v(3.0, -0.7), v(2.5, 2.3), v(-0.3, 3.8), v(-1.0, 0.2)]).unwrap(),
    ];
    let mut failures = Vec::new();
    for (index_a, a) in shapes.iter().enumerate() {
        for b in &shapes[index_a..] {
            for step in 0..24 {
                let angle = step as f32 * 0.2618;
                let iso_a = Iso::new(v(0.3, -0.2), angle * 0.7);
                let iso_b = Iso::new(Vec2::from_angle(angle) * 0.9, -angle);
                let Some(contact) = sat2d::contact(a, &iso_a, b, &iso_b) else {
                    continue;
                };
                let touching = Iso {
                    translation: iso_b.translation + contact.mtv(),
                    ..iso_b
                };
                if !sat2d::intersects(a, &iso_a, b, &touching) {
                    continue;
                }
                for direction in 0..=16 {
                    let motion = if direction == 16 {
                        Vec2::ZERO
                    } else {
                        Vec2::from_angle(direction as f32 * core::f32::consts::FRAC_PI_8) * 3.0
                    };
                    let hit = sat2d::cast_shape(a, &iso_a, Vec2::ZERO, b, &touching, motion);
                    if hit.map(|hit| hit.fraction) != Some(0.0) {
                        failures.push((a.kind(), b.kind(), step, motion));
                    }
                }
            }
        }
    }
    let first: Vec<_> = failures.iter().take(6).collect();
    assert!(
        failures.is_empty(),
        "{} misses, first {first:?}",
        failures.len()
    );
}
