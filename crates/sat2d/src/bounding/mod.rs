//! Layer 2, bounding volumes: the cheap shapes that stand in for a shape in the broad
//! phase and in early rejections ([`Aabb`], [`BoundingCircle`]).

mod aabb;
mod bounding_circle;

pub use aabb::Aabb;
pub use bounding_circle::BoundingCircle;
