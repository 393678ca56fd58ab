//! Casts at the limits of `f32`: starts that already touch, segments far from the
//! origin, long sweeps past rounded corners, rays onto segment ends, grazes, and `Ray`
//! directions of any finite length (issue 23, classes 1, 2, 3, 4, 6 and 7). Each file
//! holds one class: its reproduction and a property test against the f64 oracle.

mod common;
#[path = "cast_precision/far_segments.rs"]
mod far_segments;
#[path = "cast_precision/grazes.rs"]
mod grazes;
#[path = "cast_precision/ray_directions.rs"]
mod ray_directions;
#[path = "cast_precision/rounded_corners.rs"]
mod rounded_corners;
#[path = "cast_precision/segment_ends.rs"]
mod segment_ends;
#[path = "cast_precision/touching_starts.rs"]
mod touching_starts;

use sat2d::{Iso, Vec2};

/// `Vec2::new`, short.
fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// A placement by translation only.
fn at(x: f32, y: f32) -> Iso {
    Iso::from_translation(v(x, y))
}
