//! Where the SAT explainer draws one axis as the tutorials' figures do: a short axis
//! line beside the pair, each shape's shadow as a bar on it, the overlap or gap between
//! them, and dashed projection lines from the extreme points to the shadows' ends.
//! Distances are given in screen pixels and converted with the camera's scale.

use bevy::math::{Rect, Vec2};
use sat2d::AxisProjection;

use super::part_core::PlacedCore;

/// Pixels between the pair and the axis line.
pub const MARGIN_PIXELS: f32 = 30.0;
/// Pixels between the axis line and the middle of each shadow bar.
pub const BAR_OFFSET_PIXELS: f32 = 7.0;
/// Pixels the axis line reaches beyond both shadows.
pub const OVERHANG_PIXELS: f32 = 24.0;
/// Pixels between two figures of parallel axes drawn at once.
pub const STACK_PIXELS: f32 = 34.0;

/// The drawable pieces of one axis's figure, in world space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProjectionDrawing {
    /// The axis line's two ends.
    pub axis_line: (Vec2, Vec2),
    /// A's shadow: a bar on the far side of the line.
    pub interval_a: (Vec2, Vec2),
    /// B's shadow: a bar on the near side of the line.
    pub interval_b: (Vec2, Vec2),
    /// The overlap (when `overlapping`) or the gap between the shadows, on the line.
    pub between: (Vec2, Vec2),
    /// Whether the shadows overlap.
    pub overlapping: bool,
    /// Dashed projection lines, from the extreme boundary points to the shadows' ends:
    /// A's minimum, A's maximum, B's minimum, B's maximum.
    pub projectors: [(Vec2, Vec2); 4],
    /// Unit direction from the pair toward the figure (perpendicular to the axis).
    pub side: Vec2,
}

/// Lays out `projection`'s figure beside parts `a` and `b`, on the side `side` (a unit
/// normal of the axis), `stack` figures further out, with `world_per_pixel` world units
/// per screen pixel.
///
/// Every point splits exactly as `p = axis (p·axis) + side (p·side)`, so the shadow
/// value `v` lands at `axis v + side d`, where `d` clears both parts by the margin.
#[must_use]
pub fn projection_drawing(
    projection: &AxisProjection,
    a: &PlacedCore,
    b: &PlacedCore,
    side: Vec2,
    stack: usize,
    world_per_pixel: f32,
) -> ProjectionDrawing {
    let axis = projection.axis;
    debug_assert!(axis.dot(side).abs() < 1e-3, "the side is across the axis");
    let pixels = |count: f32| count * world_per_pixel;
    let line =
        a.reach(side).max(b.reach(side)) + pixels(MARGIN_PIXELS + STACK_PIXELS * stack as f32);
    let at = |value: f32, offset: f32| axis * value + side * (line + offset);
    let bar = pixels(BAR_OFFSET_PIXELS);
    let ((a_min, a_max), (b_min, b_max)) = (projection.a, projection.b);
    let overlapping = projection.overlap >= 0.0;
    let between = if overlapping {
        (at(a_min.max(b_min), 0.0), at(a_max.min(b_max), 0.0))
    } else if a_max < b_min {
        (at(a_max, 0.0), at(b_min, 0.0))
    } else {
        (at(b_max, 0.0), at(a_min, 0.0))
    };
    let overhang = pixels(OVERHANG_PIXELS);
    let (a_low, a_high) = a.extremes(axis);
    let (b_low, b_high) = b.extremes(axis);
    ProjectionDrawing {
        axis_line: (
            at(a_min.min(b_min) - overhang, 0.0),
            at(a_max.max(b_max) + overhang, 0.0),
        ),
        interval_a: (at(a_min, bar), at(a_max, bar)),
        interval_b: (at(b_min, -bar), at(b_max, -bar)),
        between,
        overlapping,
        projectors: [
            (a_low, at(a_min, bar)),
            (a_high, at(a_max, bar)),
            (b_low, at(b_min, -bar)),
            (b_high, at(b_max, -bar)),
        ],
        side,
    }
}

/// The side of the pair to draw `axis`'s figure on: away from `view_center` (toward
/// the screen's emptier edge), unless that figure leaves `visible` and the other
/// side's does not.
#[must_use]
pub fn figure_side(
    projection: &AxisProjection,
    a: &PlacedCore,
    b: &PlacedCore,
    view_center: Vec2,
    visible: Rect,
    world_per_pixel: f32,
) -> Vec2 {
    let normal = projection.axis.perp();
    let pair_center = (a.points[0] + b.points[0]) * 0.5;
    let away = if (pair_center - view_center).dot(normal) >= 0.0 {
        normal
    } else {
        -normal
    };
    let fits = |side: Vec2| {
        let drawing = projection_drawing(projection, a, b, side, 0, world_per_pixel);
        let (start, end) = drawing.axis_line;
        let outer = side * world_per_pixel * (BAR_OFFSET_PIXELS + 4.0);
        [start, end, start + outer, end + outer]
            .iter()
            .all(|point| visible.contains(*point))
    };
    if !fits(away) && fits(-away) {
        -away
    } else {
        away
    }
}

#[cfg(test)]
mod tests;
