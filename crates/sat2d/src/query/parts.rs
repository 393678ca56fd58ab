//! [`Parts`]: a shape's convex parts placed in one frame, each with a bounding circle,
//! for the routines that loop over part pairs (concave contact, casts, distance).

use glam::Vec2;

use crate::query::core_form::PlacedCore;
use crate::{Iso, Shape};

/// A shape's convex parts in A's frame, with a bounding circle each.
pub(crate) struct Parts<'a> {
    /// Each part placed, in the form its kernels read.
    pub cores: Vec<PlacedCore>,
    /// Each part's bounding circle: centre and radius.
    pub bounds: Vec<(Vec2, f32)>,
    /// Which of each part's edges and corners lie on its shape's boundary
    /// ([`Shape::part_flags`]; `None`: all of them).
    pub flags: Vec<Option<&'a [u8]>>,
}

impl<'a> Parts<'a> {
    /// The parts of `shape` placed by `iso`.
    pub fn new(shape: &'a Shape, iso: &Iso) -> Self {
        let count = shape.part_count();
        Self {
            flags: (0..count).map(|i| shape.part_flags(i)).collect(),
            cores: (0..count).map(|i| PlacedCore::new(shape, i, iso)).collect(),
            bounds: (0..count)
                .map(|i| {
                    let (center, radius) = part_bounds(shape, i);
                    (iso.transform_point(center), radius)
                })
                .collect(),
        }
    }

    /// Whether the bounding circles of part `i` and `other`'s part `j` come within
    /// `tolerance`.
    pub fn overlap(&self, i: usize, other: &Self, j: usize, tolerance: f32) -> bool {
        let (center_a, radius_a) = self.bounds[i];
        let (center_b, radius_b) = other.bounds[j];
        let reach = radius_a + radius_b + tolerance;
        center_a.distance_squared(center_b) <= reach * reach
    }
}

/// Centre and radius of a circle around part `index`, in the shape's frame.
pub(crate) fn part_bounds(shape: &Shape, index: usize) -> (Vec2, f32) {
    match shape {
        Shape::Concave(polygon) => {
            let part = &polygon.parts()[index];
            (part.metrics().centroid, part.metrics().bounding_radius)
        }
        _ => {
            let circle = shape.bounding_circle(&Iso::IDENTITY);
            (circle.center, circle.radius)
        }
    }
}
