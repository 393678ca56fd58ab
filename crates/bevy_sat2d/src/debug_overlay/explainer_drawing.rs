//! The SAT explainer's world drawings: for the deciding axis (or the step-through's
//! axis), the axis under the cursor in the explainer window, or every axis, a figure
//! beside the pair as the tutorials draw it, and the MTV as an arrow.

use bevy::prelude::*;

use super::colors;
use super::gizmo_drawing::SatGizmos;
use super::part_core::PlacedCore;
use super::pixel_scale::PixelScale;
use super::projection_drawing::{figure_side, projection_drawing};
use super::state::SatDebugState;
use super::step_through::{StepOutcome, last_step, step_outcome};
use super::strokes::{dashed_line, thick_arrow, thick_line};
use crate::world::collision_world::CollisionWorld;

/// Pixels: the emphasised figure's shadow bars, the others', the gap or overlap mark.
const BAR_PIXELS: f32 = 8.0;
const FAINT_BAR_PIXELS: f32 = 5.0;
const BETWEEN_PIXELS: f32 = 5.0;
/// The MTV arrow is drawn at least this many pixels long, so its direction reads even
/// for a shallow overlap (its true length is in the explainer window).
const MIN_ARROW_PIXELS: f32 = 40.0;

/// The scale of the first active orthographic camera, or one unit per pixel.
pub(crate) fn pixel_scale(
    cameras: &Query<(&Camera, &GlobalTransform, &Projection)>,
    panel_width: f32,
) -> PixelScale {
    cameras
        .iter()
        .filter(|(camera, ..)| camera.is_active)
        .find_map(|(camera, transform, projection)| {
            PixelScale::of_camera(camera, transform, projection, panel_width)
        })
        .unwrap_or(PixelScale::IDENTITY)
}

/// Draws the explainer's figures for the selected pair.
pub(crate) fn draw_explainer(
    mut gizmos: Gizmos<SatGizmos>,
    state: Res<SatDebugState>,
    world: Res<CollisionWorld>,
    cameras: Query<(&Camera, &GlobalTransform, &Projection)>,
) {
    if !state.draw.explainer {
        return;
    }
    let (Some(a), Some(b)) = (state.selected, state.partner) else {
        return;
    };
    let (Some(a), Some(b)) = (world.collider(a), world.collider(b)) else {
        return;
    };
    let scale = pixel_scale(&cameras, state.panel_width);
    let pixel = scale.world_per_pixel;
    let explanation = sat2d::explain(&a.shape, &a.iso, &b.shape, &b.iso);
    let walk = &state.explainer;
    let part_a = PlacedCore::of(&a.shape, &a.iso, explanation.part_a);
    let part_b = PlacedCore::of(&b.shape, &b.iso, explanation.part_b);
    if a.shape.part_count() > 1 || b.shape.part_count() > 1 {
        // The parts examined, in the shapes' colours.
        for (part, color) in [(&part_a, colors::SELECTED), (&part_b, colors::PARTNER)] {
            if part.points.len() > 2 {
                gizmos.lineloop_2d(part.points.iter().copied(), color.with_alpha(0.8));
            }
        }
    }
    let view_center = if scale.visible.size().is_finite() {
        scale.visible.center()
    } else {
        Vec2::ZERO
    };
    let drawn = walk.drawn_axes(&explanation);
    let mut placed: Vec<(Vec2, Vec2)> = Vec::new();
    for (order, index) in drawn.iter().copied().enumerate() {
        let projection = &explanation.axes[index];
        let side = figure_side(
            projection,
            &part_a,
            &part_b,
            view_center,
            scale.visible,
            pixel,
        );
        // Parallel axes on the same side stack outward instead of overlapping.
        let stack = placed
            .iter()
            .filter(|(axis, other)| {
                axis.dot(projection.axis).abs() > 0.999 && other.dot(side) > 0.5
            })
            .count();
        placed.push((projection.axis, side));
        let drawing = projection_drawing(projection, &part_a, &part_b, side, stack, pixel);
        let emphasised = order == 0 || walk.hovered == Some(index);
        let (bar, alpha) = if emphasised {
            (BAR_PIXELS, 1.0)
        } else {
            (FAINT_BAR_PIXELS, 0.55)
        };
        let axis_color = if emphasised {
            colors::DECIDING_AXIS
        } else {
            colors::AXIS
        };
        thick_line(&mut gizmos, drawing.axis_line, 1.5, pixel, axis_color);
        for projector in drawing.projectors {
            dashed_line(
                &mut gizmos,
                projector,
                pixel,
                colors::PROJECTOR.with_alpha(alpha * 0.8),
            );
        }
        thick_line(
            &mut gizmos,
            drawing.interval_a,
            bar,
            pixel,
            colors::SELECTED.with_alpha(alpha),
        );
        thick_line(
            &mut gizmos,
            drawing.interval_b,
            bar,
            pixel,
            colors::PARTNER.with_alpha(alpha),
        );
        let between = if drawing.overlapping {
            colors::OVERLAP
        } else {
            colors::GAP
        };
        thick_line(
            &mut gizmos,
            drawing.between,
            BETWEEN_PIXELS,
            pixel,
            between.with_alpha(alpha),
        );
    }
    // The MTV, once the test has found every axis overlapping.
    let finished = walk.step.is_none_or(|step| {
        step == last_step(&explanation.axes)
            && step_outcome(&explanation.axes, step) == StepOutcome::Colliding
    });
    if state.draw.mtv && finished && !explanation.separated() {
        let push = world.contact(a.entity, b.entity).map_or_else(
            || explanation.axes[explanation.deciding].push(),
            |contact| contact.mtv(),
        );
        let start = b.iso.translation;
        let shown = push.length().max(MIN_ARROW_PIXELS * pixel);
        if let Some(direction) = push.try_normalize() {
            thick_arrow(
                &mut gizmos,
                (start, start + direction * shown),
                12.0,
                pixel,
                colors::MTV,
            );
        }
    }
}

#[cfg(test)]
mod tests;
