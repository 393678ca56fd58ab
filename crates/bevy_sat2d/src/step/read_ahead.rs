//! Reading a batch of colliders' shapes ahead of the work on them, where a scene is
//! too large for its shapes to stay in cache: the stages that read one shape per
//! collider or per pair (the sync, the narrow phase) use it.
//!
//! Each collider's shape is an allocation of its own (an `Arc` shared with its
//! [`Collider`](crate::Collider)), and a polygon's points another: at 100k colliders
//! both are cache misses, and a loop that reads them as it works waits on each in
//! turn. Read in a short loop first, every load independent of the others, the misses
//! of a whole batch are in flight at once; the work then finds the lines in cache.

use sat2d::Shape;

/// How many colliders or pairs are read ahead at once.
pub(crate) const BATCH: usize = 16;

/// From this many colliders (or ids) on, a stage reads each batch ahead. Below it the
/// shapes stay in cache and the reads ahead are pure cost (at 10k colliders, one
/// thread, the narrow phase 0.263–0.267 ms without them, 0.328–0.336 ms with).
pub(crate) const READ_AHEAD_FROM: usize = 32_768;

/// A polygon's first and last points (the lines of its points, in its own
/// allocation), summed; zero for other shapes, which hold their points in place. What
/// placing a collider reads, where a pair test reads all of [`Shape::preload`].
#[inline]
pub(crate) fn shape_points(shape: &Shape) -> f32 {
    match shape {
        Shape::Polygon(polygon) => {
            let points = polygon.points();
            points[0].x + points[points.len() - 1].x
        }
        _ => 0.0,
    }
}
