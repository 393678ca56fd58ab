//! Where the SAT explainer draws an axis and the projection intervals on it.

use bevy::math::Vec2;
use sat2d::AxisProjection;

/// How far (world units) each interval sits beside the axis line, so both are visible.
pub const INTERVAL_OFFSET: f32 = 6.0;

/// The drawable pieces of one projection: the axis line through `base`, A's and B's
/// intervals beside it, and the overlap (or gap) between them on the line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProjectionDrawing {
    /// The axis line's two ends.
    pub axis_line: (Vec2, Vec2),
    /// A's interval, offset to one side.
    pub interval_a: (Vec2, Vec2),
    /// B's interval, offset to the other side.
    pub interval_b: (Vec2, Vec2),
    /// The overlap (when `overlapping`) or the gap between the intervals, on the line.
    pub between: (Vec2, Vec2),
    /// Whether the intervals overlap.
    pub overlapping: bool,
}

/// Lays out `projection` on a line through `base`, `half_length` long each way.
///
/// A point `p` projects to `base + axis × (p·axis − base·axis)`, so an interval
/// `(min, max)` of dot products maps to the segment between the images of `min` and `max`.
#[must_use]
pub fn projection_drawing(
    projection: &AxisProjection,
    base: Vec2,
    half_length: f32,
) -> ProjectionDrawing {
    let axis = projection.axis;
    let side = axis.perp() * INTERVAL_OFFSET;
    let origin = base.dot(axis);
    let at = |value: f32| base + axis * (value - origin);
    let (a, b) = (projection.a, projection.b);
    let overlapping = projection.overlap >= 0.0;
    let between = if overlapping {
        (at(a.0.max(b.0)), at(a.1.min(b.1)))
    } else if a.1 < b.0 {
        (at(a.1), at(b.0))
    } else {
        (at(b.1), at(a.0))
    };
    ProjectionDrawing {
        axis_line: (base - axis * half_length, base + axis * half_length),
        interval_a: (at(a.0) + side, at(a.1) + side),
        interval_b: (at(b.0) - side, at(b.1) - side),
        between,
        overlapping,
    }
}

#[cfg(test)]
mod tests;
