//! [`Shape::preload`]: every cache line of a shape's data asked for at once, for
//! callers that query many shapes scattered in memory.

use crate::Shape;

impl Shape {
    /// Asks for every cache line that a query on this shape reads, all at once, as
    /// prefetches: it reads the shape's record (the address of its data) and waits for
    /// nothing else. A polygon of up to 16 vertices is asked for whole (its face lanes,
    /// points and normals, one allocation). Any other shape asks for nothing here: it
    /// holds what a query reads in place, or a large polygon's kernels read its points
    /// in order anyway.
    ///
    /// For many pairs, [`contact_each`](crate::contact_each) and
    /// [`intersects_each`](crate::intersects_each) call it for the pairs ahead of the
    /// one they solve; call it yourself for other queries over shapes spread in memory,
    /// a few queries before each shape's.
    ///
    /// ```
    /// use sat2d::{Iso, Ray, Shape, Vec2};
    /// let walls: Vec<(Shape, Iso)> = (0..64)
    ///     .map(|index| (Shape::rectangle(1.0, 2.0), Iso::new(Vec2::new(index as f32 * 3.0, 0.0), 0.1)))
    ///     .collect();
    /// let ray = Ray::new(Vec2::new(-5.0, 0.0), Vec2::X);
    /// let mut hits = 0;
    /// for (index, (shape, iso)) in walls.iter().enumerate() {
    ///     if let Some((ahead, _)) = walls.get(index + 4) {
    ///         ahead.preload(); // its lines travel while this wall is tested
    ///     }
    ///     hits += usize::from(sat2d::cast_ray(shape, iso, &ray, 500.0).is_some());
    /// }
    /// assert_eq!(hits, 64);
    /// ```
    #[inline]
    pub fn preload(&self) {
        if let Self::Polygon(polygon) = self {
            polygon.preload();
        }
    }
}
