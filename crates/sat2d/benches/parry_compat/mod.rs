//! The one seam between the two parry2d versions the comparison benches run against.
//!
//! The same bench sources build twice:
//! - in the workspace (`cargo bench -p sat2d`) against sat2d's dev-dependency, parry2d 0.27,
//!   whose vectors are glam 0.32's, the same type as sat2d's;
//! - in `benches/parry_peers` against parry2d 0.31, whose vectors are glam 0.33's (through
//!   glamx). Its build script sets `--cfg parry2d_0_31`.
//!
//! Between the two, `intersection_test` went from `bool` to `ShapeIntersection` and
//! `distance` from `f32` to `ShapeDistance`. The benches call the functions here, which
//! answer as 0.27 did, and convert sat2d's vectors with [`vector`]; everything else is the
//! same code for both.
#![allow(dead_code)]
// `parry2d_0_31` is declared by `benches/parry_peers/build.rs`; sat2d's own bench build
// does not know the name.
#![allow(unexpected_cfgs)]

use parry2d::math::{Pose, Vector};
use parry2d::query::Unsupported;
use parry2d::shape::Shape as ParryShape;
use sat2d::Vec2;

/// The parry2d under comparison, for the printed tables (sat2d's dev-dependency
/// `parry2d = "0.27"`; `benches/parry_peers` pins `=0.31.1`).
#[cfg(not(parry2d_0_31))]
pub const PARRY2D: &str = "parry2d 0.27";
/// The parry2d under comparison, for the printed tables (sat2d's dev-dependency
/// `parry2d = "0.27"`; `benches/parry_peers` pins `=0.31.1`).
#[cfg(parry2d_0_31)]
pub const PARRY2D: &str = "parry2d 0.31.1";

/// sat2d's vector as parry2d's: the same type under 0.27, a copy into glam 0.33 under 0.31.
#[inline]
#[must_use]
pub fn vector(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

/// parry2d's vector as sat2d's.
#[inline]
#[must_use]
pub fn from_vector(v: Vector) -> Vec2 {
    Vec2::new(v.x, v.y)
}

/// parry2d's `intersection_test`, answered as a `bool` in both versions.
#[inline]
pub fn intersection_test(
    pos1: &Pose,
    g1: &dyn ParryShape,
    pos2: &Pose,
    g2: &dyn ParryShape,
) -> Result<bool, Unsupported> {
    parry2d::query::intersection_test(pos1, g1, pos2, g2).map(answer::intersecting)
}

/// parry2d's `distance`, answered as an `f32` in both versions.
#[inline]
pub fn distance(
    pos1: &Pose,
    g1: &dyn ParryShape,
    pos2: &Pose,
    g2: &dyn ParryShape,
) -> Result<f32, Unsupported> {
    parry2d::query::distance(pos1, g1, pos2, g2).map(answer::distance)
}

/// parry2d 0.27's answers are already plain values.
#[cfg(not(parry2d_0_31))]
mod answer {
    #[inline]
    pub fn intersecting(answer: bool) -> bool {
        answer
    }

    #[inline]
    pub fn distance(answer: f32) -> f32 {
        answer
    }
}

/// parry2d 0.31 adds the sub-shapes the answer was found between (always 0 here: no
/// composite shapes).
#[cfg(parry2d_0_31)]
mod answer {
    use parry2d::query::{ShapeDistance, ShapeIntersection};

    #[inline]
    pub fn intersecting(answer: ShapeIntersection) -> bool {
        answer.intersecting
    }

    #[inline]
    pub fn distance(answer: ShapeDistance) -> f32 {
        answer.distance
    }
}
