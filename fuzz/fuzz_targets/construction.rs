//! Shape construction from arbitrary numbers and outlines, NaN and huge values
//! included: constructors either refuse with an error or build a sound shape (finite
//! measures, positive area, convex counter-clockwise parts). Never a panic.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use sat2d::{Iso, Shape, Vec2};

#[derive(Arbitrary, Debug)]
enum Input {
    Circle(f32),
    Rectangle(f32, f32),
    Capsule(f32, f32),
    Segment(f32, f32, f32, f32),
    Polygon(Vec<(f32, f32)>),
    ConvexHull(Vec<(f32, f32)>),
}

fuzz_target!(|input: Input| {
    let points = |raw: &[(f32, f32)]| -> Vec<Vec2> {
        raw.iter()
            .take(64)
            .map(|(x, y)| Vec2::new(*x, *y))
            .collect()
    };
    let shape = match &input {
        Input::Circle(radius) => Shape::try_circle(*radius),
        Input::Rectangle(width, height) => Shape::try_rectangle(*width, *height),
        Input::Capsule(radius, length) => Shape::try_capsule(*radius, *length),
        Input::Segment(x0, y0, x1, y1) => {
            Shape::try_segment(Vec2::new(*x0, *y0), Vec2::new(*x1, *y1))
        }
        Input::Polygon(raw) => Shape::polygon(&points(raw)),
        Input::ConvexHull(raw) => Shape::convex_hull(&points(raw)),
    };
    let Ok(shape) = shape else {
        return;
    };
    assert!(
        shape.reach().is_finite() && shape.reach() > 0.0,
        "{shape:?}"
    );
    let aabb = shape.aabb(&Iso::IDENTITY);
    assert!(aabb.min.is_finite() && aabb.max.is_finite(), "{shape:?}");
    assert!(shape.part_count() >= 1);
    if let Shape::Concave(polygon) = &shape {
        assert!(polygon.metrics().area > 0.0 && polygon.metrics().area.is_finite());
        for part in polygon.parts() {
            let metrics = part.metrics();
            assert!(metrics.area > 0.0 && metrics.area.is_finite(), "{part:?}");
        }
    }
    if let Shape::Polygon(polygon) = &shape {
        let metrics = polygon.metrics();
        assert!(
            metrics.area > 0.0 && metrics.centroid.is_finite(),
            "{polygon:?}"
        );
        let count = polygon.points().len();
        for index in 0..count {
            let (a, b, c) = (
                polygon.points()[index],
                polygon.points()[(index + 1) % count],
                polygon.points()[(index + 2) % count],
            );
            assert!(
                (b - a).perp_dot(c - b) >= 0.0,
                "not convex CCW at {index}: {polygon:?}"
            );
        }
    }
    // A shape at the origin contains its own centre of bounds or at least touches itself.
    assert!(sat2d::intersects(
        &shape,
        &Iso::IDENTITY,
        &shape,
        &Iso::IDENTITY
    ));
});
