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
mod tests {
    use super::*;
    use sat2d::AxisSource;

    fn projection(a: (f32, f32), b: (f32, f32)) -> AxisProjection {
        AxisProjection {
            axis: Vec2::X,
            source: AxisSource::FaceOfA(0),
            a,
            b,
            overlap: (a.1 - b.0).min(b.1 - a.0),
        }
    }

    #[test]
    fn intervals_land_on_the_axis_line() {
        let drawing = projection_drawing(
            &projection((0.0, 4.0), (3.0, 9.0)),
            Vec2::new(2.0, 5.0),
            50.0,
        );
        assert_eq!(
            drawing.interval_a,
            (
                Vec2::new(0.0, 5.0 + INTERVAL_OFFSET),
                Vec2::new(4.0, 5.0 + INTERVAL_OFFSET)
            )
        );
        assert_eq!(
            drawing.interval_b,
            (
                Vec2::new(3.0, 5.0 - INTERVAL_OFFSET),
                Vec2::new(9.0, 5.0 - INTERVAL_OFFSET)
            )
        );
        assert!(drawing.overlapping);
        assert_eq!(drawing.between, (Vec2::new(3.0, 5.0), Vec2::new(4.0, 5.0)));
        assert_eq!(
            drawing.axis_line,
            (Vec2::new(-48.0, 5.0), Vec2::new(52.0, 5.0))
        );
    }

    #[test]
    fn a_gap_is_drawn_between_the_intervals_in_either_order() {
        let right = projection_drawing(&projection((0.0, 1.0), (3.0, 4.0)), Vec2::ZERO, 10.0);
        assert!(!right.overlapping);
        assert_eq!(right.between, (Vec2::new(1.0, 0.0), Vec2::new(3.0, 0.0)));
        let left = projection_drawing(&projection((5.0, 6.0), (0.0, 2.0)), Vec2::ZERO, 10.0);
        assert_eq!(left.between, (Vec2::new(2.0, 0.0), Vec2::new(5.0, 0.0)));
    }
}
