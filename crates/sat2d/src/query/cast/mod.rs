//! Casts and distance: [`cast_ray`], [`cast_shape`], [`cast_turning_shape`], [`distance`].
//!
//! All three rest on one ray kernel ([`ray_entry`](super::kernel::ray_entry)) against
//! a rounded convex core. A ray meets the shape's own core. A shape cast is a ray
//! from the origin along B's motion relative to A, against the Minkowski difference
//! `A ⊖ B`, and the distance is that difference's distance from the origin; neither
//! builds the difference:
//!
//! - a circle needs none: its centre is cast against the other shape grown by its
//!   radius, and its distance is the centre's, less the radius;
//! - the distance between circles, capsules and segments is their segments' closest
//!   points', less the radii;
//! - any other pair reads `A ⊖ B` through its faces' planes
//!   ([`ImplicitDifference`](implicit_difference::ImplicitDifference)): the face scan
//!   finds the face that separates most, the difference clip where a ray enters, and
//!   the closest points near that one face (`closest_features.rs`) finish the answer.
//!
//! A cast of turning shapes ([`cast_turning_shape`]) advances along the time by the
//! distance, conservatively: `cast_turning_shape.rs`.
//!
//! Concave shapes run part by part (part pairs for the pair queries), the nearest
//! part winning.
//!
//! Frame: the shape's local frame for a ray; for the pair queries, the frame each
//! routine states (A's local frame, B carried into it once; world space for the
//! circle and swept-disc pairs, as in the route). Results are mapped to world space
//! once.

mod boundary_gap;
mod cast_ray;
mod cast_shape;
mod cast_turning_shape;
mod closest_features;
mod conservative_advance;
mod distance;
mod hits;
mod implicit_difference;
mod outline_normal;
mod ray;
mod rigid_motion;
mod sweep;

pub use cast_ray::cast_ray;
pub use cast_shape::cast_shape;
pub use cast_turning_shape::{
    TURNING_CAST_MAX_ITERATIONS, TURNING_CAST_TARGET, TURNING_CAST_TOLERANCE, cast_turning_shape,
};
pub use distance::distance;
pub use hits::{RayHit, ShapeHit};
pub use ray::{Ray, RayError};
pub use rigid_motion::RigidMotion;
