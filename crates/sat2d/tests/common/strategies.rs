//! Proptest strategies for shapes and placements.

use proptest::prelude::*;
use sat2d::{Iso, Shape, Vec2};

/// A convex polygon with 3–12 corners on a random ellipse (always strictly convex).
pub fn convex_polygon() -> impl Strategy<Value = Shape> {
    (
        3usize..=12,
        0.3f32..4.0,
        0.3f32..4.0,
        proptest::collection::vec(0.0f32..1.0, 12),
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

/// A circle of radius 0.2–3.
pub fn circle() -> impl Strategy<Value = Shape> {
    (0.2f32..3.0).prop_map(Shape::circle)
}

/// A capsule of radius 0.2–2 and length 0.2–4.
pub fn capsule() -> impl Strategy<Value = Shape> {
    (0.2f32..2.0, 0.2f32..4.0).prop_map(|(radius, length)| Shape::capsule(radius, length))
}

/// A segment 0.5–6 long.
pub fn segment() -> impl Strategy<Value = Shape> {
    (-3.0f32..3.0, -3.0f32..3.0, 0.5f32..6.0, -3.2f32..3.2).prop_map(|(x, y, length, angle)| {
        let start = Vec2::new(x, y) * 0.3;
        Shape::segment(start, start + Vec2::from_angle(angle) * length)
    })
}

/// Any convex shape, polygons most often.
pub fn convex_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        4 => convex_polygon(),
        2 => circle(),
        2 => capsule(),
        1 => segment(),
    ]
}

/// A star-shaped (hence simple) polygon with 5–14 corners, usually concave.
pub fn star_polygon() -> impl Strategy<Value = Shape> {
    (
        5usize..=14,
        proptest::collection::vec((0.25f32..1.0, 0.0f32..1.0), 14),
        1.0f32..4.0,
    )
        .prop_filter_map("star", |(count, corners, size)| {
            let step = core::f32::consts::TAU / count as f32;
            let points: Vec<Vec2> = (0..count)
                .map(|i| {
                    let (radius, jitter) = corners[i];
                    let angle = step * (i as f32 + 0.6 * (jitter - 0.5));
                    Vec2::from_angle(angle) * radius * size
                })
                .collect();
            Shape::polygon(&points).ok()
        })
}

/// A placement within ±6 units and any angle.
pub fn iso() -> impl Strategy<Value = Iso> {
    (-6.0f32..6.0, -6.0f32..6.0, -3.2f32..3.2)
        .prop_map(|(x, y, angle)| Iso::new(Vec2::new(x, y), angle))
}

/// A placement within ±2 units (pairs that usually overlap).
pub fn near_iso() -> impl Strategy<Value = Iso> {
    (-2.5f32..2.5, -2.5f32..2.5, -3.2f32..3.2)
        .prop_map(|(x, y, angle)| Iso::new(Vec2::new(x, y), angle))
}
