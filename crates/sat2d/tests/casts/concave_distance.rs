//! `distance` between many-point concave shapes, which measures apart shapes between
//! their boundaries' edges (two trees of the edges' boxes, in the frame of the shape
//! with the longest edge) and calls shapes with a point in each other touching: against
//! the f64 oracle over every part pair, for stars and combs of hundreds of points at
//! any angle, apart, crossing and one inside the other, and for a shape in a hole.

use proptest::prelude::*;
use sat2d::{Iso, Shape, Vec2};

use super::common::exact::cores;
use super::common::seeded;
use super::common::stars::{comb, spiked_star};
use super::gap;

/// A star or a comb, of 100 to 400 points, about `size` across.
fn many_points(size: f32) -> impl Strategy<Value = Shape> {
    prop_oneof![
        (50usize..200, 0.3f32..1.0).prop_map(move |(tips, inner)| spiked_star(
            tips,
            0.5 * size,
            0.5 * size * inner
        )),
        (25usize..100, 2.0f32..40.0).prop_map(move |(teeth, length)| comb(
            teeth,
            size,
            size * length / teeth as f32
        )),
    ]
}

proptest! {
    #![proptest_config(seeded(200))]

    /// Both argument orders equal the oracle, to its precision.
    #[test]
    fn many_point_distances_match_the_oracle(
        a in many_points(4.0),
        b in prop_oneof![many_points(4.0), many_points(0.2)],
        angle_a in 0.0f32..core::f32::consts::TAU,
        angle_b in 0.0f32..core::f32::consts::TAU,
        at in (-8.0f32..8.0, -8.0f32..8.0),
    ) {
        let (iso_a, iso_b) = (Iso::new(Vec2::ZERO, angle_a), Iso::new(Vec2::new(at.0, at.1), angle_b));
        let expected = gap(&cores(&a, &iso_a), &cores(&b, &iso_b)).max(0.0);
        for distance in [
            sat2d::distance(&a, &iso_a, &b, &iso_b),
            sat2d::distance(&b, &iso_b, &a, &iso_a),
        ] {
            prop_assert!(
                (f64::from(distance) - expected).abs() <= 1e-4 * (1.0 + expected),
                "{distance} against {expected}"
            );
        }
    }
}

#[test]
fn a_star_in_a_hole_is_as_far_as_the_hole_edge() {
    let square = |half: f32| {
        vec![
            Vec2::new(-half, -half),
            Vec2::new(half, -half),
            Vec2::new(half, half),
            Vec2::new(-half, half),
        ]
    };
    let ring = Shape::polygon_with_holes(&square(10.0), &[square(4.0)]).expect("a ring");
    let star = spiked_star(300, 1.0, 0.5);
    // The star's tip 0 points at the hole's right edge, 4 - (1 + 1.5) = 1.5 away.
    let at = Iso::from_translation(Vec2::new(1.5, 0.0));
    for distance in [
        sat2d::distance(&ring, &Iso::IDENTITY, &star, &at),
        sat2d::distance(&star, &at, &ring, &Iso::IDENTITY),
    ] {
        assert!((distance - 1.5).abs() < 1e-5, "{distance}");
    }
    let oracle = gap(&cores(&ring, &Iso::IDENTITY), &cores(&star, &at));
    assert!((oracle - 1.5).abs() < 1e-5, "{oracle}");
}
