//! Ray casts, shape casts and distance against an independent f64 oracle (the hull of
//! the Minkowski difference, in `common/exact.rs`), for every kind of shape pair,
//! concave included, plus known answers and bad input.

mod common;
#[path = "casts/concave_distance.rs"]
mod concave_distance;
#[path = "casts/edge_cases.rs"]
mod edge_cases;
#[path = "casts/sharp_vertices.rs"]
mod sharp_vertices;

use common::exact::{Core, cores, signed_distance, wide};
use common::seeded;
use common::strategies::{convex_shape, iso, star_polygon};
use glam::DVec2;
use proptest::prelude::*;
use sat2d::{Iso, Ray, RayError, Shape, Vec2};

/// Any shape: convex kinds and star-shaped (usually concave) polygons.
fn any_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![3 => convex_shape(), 1 => star_polygon()]
}

/// A tolerance for f32 answers on scenes of this size: positions within ±6, motions
/// within ±12, shapes up to 8 across.
fn tolerance(a: &Shape, b: &Shape) -> f64 {
    2e-5 * (common::exact::size(a, b) + 40.0)
}

/// The signed distance between two placed shapes: min over their part pairs (exact when
/// apart; negative when some parts overlap).
fn gap(a: &[Core], b: &[Core]) -> f64 {
    a.iter()
        .flat_map(|core_a| b.iter().map(move |core_b| signed_distance(core_a, core_b)))
        .fold(f64::INFINITY, f64::min)
}

/// `cores` swept along `motion`: each part grown to the hull of its start and end.
fn swept(cores: &[Core], motion: DVec2) -> Vec<Core> {
    cores
        .iter()
        .map(|core| Core {
            points: core.points.iter().flat_map(|p| [*p, *p + motion]).collect(),
            radius: core.radius,
        })
        .collect()
}

fn moved(cores: &[Core], by: DVec2) -> Vec<Core> {
    cores
        .iter()
        .map(|core| Core {
            points: core.points.iter().map(|p| *p + by).collect(),
            radius: core.radius,
        })
        .collect()
}

/// A segment from `start` to `end` as a core.
fn segment(start: DVec2, end: DVec2) -> Vec<Core> {
    vec![Core {
        points: vec![start, end],
        radius: 0.0,
    }]
}

proptest! {
    #![proptest_config(seeded(3000))]

    /// A ray hits exactly when its segment meets the shape; the hit lies on the boundary,
    /// nothing of the shape lies on the ray before it, and the normal points out.
    #[test]
    fn ray_hits_lie_on_the_boundary_first(
        shape in any_shape(),
        placement in iso(),
        origin in (-9.0f32..9.0, -9.0f32..9.0),
        angle in -3.2f32..3.2,
        max_distance in 0.0f32..20.0,
    ) {
        let origin = Vec2::new(origin.0, origin.1);
        let ray = Ray::new(origin, Vec2::from_angle(angle));
        let parts = cores(&shape, &placement);
        let tolerance = tolerance(&shape, &shape);
        let (start, direction) = (wide(origin), wide(ray.direction()));
        let along = gap(&segment(start, start + direction * max_distance as f64), &parts);
        match sat2d::cast_ray(&shape, &placement, &ray, max_distance) {
            None => prop_assert!(along > -tolerance, "missed a ray that crosses it by {along}"),
            Some(hit) => {
                prop_assert!(along < tolerance, "hit a ray {along} away");
                prop_assert!((0.0..=max_distance).contains(&hit.distance));
                prop_assert!((hit.point - ray.at(hit.distance)).length() < 1e-4);
                prop_assert!((hit.normal.length() - 1.0).abs() < 1e-4);
                let inside_at_start = gap(&segment(start, start), &parts) < tolerance;
                if hit.distance == 0.0 {
                    prop_assert!(inside_at_start, "a hit at 0 from outside");
                    prop_assert_eq!(hit.normal, -ray.direction());
                } else {
                    let point = wide(hit.point);
                    prop_assert!(gap(&segment(point, point), &parts).abs() < tolerance);
                    let before = start + direction * (hit.distance as f64 - tolerance).max(0.0);
                    prop_assert!(gap(&segment(start, before), &parts) > -tolerance);
                    // Just outside along the normal is outside the shape.
                    let outside = point + wide(hit.normal) * 1e-2;
                    prop_assert!(gap(&segment(outside, outside), &parts) > 0.0);
                }
            }
        }
    }

    /// The shapes are apart until the cast's fraction and touch at it; a cast that
    /// misses has them apart for the whole motion; the point lies on both; moving B
    /// along the normal separates them; swapping A and B flips the normal.
    #[test]
    fn shape_casts_touch_first_at_their_fraction(
        a in any_shape(),
        b in any_shape(),
        iso_a in iso(),
        iso_b in iso(),
        motion_a in (-12.0f32..12.0, -12.0f32..12.0),
        motion_b in (-6.0f32..6.0, -6.0f32..6.0),
    ) {
        let (motion_a, motion_b) = (Vec2::new(motion_a.0, motion_a.1), Vec2::new(motion_b.0, motion_b.1));
        let (cores_a, cores_b) = (cores(&a, &iso_a), cores(&b, &iso_b));
        let tolerance = tolerance(&a, &b);
        // In A's frame of motion, B moves by `relative`.
        let relative = wide(motion_b - motion_a);
        let whole = gap(&cores_a, &swept(&cores_b, relative));
        let hit = sat2d::cast_shape(&a, &iso_a, motion_a, &b, &iso_b, motion_b);
        let swapped = sat2d::cast_shape(&b, &iso_b, motion_b, &a, &iso_a, motion_a);
        prop_assert_eq!(hit.is_some(), swapped.is_some(), "{:?} vs {:?}", hit, swapped);
        let Some(hit) = hit else {
            prop_assert!(whole > -tolerance, "missed a sweep that overlaps by {whole}");
            return Ok(());
        };
        prop_assert!(whole < tolerance, "hit a sweep that stays {whole} apart");
        prop_assert!((0.0..=1.0).contains(&hit.fraction));
        prop_assert!((hit.normal.length() - 1.0).abs() < 1e-4);
        let swapped = swapped.unwrap();
        prop_assert!((swapped.fraction - hit.fraction).abs() < 1e-4, "{} vs {}", hit.fraction, swapped.fraction);
        let start = gap(&cores_a, &cores_b);
        if hit.fraction == 0.0 {
            prop_assert!(start < tolerance, "fraction 0 with a gap of {start}");
            return Ok(());
        }
        prop_assert!((swapped.normal + hit.normal).length() < 1e-3, "{} vs {}", hit.normal, swapped.normal);
        let fraction = hit.fraction as f64;
        let (at_a, at_b) = (
            moved(&cores_a, wide(motion_a) * fraction),
            moved(&cores_b, wide(motion_b) * fraction),
        );
        let touching = gap(&at_a, &at_b);
        prop_assert!(touching.abs() < tolerance, "{touching} apart at the fraction");
        let before = (fraction - tolerance / relative.length()).max(0.0);
        let earlier = gap(&cores_a, &swept(&cores_b, relative * before));
        prop_assert!(earlier > -tolerance, "overlapping by {earlier} before the fraction");
        let point = wide(hit.point);
        let lone = segment(point, point);
        prop_assert!(gap(&lone, &at_a).abs() < tolerance && gap(&lone, &at_b).abs() < tolerance);
        let apart = gap(&at_a, &moved(&at_b, wide(hit.normal) * 0.05));
        prop_assert!(apart > 0.0, "moving B along the normal leaves them {apart} apart");
    }

    /// The distance is the oracle's and the same both ways round.
    #[test]
    fn distance_matches_the_oracle(
        a in any_shape(),
        b in any_shape(),
        iso_a in iso(),
        iso_b in iso(),
    ) {
        let expected = gap(&cores(&a, &iso_a), &cores(&b, &iso_b)).max(0.0);
        let distance = sat2d::distance(&a, &iso_a, &b, &iso_b);
        let tolerance = tolerance(&a, &b);
        prop_assert!((distance as f64 - expected).abs() < tolerance, "{distance} vs {expected}");
        let swapped = sat2d::distance(&b, &iso_b, &a, &iso_a);
        prop_assert!((swapped - distance).abs() < 1e-4, "{swapped} vs {distance}");
    }
}

#[test]
fn a_ray_from_inside_hits_at_zero_facing_back() {
    let shapes = [
        Shape::rectangle(4.0, 4.0),
        Shape::circle(2.0),
        Shape::capsule(1.0, 2.0),
        Shape::polygon(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(4.0, 0.0),
            Vec2::new(4.0, 4.0),
            Vec2::new(3.0, 4.0),
            Vec2::new(3.0, 1.0),
            Vec2::new(0.0, 1.0),
        ])
        .unwrap(),
    ];
    for shape in &shapes {
        let inside = Vec2::new(0.5, 0.5);
        let ray = Ray::new(inside, Vec2::new(1.0, 2.0));
        let hit = sat2d::cast_ray(shape, &Iso::IDENTITY, &ray, 10.0).unwrap();
        assert_eq!(hit.distance, 0.0, "{:?}", shape.kind());
        assert_eq!(hit.normal, -ray.direction());
        assert_eq!(hit.point, inside);
    }
}

#[test]
fn a_concave_ray_hits_the_nearest_part_through_the_notch() {
    // An L whose foot's top (y = 1) and arm's right side (x = 1) face the notch.
    let l_shape = Shape::polygon(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(4.0, 0.0),
        Vec2::new(4.0, 1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(1.0, 4.0),
        Vec2::new(0.0, 4.0),
    ])
    .unwrap();
    let down = Ray::new(Vec2::new(3.0, 10.0), Vec2::NEG_Y);
    let hit = sat2d::cast_ray(&l_shape, &Iso::IDENTITY, &down, 20.0).unwrap();
    assert!((hit.distance - 9.0).abs() < 1e-5);
    assert!((hit.normal - Vec2::Y).length() < 1e-5);
    let left = Ray::new(Vec2::new(10.0, 2.0), Vec2::NEG_X);
    let hit = sat2d::cast_ray(&l_shape, &Iso::IDENTITY, &left, 20.0).unwrap();
    assert!((hit.distance - 9.0).abs() < 1e-5);
    assert!((hit.normal - Vec2::X).length() < 1e-5);
}

#[test]
fn a_fast_bullet_does_not_tunnel_through_a_thin_wall() {
    let bullet = Shape::circle(0.1);
    let wall = Shape::rectangle(0.2, 10.0);
    let start = Iso::from_translation(Vec2::new(-50.0, 1.0));
    let hit = sat2d::cast_shape(
        &bullet,
        &start,
        Vec2::new(500.0, 0.0),
        &wall,
        &Iso::IDENTITY,
        Vec2::ZERO,
    )
    .unwrap();
    // The bullet's front (x = -49.9 + 500 t) meets the wall's left face (x = -0.1).
    assert!((hit.fraction - 49.8 / 500.0).abs() < 1e-6);
    assert!((hit.normal - Vec2::X).length() < 1e-5);
    assert!((hit.point - Vec2::new(-0.1, 1.0)).length() < 1e-4);
}

#[test]
fn a_box_landing_on_a_box_touches_on_the_face() {
    let crate_ = Shape::rectangle(2.0, 2.0);
    let floor = Shape::rectangle(20.0, 2.0);
    let above = Iso::new(Vec2::new(3.0, 5.0), 0.0);
    let hit = sat2d::cast_shape(
        &floor,
        &Iso::IDENTITY,
        Vec2::ZERO,
        &crate_,
        &above,
        Vec2::new(0.0, -8.0),
    )
    .unwrap();
    assert!((hit.fraction - 3.0 / 8.0).abs() < 1e-6);
    assert!((hit.normal - Vec2::Y).length() < 1e-6); // floor (A) to crate (B)
    assert!((hit.point.y - 1.0).abs() < 1e-5);
    assert!((2.0..=4.0).contains(&hit.point.x), "{}", hit.point);
}

#[test]
fn overlapping_or_still_shapes_answer_from_their_contact() {
    let a = Shape::rectangle(2.0, 2.0);
    let b = Shape::circle(1.0);
    let near = Iso::from_translation(Vec2::new(1.5, 0.0));
    let hit = sat2d::cast_shape(&a, &Iso::IDENTITY, Vec2::X, &b, &near, Vec2::ZERO).unwrap();
    let contact = sat2d::contact(&a, &Iso::IDENTITY, &b, &near).unwrap();
    assert_eq!(hit.fraction, 0.0);
    assert_eq!(hit.normal, contact.normal);
    assert_eq!(hit.point, contact.points()[0]);
    let far = Iso::from_translation(Vec2::new(5.0, 0.0));
    assert!(sat2d::cast_shape(&a, &Iso::IDENTITY, Vec2::ZERO, &b, &far, Vec2::ZERO).is_none());
    // Moving together at the same speed never closes the gap.
    let together = Vec2::new(3.0, 1.0);
    assert!(sat2d::cast_shape(&a, &Iso::IDENTITY, together, &b, &far, together).is_none());
}

#[test]
fn bad_input_gives_errors_or_nothing_and_never_panics() {
    assert_eq!(
        Ray::try_new(Vec2::ZERO, Vec2::ZERO),
        Err(RayError::InvalidDirection(Vec2::ZERO))
    );
    let nan = Vec2::new(f32::NAN, 0.0);
    assert!(matches!(
        Ray::try_new(Vec2::ZERO, nan),
        Err(RayError::InvalidDirection(_))
    ));
    assert!(matches!(
        Ray::try_new(Vec2::new(f32::INFINITY, 0.0), Vec2::X),
        Err(RayError::NonFiniteOrigin(_))
    ));
    let shape = Shape::circle(1.0);
    let ray = Ray::new(Vec2::new(-5.0, 0.0), Vec2::X);
    for max_distance in [-1.0, f32::NAN] {
        assert!(sat2d::cast_ray(&shape, &Iso::IDENTITY, &ray, max_distance).is_none());
    }
    let bad_iso = Iso::from_translation(nan);
    assert!(sat2d::cast_ray(&shape, &bad_iso, &ray, 10.0).is_none());
    assert!(
        sat2d::cast_shape(
            &shape,
            &Iso::IDENTITY,
            nan,
            &shape,
            &Iso::IDENTITY,
            Vec2::ZERO
        )
        .is_none()
    );
    assert_eq!(
        sat2d::distance(&shape, &bad_iso, &shape, &Iso::IDENTITY),
        f32::INFINITY
    );
}
