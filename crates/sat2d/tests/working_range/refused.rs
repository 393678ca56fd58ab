//! Constructors at and beyond the edges of the working range: a typed error outside,
//! acceptance at the edges, and the error's message from the panicking forms.

use sat2d::{
    Capsule, Circle, ConcavePolygon, ConvexPolygon, Iso, MAX_COORDINATE, MAX_SIZE, MIN_SIZE,
    Segment, Shape, ShapeData, ShapeError, Vec2,
};

/// Every constructor, just outside the range and far outside it: a typed error.
#[test]
fn out_of_range_inputs_are_refused_with_a_typed_error() {
    let sizes = [MIN_SIZE.next_down(), MAX_SIZE.next_up(), 1e-30, 1e30];
    let coordinates = [
        MAX_COORDINATE.next_up(),
        -MAX_COORDINATE.next_up(),
        1e30,
        -3e38,
    ];
    let triangle = |size: f32, at: Vec2| vec![at, at + Vec2::X * size, at + Vec2::Y * size];
    let l_shape = |size: f32| {
        [
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ]
        .map(|(x, y)| Vec2::new(x, y) * size * 0.5)
    };
    let mut cases: Vec<(Result<(), ShapeError>, &str, f32)> = Vec::new();
    for size in sizes {
        let shape = |result: Result<Shape, ShapeError>| result.map(drop);
        cases.extend([
            (shape(Shape::try_circle(size)), "circle radius", size),
            (Circle::try_new(size).map(drop), "circle radius", size),
            (
                shape(Shape::try_rectangle(size, 1.0)),
                "rectangle width",
                size,
            ),
            (
                shape(Shape::try_rectangle(1.0, size)),
                "rectangle height",
                size,
            ),
            (shape(Shape::try_capsule(size, 1.0)), "capsule radius", size),
            (
                Capsule::try_new(size, 1.0).map(drop),
                "capsule radius",
                size,
            ),
            (
                Capsule::try_new(1e-3, size).map(drop),
                "capsule length",
                size,
            ),
            (
                shape(Shape::regular_polygon(size, 5)),
                "regular polygon circumradius",
                size,
            ),
            (
                shape(ShapeData::Circle { radius: size }.build()),
                "circle radius",
                size,
            ),
        ]);
        // A polygon this large has a corner beyond the coordinates' range first.
        let polygon = if size > MAX_COORDINATE {
            "point coordinate"
        } else {
            "polygon extent"
        };
        let corner = triangle(size, Vec2::ZERO);
        cases.extend([
            (shape(Shape::polygon(&corner)), polygon, size),
            (shape(Shape::polygon(&l_shape(size))), polygon, size),
            (shape(Shape::convex_hull(&corner)), polygon, size),
            (ConvexPolygon::try_new(&corner).map(drop), polygon, size),
            (
                ConcavePolygon::try_new(&l_shape(size)).map(drop),
                polygon,
                size,
            ),
        ]);
        // A capsule length counts only above `radius × 1e-6`: below, it is a circle.
        if size > 1e-6 * 1e-3 {
            cases.push((
                shape(Shape::try_capsule(1e-3, size)),
                "capsule length",
                size,
            ));
        }
        // Segments measure their length; too short, they are not degenerate (that is
        // relative to their coordinates) but out of range.
        let ends = (Vec2::new(-0.5, 0.0) * size, Vec2::new(0.5, 0.0) * size);
        if ends.1.x <= MAX_COORDINATE {
            cases.push((
                shape(Shape::try_segment(ends.0, ends.1)),
                "segment length",
                size,
            ));
            cases.push((
                Segment::try_new(ends.0, ends.1).map(drop),
                "segment length",
                size,
            ));
        }
    }
    for coordinate in coordinates {
        let shape = |result: Result<Shape, ShapeError>| result.map(drop);
        let point = Vec2::new(0.5, coordinate);
        cases.extend([
            (
                shape(Shape::try_segment(point, Vec2::ZERO)),
                "point coordinate",
                coordinate,
            ),
            (
                shape(Shape::try_segment(Vec2::ZERO, point)),
                "point coordinate",
                coordinate,
            ),
            (
                shape(Shape::polygon(&triangle(1.0, point))),
                "point coordinate",
                coordinate,
            ),
            (
                shape(Shape::convex_hull(&triangle(1.0, point))),
                "point coordinate",
                coordinate,
            ),
        ]);
    }
    // Scale factors: beyond MAX_SIZE / MIN_SIZE outright, or carrying a size out.
    for factor in [1e30, -1e19, 1e-19, -1e-30] {
        let scaled = Shape::circle(1.0).try_scaled(Vec2::new(1.0, factor));
        cases.push((scaled.map(drop), "scale factor", factor));
    }
    let scaled = Shape::circle(1e6).try_scaled(Vec2::splat(1e7));
    cases.push((scaled.map(drop), "circle radius", 1e13));
    let scaled = Shape::rectangle(2.0, 2.0).try_scaled(Vec2::new(1.0, 1e16));
    cases.push((scaled.map(drop), "point coordinate", -1e16));

    for (result, what, value) in cases {
        assert_eq!(
            result,
            Err(ShapeError::OutOfRange { what, value }),
            "{what} {value}"
        );
    }
}

/// The edges themselves are inside the range.
#[test]
fn the_edges_of_the_range_are_accepted() {
    for size in [MIN_SIZE, MAX_SIZE] {
        assert!(Shape::try_circle(size).is_ok());
        assert!(Shape::try_rectangle(size, size).is_ok());
        assert!(Shape::try_capsule(size, size).is_ok());
        assert!(Shape::try_segment(Vec2::ZERO, Vec2::X * size).is_ok());
        assert!(Shape::polygon(&[Vec2::ZERO, Vec2::X * size, Vec2::Y * size]).is_ok());
    }
    let corner = Vec2::splat(MAX_COORDINATE);
    assert!(Shape::try_segment(corner, corner - Vec2::X * 1e10).is_ok());
    assert!(Shape::polygon(&[corner, corner - Vec2::X * 1e10, corner - Vec2::Y * 1e10]).is_ok());
    assert!(Iso::new(-corner, 2.0).is_in_range());
}

/// The plain constructors panic with the error's message.
#[test]
fn plain_constructors_panic_with_the_range_in_the_message() {
    let panic = std::panic::catch_unwind(|| Shape::circle(1e19)).unwrap_err();
    let message = panic.downcast_ref::<String>().expect("a formatted message");
    assert!(
        message.contains("circle radius is outside the working range"),
        "{message}"
    );
}
