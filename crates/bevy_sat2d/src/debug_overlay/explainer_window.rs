//! The SAT explainer's own egui window: the selected pair, every candidate axis with
//! its source, both shadows as numbers, the overlap or gap, the deciding axis and why,
//! containment and concave notes, and the step-through's controls.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use sat2d::{SatExplanation, Shape};

use super::colors;
use super::explainer_text::{
    axis_source_text, containment_text, decision_text, interval_text, short_number, step_text,
};
use super::state::SatDebugState;
use super::step_through::{AxisWalk, deciding_axis};
use super::window_placement::window_position;
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_collider::PlacedCollider;

/// The window's title (and egui id).
pub const EXPLAINER_TITLE: &str = "SAT explainer";
/// The window's default width in logical pixels.
const WIDTH: f32 = 430.0;
/// Room left at the bottom right for an app's own small window (the showcase's help).
const BOTTOM_MARGIN: f32 = 130.0;
/// The window's size as its first placement assumes it (the crates of the showcase).
const FIRST_SIZE: Vec2 = Vec2::new(WIDTH, 340.0);

/// The screen rectangle (logical pixels) holding both colliders' bounding boxes, as
/// the first active camera shows them.
fn pair_on_screen(
    pair: [&PlacedCollider; 2],
    cameras: &Query<(&Camera, &GlobalTransform)>,
) -> Option<Rect> {
    let (camera, transform) = cameras.iter().find(|(camera, _)| camera.is_active)?;
    let mut screen: Option<Rect> = None;
    for placed in pair {
        let aabb = placed.bounds?.aabb;
        for corner in [
            aabb.min,
            aabb.max,
            Vec2::new(aabb.min.x, aabb.max.y),
            Vec2::new(aabb.max.x, aabb.min.y),
        ] {
            let point = camera
                .world_to_viewport(transform, corner.extend(0.0))
                .ok()?;
            screen = Some(screen.map_or(Rect::from_corners(point, point), |rect| {
                rect.union_point(point)
            }));
        }
    }
    screen
}

fn label(entity: Entity, names: &Query<&Name>) -> String {
    names
        .get(entity)
        .map_or_else(|_| format!("{entity}"), |name| format!("{name} ({entity})"))
}

fn color32(color: Color) -> egui::Color32 {
    let [red, green, blue, _] = color.to_srgba().to_u8_array();
    egui::Color32::from_rgb(red, green, blue)
}

/// Draws the explainer window (while the explainer is on and a pair is selected) and
/// records the table row under the cursor.
pub(crate) fn draw_explainer_window(
    mut contexts: EguiContexts,
    mut state: ResMut<SatDebugState>,
    world: Res<CollisionWorld>,
    names: Query<&Name>,
    cameras: Query<(&Camera, &GlobalTransform)>,
) -> Result {
    if !state.draw.explainer {
        return Ok(());
    }
    let context = contexts.ctx_mut()?;
    let viewport = context.viewport_rect();
    let state = &mut *state;
    let pair = state
        .selected
        .and_then(|entity| world.collider(entity))
        .zip(state.partner.and_then(|entity| world.collider(entity)));
    state
        .explainer
        .follow_pair(pair.map(|(a, b)| (a.entity, b.entity)));
    // Without a pair the window stays closed (the panel says how to pick one).
    let Some((a, b)) = pair else {
        return Ok(());
    };
    // The window first opens in a corner that leaves the pair uncovered; egui then
    // remembers where the user moves it.
    let screen = Rect::new(
        viewport.min.x,
        viewport.min.y,
        viewport.max.x,
        viewport.max.y,
    );
    let position = window_position(
        screen,
        state.panel_width,
        BOTTOM_MARGIN,
        FIRST_SIZE,
        pair_on_screen([a, b], &cameras),
    );
    // Last frame's hovered row is underlined; this frame's is found while drawing.
    let hovered = state.explainer.hovered.take();
    let window = egui::Window::new(EXPLAINER_TITLE)
        // Anchored by its bottom right, so a taller table grows upward, away from an
        // app's own small window below it.
        .pivot(egui::Align2::RIGHT_BOTTOM)
        .default_pos([position.x + FIRST_SIZE.x, position.y + FIRST_SIZE.y])
        .default_width(WIDTH)
        .max_width(WIDTH)
        .collapsible(true)
        .resizable(false);
    window.show(context, |ui| {
        let explanation = sat2d::explain(&a.shape, &a.iso, &b.shape, &b.iso);
        state.explainer.clamp(&explanation.axes);
        pair_heading(ui, a, b, &names);
        ui.label(decision_text(&explanation));
        concave_note(ui, a, b, &explanation, &world);
        let focus = state
            .explainer
            .step
            .unwrap_or_else(|| deciding_axis(&explanation));
        if let Some(text) = containment_text(&explanation.axes[focus]) {
            ui.label(format!("axis {}: {text}", focus + 1));
        }
        ui.separator();
        controls(ui, &mut state.explainer, &explanation);
        axis_table(ui, &mut state.explainer, hovered, a, b, &explanation);
    });
    Ok(())
}

fn pair_heading(ui: &mut egui::Ui, a: &PlacedCollider, b: &PlacedCollider, names: &Query<&Name>) {
    for (name, placed, color) in [("A", a, colors::SELECTED), ("B", b, colors::PARTNER)] {
        ui.label(
            egui::RichText::new(format!(
                "{name} = {} · {}",
                label(placed.entity, names),
                placed.shape.kind().name()
            ))
            .color(color32(color))
            .strong(),
        );
    }
}

/// For a concave pair: the parts examined, and how the whole shape's MTV was found.
fn concave_note(
    ui: &mut egui::Ui,
    a: &PlacedCollider,
    b: &PlacedCollider,
    explanation: &SatExplanation,
    world: &CollisionWorld,
) {
    let parts = |shape: &Shape, part: usize| {
        if shape.part_count() > 1 {
            format!("part {part} of {}", shape.part_count())
        } else {
            "whole shape".into()
        }
    };
    if a.shape.part_count() == 1 && b.shape.part_count() == 1 {
        return;
    }
    ui.label(format!(
        "concave: parts examined (outlined): A's {}, B's {}; the pair that overlaps most (or is nearest)",
        parts(&a.shape, explanation.part_a),
        parts(&b.shape, explanation.part_b)
    ));
    match world.contact(a.entity, b.entity) {
        Some(contact) => ui.label(format!(
            "whole-shape MTV: depth {:.2} along ({:.2}, {:.2}): the nearest point outside \
             every part pair's Minkowski difference (sat2d::contact), since pushing only \
             these parts apart could push B into another part",
            contact.depth, contact.normal.x, contact.normal.y
        )),
        None => ui.label("the whole shapes do not touch: no MTV"),
    };
}

fn controls(ui: &mut egui::Ui, walk: &mut AxisWalk, explanation: &SatExplanation) {
    ui.horizontal(|ui| {
        if ui
            .button("◀")
            .on_hover_text("previous axis (Left arrow key)")
            .clicked()
        {
            walk.back();
        }
        if ui
            .button("▶")
            .on_hover_text("next axis (Right arrow key)")
            .clicked()
        {
            walk.forward(&explanation.axes);
        }
        if walk.step.is_some() && ui.button("summary").clicked() {
            walk.step = None;
        }
        ui.checkbox(&mut walk.all_axes, "all axes at once");
    });
    match walk.step {
        Some(step) => {
            ui.label(egui::RichText::new(step_text(&explanation.axes, step)).strong());
        }
        None => {
            ui.weak("◀ ▶ or the Left / Right arrow keys: step through the axes in test order");
        }
    }
}

fn axis_table(
    ui: &mut egui::Ui,
    walk: &mut AxisWalk,
    hovered: Option<usize>,
    a: &PlacedCollider,
    b: &PlacedCollider,
    explanation: &SatExplanation,
) {
    let deciding = deciding_axis(explanation);
    let current = walk.step.unwrap_or(deciding);
    let (kind_a, kind_b) = (a.shape.kind(), b.shape.kind());
    egui::ScrollArea::vertical()
        .id_salt("sat2d_explainer_axes")
        .max_height(250.0)
        .show(ui, |ui| {
            egui::Grid::new("sat2d_explainer_grid")
                .num_columns(6)
                .spacing([8.0, 2.0])
                .striped(true)
                .show(ui, |ui| {
                    for heading in ["#", "axis", "from", "A's shadow", "B's shadow", "overlap"] {
                        ui.strong(heading);
                    }
                    ui.end_row();
                    for (index, projection) in explanation.axes.iter().enumerate() {
                        let tested = walk.tested(index);
                        let style = |text: String| {
                            let mut text = egui::RichText::new(text).monospace();
                            if hovered == Some(index) {
                                text = text.underline();
                            }
                            if !tested {
                                text.weak()
                            } else if index == current {
                                text.strong().background_color(egui::Color32::from_gray(60))
                            } else {
                                text
                            }
                        };
                        let result = if !tested {
                            "untested".into()
                        } else if projection.overlap < 0.0 {
                            format!("gap {}", short_number(-projection.overlap))
                        } else {
                            short_number(projection.overlap)
                        };
                        let result_color = if projection.overlap < 0.0 {
                            colors::GAP
                        } else {
                            colors::OVERLAP
                        };
                        let mut result_text = style(result);
                        if tested {
                            result_text = result_text.color(color32(result_color));
                        }
                        let marker = if index == deciding { "▶" } else { " " };
                        let cells = [
                            ui.label(style(format!("{marker}{}", index + 1))),
                            ui.label(style(format!(
                                "{:.0}°",
                                projection.axis.to_angle().to_degrees()
                            )))
                            .on_hover_text(format!(
                                "unit axis ({:.3}, {:.3})",
                                projection.axis.x, projection.axis.y
                            )),
                            ui.label(style(axis_source_text(projection.source, kind_a, kind_b))),
                            ui.label(style(interval_text(projection.a))),
                            ui.label(style(interval_text(projection.b))),
                            ui.label(result_text),
                        ];
                        if cells.iter().any(egui::Response::hovered) {
                            walk.hovered = Some(index);
                        }
                        ui.end_row();
                    }
                });
        });
}
