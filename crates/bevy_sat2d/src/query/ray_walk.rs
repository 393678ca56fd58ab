//! [`RayStretches`]: a ray cut wherever it crosses a cell line of the broad phase's
//! grid (a DDA), so a ray query looks up the cells along the ray one at a time and its
//! cost grows with the cells it crosses, not with the number of colliders.

use sat2d::{Aabb, Ray, Vec2};

/// The stretches `(start, end)` of a ray from 0 to `max_distance`, in order, each
/// within one grid cell. Consecutive stretches share their end and start, so together
/// they cover the ray with no gap, whatever the rounding.
///
/// ```text
/// per axis: the distance to the first cell line ahead, and between lines (side / |d|)
/// loop: end = the nearer next line on either axis, or max_distance
///       yield (start, end); step past every line at end; start = end
/// ```
///
/// Distances along an axis are `first + k · step` with an integer `k`, in `f64`, so a
/// long ray accumulates no error and always moves on.
#[derive(Clone, Debug)]
pub(crate) struct RayStretches {
    max_distance: f64,
    start: f64,
    /// Distance to the first cell line ahead, per axis (infinite along an axis the ray
    /// does not move on).
    first: [f64; 2],
    /// Distance between consecutive cell lines, per axis.
    step: [f64; 2],
    /// How many lines were crossed, per axis.
    crossed: [u64; 2],
    done: bool,
}

impl RayStretches {
    /// The stretches of `ray` up to `max_distance` (finite, not negative) on a grid of
    /// cells of `side` (finite, positive).
    pub(crate) fn new(ray: &Ray, max_distance: f32, side: f32) -> Self {
        debug_assert!(max_distance.is_finite() && max_distance >= 0.0);
        debug_assert!(side.is_finite() && side > 0.0);
        let side = f64::from(side);
        let axis = |origin: f32, direction: f32| {
            let (origin, direction) = (f64::from(origin), f64::from(direction));
            if direction == 0.0 {
                return (f64::INFINITY, f64::INFINITY);
            }
            let cell = (origin / side).floor();
            let line = if direction > 0.0 { cell + 1.0 } else { cell } * side;
            (
                ((line - origin) / direction).max(0.0),
                side / direction.abs(),
            )
        };
        let (origin, direction) = (ray.origin(), ray.direction());
        let (first_x, step_x) = axis(origin.x, direction.x);
        let (first_y, step_y) = axis(origin.y, direction.y);
        Self {
            max_distance: f64::from(max_distance),
            start: 0.0,
            first: [first_x, first_y],
            step: [step_x, step_y],
            crossed: [0, 0],
            done: false,
        }
    }

    /// About how many stretches a ray crosses: one per cell line, plus one. Infinite or
    /// huge for a ray far longer than the cells.
    pub(crate) fn estimate(ray: &Ray, max_distance: f32, side: f32) -> f32 {
        let lines = ray.direction().abs() * max_distance / side;
        lines.x + lines.y + 1.0
    }

    /// Where the next line on `axis` is.
    fn next_line(&self, axis: usize) -> f64 {
        self.first[axis] + self.crossed[axis] as f64 * self.step[axis]
    }
}

impl Iterator for RayStretches {
    type Item = (f32, f32);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let end = self.next_line(0).min(self.next_line(1));
        let end = if end >= self.max_distance {
            self.done = true;
            self.max_distance
        } else {
            for axis in 0..2 {
                while self.next_line(axis) <= end {
                    self.crossed[axis] += 1;
                }
            }
            end
        };
        let stretch = (self.start as f32, end as f32);
        self.start = end;
        Some(stretch)
    }
}

/// The box of `ray` from `start` to `end`, grown by the rounding of the points on it
/// (and a little more), so a collider the exact ray touches always meets it.
pub(crate) fn stretch_box(ray: &Ray, start: f32, end: f32) -> Aabb {
    padded(Aabb::new(
        ray.at(start).min(ray.at(end)),
        ray.at(start).max(ray.at(end)),
    ))
}

/// `aabb` grown by a margin above the rounding of coordinates its size: the boxes a
/// query looks up with never miss a collider that an exact test would touch.
pub(crate) fn padded(aabb: Aabb) -> Aabb {
    let magnitude = aabb.min.abs().max(aabb.max.abs()).max_element();
    aabb.grown(1e-4 + magnitude * 16.0 * f32::EPSILON)
}

/// A box around `point`, padded like [`padded`].
pub(crate) fn point_box(point: Vec2) -> Aabb {
    padded(Aabb::new(point, point))
}

#[cfg(test)]
mod tests;
