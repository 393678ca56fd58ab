//! Casts and distance: [`cast_ray`], [`cast_shape`], [`distance`].
//!
//! All three are one ray kernel ([`ray_entry`](super::kernel::ray_entry)) on a rounded
//! convex core. A ray meets the shape's own core. A shape cast is a ray from the origin
//! along B's motion relative to A, against the Minkowski difference `A ⊖ B`
//! ([`MinkowskiDifference`](super::minkowski_difference::MinkowskiDifference)); the
//! distance is that difference's distance from the origin. Concave shapes run part by
//! part (part pairs for the pair queries), the nearest part winning.
//!
//! Frame: the shape's local frame for a ray, A's local frame for the pair queries (B
//! carried into it once); results are mapped to world space once.

mod cast_ray;
mod cast_shape;
mod distance;
mod hits;
mod ray;

pub use cast_ray::cast_ray;
pub use cast_shape::cast_shape;
pub use distance::distance;
pub use hits::{RayHit, ShapeHit};
pub use ray::{Ray, RayError};
