//! Thick, dashed and arrow strokes for the explainer's figures, sized in screen pixels
//! (gizmo lines have one width per group, so a thick bar is several side-by-side lines).

use bevy::prelude::*;

use super::gizmo_drawing::SatGizmos;

/// Pixels between the side-by-side lines of a thick stroke (under the default 2-pixel
/// gizmo line width, so they merge into one bar).
const STRIPE_PIXELS: f32 = 1.5;

/// The pieces of a dashed line from `start` to `end`: `dash` long, `gap` apart (world
/// units), the last one cut at `end`.
#[must_use]
pub fn dashes(start: Vec2, end: Vec2, dash: f32, gap: f32) -> Vec<(Vec2, Vec2)> {
    let length = start.distance(end);
    if length == 0.0 || dash <= 0.0 || !length.is_finite() {
        return Vec::new();
    }
    let direction = (end - start) / length;
    let period = dash + gap.max(0.0);
    let count = (length / period).ceil().min(1000.0) as usize;
    (0..count)
        .map(|index| {
            let from = index as f32 * period;
            let to = (from + dash).min(length);
            (start + direction * from, start + direction * to)
        })
        .collect()
}

/// A bar `thickness_pixels` wide from `start` to `end`.
pub(crate) fn thick_line(
    gizmos: &mut Gizmos<SatGizmos>,
    (start, end): (Vec2, Vec2),
    thickness_pixels: f32,
    world_per_pixel: f32,
    color: Color,
) {
    let across = (end - start).normalize_or_zero().perp();
    let stripes = (thickness_pixels / STRIPE_PIXELS).ceil().max(1.0) as usize;
    for stripe in 0..stripes {
        let offset = (stripe as f32 - (stripes - 1) as f32 * 0.5) * STRIPE_PIXELS;
        let shift = across * offset * world_per_pixel;
        gizmos.line_2d(start + shift, end + shift, color);
    }
}

/// A dashed line, 6-pixel dashes 4 pixels apart.
pub(crate) fn dashed_line(
    gizmos: &mut Gizmos<SatGizmos>,
    (start, end): (Vec2, Vec2),
    world_per_pixel: f32,
    color: Color,
) {
    for (from, to) in dashes(start, end, 6.0 * world_per_pixel, 4.0 * world_per_pixel) {
        gizmos.line_2d(from, to, color);
    }
}

/// A thick arrow from `start` to `end` with a head `head_pixels` long.
pub(crate) fn thick_arrow(
    gizmos: &mut Gizmos<SatGizmos>,
    (start, end): (Vec2, Vec2),
    head_pixels: f32,
    world_per_pixel: f32,
    color: Color,
) {
    let Some(direction) = (end - start).try_normalize() else {
        return;
    };
    let head = head_pixels * world_per_pixel;
    let neck = end - direction * head.min(start.distance(end));
    thick_line(gizmos, (start, neck), 4.0, world_per_pixel, color);
    // The head: a filled-looking triangle of lines fanning from the tip.
    let across = direction.perp() * head * 0.5;
    let steps = (head_pixels / STRIPE_PIXELS).ceil().max(1.0) as usize;
    for step in 0..=steps {
        let t = step as f32 / steps as f32 * 2.0 - 1.0;
        gizmos.line_2d(end, neck + across * t, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dashes_cover_the_line_in_steps_and_stop_at_its_end() {
        let pieces = dashes(Vec2::ZERO, Vec2::new(25.0, 0.0), 6.0, 4.0);
        assert_eq!(
            pieces,
            [
                (Vec2::ZERO, Vec2::new(6.0, 0.0)),
                (Vec2::new(10.0, 0.0), Vec2::new(16.0, 0.0)),
                (Vec2::new(20.0, 0.0), Vec2::new(25.0, 0.0)),
            ]
        );
        assert!(dashes(Vec2::ONE, Vec2::ONE, 6.0, 4.0).is_empty());
    }
}
