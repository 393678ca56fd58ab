//! [`RayTarget`]: what a ray entry reads of a convex core grown by a radius, so that
//! the steps of `ray_entry.rs` are written once for a core given by its points and for
//! a Minkowski difference read through its faces' planes. Works in the frame of the
//! shape and the ray.

use glam::Vec2;

use super::chord::Clipped;

/// A convex core grown by a radius, as [`ray_entry`](super::ray_entry) reads it: clipped by its grown
/// faces, and asked, where the ray enters them, whether it has met the shape or is in
/// the corner of one core point.
pub(crate) trait RayTarget {
    /// Where on the shape a hit lies, as the caller needs it back.
    type Spot: Copy;

    /// The radius the core is grown by.
    fn radius(&self) -> f32;

    /// How far outside the shape a point still touches it (closed sets, as
    /// [`intersects`](crate::intersects) decides): a ray that starts within it hits at
    /// 0, and one that passes within it grazes the shape and hits.
    fn tolerance(&self) -> f32;

    /// The ray clipped by the grown face half-planes, each pushed out by `push`, a
    /// miss included (see [`Clipped`]).
    fn clip(&self, origin: Vec2, direction: Vec2, push: f32) -> Clipped;

    /// How far the height over a grown face of a point up to `reach` along the ray
    /// from `origin` may be off by rounding: [`ROUNDING_SLACK`](super::ROUNDING_SLACK) times the size of the
    /// coordinates the face's offset is formed from, and of the point's (the rate at
    /// which the ray closes on the face carries a rounding too, which grows with the
    /// distance along it).
    fn rounding(&self, origin: Vec2, reach: f32) -> f32;

    /// For a ray entering grown face `face` at `point`: `Ok` with the face's unit
    /// normal when `point` lies on the shape, or `Err` with the core point whose
    /// corner `point` lies in. `grazing`: the ray missed the half-planes and `point`
    /// is where it passes closest to them, which need not be near the shape (beyond
    /// a sharp vertex the planes grown by the tolerance reach the tolerance divided by
    /// the sine of the vertex's half-angle past it), so no shortcut may take it as on
    /// the shape.
    fn enter_face(
        &self,
        face: usize,
        point: Vec2,
        grazing: bool,
    ) -> Result<(Vec2, Self::Spot), (Vec2, Self::Spot)>;

    /// The unit outward normal of grown face `face`.
    fn face_normal(&self, face: usize) -> Vec2;

    /// For a ray starting within the tolerance of every grown face half-plane: `None`
    /// when `point` lies in the shape or within the tolerance of it, else the core
    /// point whose corner it lies in.
    fn corner_of(&self, point: Vec2) -> Option<(Vec2, Self::Spot)>;
}
