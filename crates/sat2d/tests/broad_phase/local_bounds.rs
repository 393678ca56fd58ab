//! `LocalBounds` against `Bounds::of`: the same bounds, bit for bit, for every shape it
//! takes, and `None` for every shape it does not.

use proptest::prelude::*;
use sat2d::broad_phase::{Bounds, LOCAL_BOUNDS_POINTS, LocalBounds};
use sat2d::{Iso, Shape, Vec2};

use crate::common::{seeded, strategies};

/// Every float of `bounds`, as bits: equal bits, not just equal values (a `-0.0`
/// against a `0.0` would show).
fn bits(bounds: &Bounds) -> [u32; 7] {
    let (aabb, circle) = (bounds.aabb, bounds.circle);
    [
        aabb.min.x,
        aabb.min.y,
        aabb.max.x,
        aabb.max.y,
        circle.center.x,
        circle.center.y,
        circle.radius,
    ]
    .map(f32::to_bits)
}

/// How many points `shape`'s box is made from, or `None` for a concave polygon.
fn point_count(shape: &Shape) -> Option<usize> {
    match shape {
        Shape::Circle(_) => Some(1),
        Shape::Segment(_) | Shape::Capsule(_) => Some(2),
        Shape::Polygon(polygon) => Some(polygon.points().len()),
        Shape::Concave(_) => None,
    }
}

/// Checks that `shape` has a `LocalBounds` exactly when it has at most
/// `LOCAL_BOUNDS_POINTS` points and is convex, and that placed by `iso` it gives
/// `Bounds::of` bit for bit.
fn check(shape: &Shape, iso: &Iso) -> Result<(), TestCaseError> {
    let local = LocalBounds::of(shape);
    let small = point_count(shape).is_some_and(|count| count <= LOCAL_BOUNDS_POINTS);
    prop_assert_eq!(local.is_some(), small, "{:?}", shape);
    if let Some(local) = local {
        prop_assert_eq!(bits(&local.placed(iso)), bits(&Bounds::of(shape, iso)));
    }
    Ok(())
}

proptest! {
    #![proptest_config(seeded(2_000))]

    /// Random convex shapes (polygons of 3–12 corners, circles, capsules, segments) and
    /// star polygons, at random placements, some far out where rounding shows.
    #[test]
    fn local_bounds_place_as_the_shape_does(
        shape in prop_oneof![3 => strategies::convex_shape(), 1 => strategies::star_polygon()],
        iso in strategies::iso(),
        far in prop_oneof![3 => Just(1.0f32), 1 => 1e3f32..1e6],
    ) {
        let iso = Iso { translation: iso.translation * far, rotation: iso.rotation };
        check(&shape, &iso)?;
    }
}

/// One shape of each kind it takes, and the smallest it does not.
#[test]
fn each_kind_at_a_turned_placement() {
    let iso = Iso::new(Vec2::new(-7.5, 2.25), 2.1);
    let triangle = Shape::polygon(&[Vec2::ZERO, Vec2::new(3.0, 0.0), Vec2::new(0.0, 2.0)]);
    let taken = [
        Shape::circle(1.5),
        Shape::segment(Vec2::new(-1.0, 0.5), Vec2::new(2.0, 1.0)),
        Shape::capsule(0.5, 3.0),
        triangle.expect("a triangle"),
        Shape::rectangle(4.0, 1.0),
    ];
    for shape in &taken {
        let local = LocalBounds::of(shape).expect("a shape of at most four points");
        assert_eq!(bits(&local.placed(&iso)), bits(&Bounds::of(shape, &iso)));
    }
    let pentagon = Shape::regular_polygon(2.0, 5).expect("a pentagon");
    assert_eq!(LocalBounds::of(&pentagon), None);
    let notched = Shape::polygon(&[
        Vec2::ZERO,
        Vec2::new(4.0, 0.0),
        Vec2::new(4.0, 3.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(0.0, 3.0),
    ])
    .expect("a notched outline");
    assert!(matches!(notched, Shape::Concave(_)));
    assert_eq!(LocalBounds::of(&notched), None);
}
