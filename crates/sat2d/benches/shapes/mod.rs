//! Seeded shapes built in both sat2d and parry2d, for the benches that compare them.
//!
//! The same cases in both builds of the benches: sat2d's own (parry2d 0.27) and
//! `benches/parry_peers` (parry2d 0.31).
#![allow(dead_code)]

pub mod game_scale;

use parry2d::math::Pose;
use parry2d::shape::{Ball, Capsule as ParryCapsule, ConvexPolygon as ParryPolygon, SharedShape};
use sat2d::{Iso, Shape, Vec2};

use crate::parry_compat::vector;

/// One shape in both libraries, at one placement. The benches keep each in its own
/// allocation (`Box<Placed>`), as a game keeps each collider with its entity.
pub struct Placed {
    pub shape: Shape,
    pub iso: Iso,
    pub parry: SharedShape,
    pub pose: Pose,
}

pub fn random_polygon(rng: &mut fastrand::Rng) -> (Shape, SharedShape) {
    loop {
        let count = rng.usize(3..=12);
        let radius = 0.5 + 1.5 * rng.f32();
        let step = core::f32::consts::TAU / count as f32;
        let points: Vec<Vec2> = (0..count)
            .map(|i| {
                Vec2::from_angle(step * (i as f32 + 0.8 * (rng.f32() - 0.5)))
                    * radius
                    * (0.7 + 0.3 * rng.f32())
            })
            .collect();
        let parry_points: Vec<_> = points.iter().map(|&point| vector(point)).collect();
        if let (Ok(shape @ Shape::Polygon(_)), Some(parry)) = (
            Shape::convex_hull(&points),
            ParryPolygon::from_convex_hull(&parry_points),
        ) {
            return (shape, SharedShape::new(parry));
        }
    }
}

pub fn random_circle(rng: &mut fastrand::Rng) -> (Shape, SharedShape) {
    let radius = 0.3 + 1.2 * rng.f32();
    (Shape::circle(radius), SharedShape::new(Ball::new(radius)))
}

pub fn random_capsule(rng: &mut fastrand::Rng) -> (Shape, SharedShape) {
    let radius = 0.2 + 0.6 * rng.f32();
    let length = 0.5 + 2.0 * rng.f32();
    (
        Shape::capsule(radius, length),
        SharedShape::new(ParryCapsule::new_y(length * 0.5, radius)),
    )
}

/// `shape` placed at `translation`, turned by `angle`, in its own allocation.
pub fn place(shape: (Shape, SharedShape), translation: Vec2, angle: f32) -> Box<Placed> {
    Box::new(Placed {
        shape: shape.0,
        iso: Iso::new(translation, angle),
        parry: shape.1,
        pose: Pose::new(vector(translation), angle),
    })
}
