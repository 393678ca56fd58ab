//! [`Shape::preload`]: every cache line of a shape's data asked for at once, for
//! callers that query many shapes scattered in memory.

use crate::Shape;

impl Shape {
    /// Asks for every cache line that a query on this shape reads, all at once, as
    /// prefetches: it reads the shape's record (the address of its data) and waits for
    /// nothing else. Call it on the shapes of a batch of queries before running the
    /// batch: a shape out of cache then costs the batch one memory round trip instead
    /// of one per query. A polygon of up to 16 vertices is asked for whole (its face
    /// lanes, points and normals, one allocation). Any other shape asks for nothing
    /// here: it holds what a query reads in place, or a large polygon's kernels read its
    /// points in order anyway. [`contact_each`](crate::contact_each) and
    /// [`intersects_each`](crate::intersects_each) call it for the pairs ahead of the
    /// one they solve.
    ///
    /// ```
    /// use sat2d::{Iso, Shape, Vec2};
    /// let shapes: Vec<(Shape, Iso)> = (0..64)
    ///     .map(|index| (Shape::rectangle(1.0, 2.0), Iso::new(Vec2::new(index as f32, 0.0), 0.1)))
    ///     .collect();
    /// // A batch of queries over shapes spread in memory: first their lines, then the work.
    /// for batch in shapes.windows(2).collect::<Vec<_>>().chunks(16) {
    ///     for pair in batch {
    ///         pair[0].0.preload();
    ///         pair[1].0.preload();
    ///     }
    ///     for pair in batch {
    ///         assert!(sat2d::intersects(&pair[0].0, &pair[0].1, &pair[1].0, &pair[1].1));
    ///     }
    /// }
    /// ```
    #[inline]
    pub fn preload(&self) {
        if let Self::Polygon(polygon) = self {
            polygon.preload();
        }
    }
}
