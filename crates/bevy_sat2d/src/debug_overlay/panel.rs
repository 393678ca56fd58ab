//! The egui panel: statistics, switches, the collider list and the inspector (the SAT
//! explainer has its own window).

use bevy::ecs::entity::EntityHashSet;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use sat2d::Shape;

use super::state::SatDebugState;
use crate::diagnostics::SatDiagnostics;
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_collider::PlacedCollider;

/// The panel's width in logical pixels.
pub const PANEL_WIDTH: f32 = 330.0;

/// How many rows the collider list shows before "… more".
const LIST_LIMIT: usize = 200;

fn milliseconds(duration: core::time::Duration) -> String {
    format!("{:.3} ms", duration.as_secs_f64() * 1e3)
}

fn vec2(value: Vec2) -> String {
    format!("({:.2}, {:.2})", value.x, value.y)
}

fn label(entity: Entity, names: &Query<&Name>) -> String {
    names
        .get(entity)
        .map_or_else(|_| format!("{entity}"), |name| format!("{name} ({entity})"))
}

/// Draws the panel and records its width for picking.
pub(crate) fn draw_panel(
    mut contexts: EguiContexts,
    mut state: ResMut<SatDebugState>,
    world: Res<CollisionWorld>,
    diagnostics: Res<SatDiagnostics>,
    time: Res<Time>,
    names: Query<&Name>,
) -> Result {
    let context = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        context.clone(),
        "sat2d_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(context.viewport_rect()),
    );
    let state = &mut *state;
    let panel = egui::Panel::left("sat2d_debug_panel")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading("sat2d overlay");
                ui.label("F1 hides · click selects · Shift+click picks the second shape");
                statistics(ui, &diagnostics, &time);
                switches(ui, state);
                collider_list(ui, state, &world, &names);
                inspector(ui, state, &world, &names);
                if state.draw.explainer && (state.selected.is_none() || state.partner.is_none()) {
                    ui.label("SAT explainer: select a collider, then Shift+click a second one (or pick one of its contacts) to open its window.");
                }
            });
        });
    state.panel_width = panel.response.rect.right();
    Ok(())
}

fn statistics(ui: &mut egui::Ui, diagnostics: &SatDiagnostics, time: &Time) {
    egui::CollapsingHeader::new("Step")
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new("sat2d_stats")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    let rows = [
                        ("colliders", diagnostics.colliders.to_string()),
                        ("moved", diagnostics.moved.to_string()),
                        ("skipped", diagnostics.skipped.to_string()),
                        ("candidate pairs", diagnostics.candidate_pairs.to_string()),
                        ("SAT tests", diagnostics.sat_tests.to_string()),
                        ("reused contacts", diagnostics.reused_contacts.to_string()),
                        ("contacts", diagnostics.contacts.to_string()),
                        ("sync", milliseconds(diagnostics.sync_time)),
                        ("broad phase", milliseconds(diagnostics.broad_phase_time)),
                        ("narrow phase", milliseconds(diagnostics.narrow_phase_time)),
                        ("events", milliseconds(diagnostics.events_time)),
                        ("collision step", milliseconds(diagnostics.total_time())),
                        ("frame", milliseconds(time.delta())),
                    ];
                    for (name, value) in rows {
                        ui.label(name);
                        ui.monospace(value);
                        ui.end_row();
                    }
                });
        });
}

fn switches(ui: &mut egui::Ui, state: &mut SatDebugState) {
    egui::CollapsingHeader::new("Draw")
        .default_open(true)
        .show(ui, |ui| {
            let draw = &mut state.draw;
            ui.checkbox(&mut draw.outlines, "outlines (idle / colliding / selected)");
            ui.checkbox(&mut draw.aabbs, "bounding boxes");
            ui.checkbox(&mut draw.bounding_circles, "bounding circles");
            ui.checkbox(&mut draw.grid_cells, "broad-phase cells");
            ui.checkbox(&mut draw.contact_points, "contact points");
            ui.checkbox(&mut draw.normals, "contact normals");
            ui.checkbox(&mut draw.mtv, "MTV arrows");
            ui.checkbox(
                &mut draw.explainer,
                "SAT explainer (its window; arrow keys step)",
            );
            ui.checkbox(
                &mut draw.queries,
                "queries (rays, shape casts, overlaps, points)",
            );
            ui.checkbox(&mut draw.movers, "character movers (ground, hits, move)");
            ui.checkbox(&mut draw.tile_cells, "tile cells inside merged tiles");
            ui.checkbox(&mut draw.concave_parts, "convex parts of concave colliders");
        });
}

fn collider_list(
    ui: &mut egui::Ui,
    state: &mut SatDebugState,
    world: &CollisionWorld,
    names: &Query<&Name>,
) {
    egui::CollapsingHeader::new("Colliders")
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label("filter");
                ui.text_edit_singleline(&mut state.filter);
            });
            let filter = state.filter.to_lowercase();
            let mut rows: Vec<(&PlacedCollider, String)> = world
                .colliders()
                .map(|placed| (placed, label(placed.entity, names)))
                .filter(|(placed, text)| {
                    filter.is_empty()
                        || text.to_lowercase().contains(&filter)
                        || placed.shape.kind().name().contains(&filter)
                })
                .collect();
            rows.sort_by_key(|(placed, _)| placed.entity);
            let colliding: EntityHashSet =
                world.touching_pairs().flat_map(|(a, b)| [a, b]).collect();
            egui::ScrollArea::vertical()
                .id_salt("sat2d_list")
                .max_height(180.0)
                .show(ui, |ui| {
                    for (placed, text) in rows.iter().take(LIST_LIMIT) {
                        let touching = if colliding.contains(&placed.entity) {
                            " · colliding"
                        } else {
                            ""
                        };
                        let row = format!("{text} · {}{touching}", placed.shape.kind().name());
                        if ui
                            .selectable_label(state.selected == Some(placed.entity), row)
                            .clicked()
                        {
                            state.selected = Some(placed.entity);
                        }
                    }
                    if rows.len() > LIST_LIMIT {
                        ui.label(format!(
                            "… {} more (use the filter)",
                            rows.len() - LIST_LIMIT
                        ));
                    }
                });
        });
}

fn local_points(shape: &Shape) -> Vec<Vec2> {
    match shape {
        Shape::Circle(_) => vec![Vec2::ZERO],
        Shape::Segment(segment) => vec![segment.a(), segment.b()],
        Shape::Capsule(capsule) => capsule.segment().points().to_vec(),
        Shape::Polygon(polygon) => polygon.points().to_vec(),
        Shape::Concave(polygon) => polygon.points().to_vec(),
    }
}

fn inspector(
    ui: &mut egui::Ui,
    state: &mut SatDebugState,
    world: &CollisionWorld,
    names: &Query<&Name>,
) {
    let Some(selected) = state.selected.and_then(|entity| world.collider(entity)) else {
        return;
    };
    egui::CollapsingHeader::new(format!("Selected: {}", label(selected.entity, names)))
        .default_open(true)
        .show(ui, |ui| {
            let shape: &Shape = &selected.shape;
            egui::Grid::new("sat2d_inspector")
                .num_columns(2)
                .show(ui, |ui| {
                    let mut row = |name: &str, value: String| {
                        ui.label(name);
                        ui.monospace(value);
                        ui.end_row();
                    };
                    row(
                        "shape",
                        format!("{} ({} part(s))", shape.kind().name(), shape.part_count()),
                    );
                    match shape {
                        Shape::Circle(circle) => row("radius", format!("{:.2}", circle.radius())),
                        Shape::Capsule(capsule) => row(
                            "radius, length",
                            format!(
                                "{:.2}, {:.2}",
                                capsule.radius(),
                                capsule.half_length() * 2.0
                            ),
                        ),
                        _ => {}
                    }
                    row("position", vec2(selected.iso.translation));
                    row(
                        "angle",
                        format!("{:.1}°", selected.iso.rotation.angle().to_degrees()),
                    );
                    row("scale", vec2(selected.scale));
                    if let Some(bounds) = selected.bounds {
                        row(
                            "AABB",
                            format!("{} – {}", vec2(bounds.aabb.min), vec2(bounds.aabb.max)),
                        );
                        row("bounding radius", format!("{:.2}", bounds.circle.radius));
                    } else {
                        row("placement", "skipped (bad transform)".into());
                    }
                    row("area", format!("{:.2}", shape.area()));
                    row(
                        "memberships",
                        format!("{:#010x}", selected.layers.memberships),
                    );
                    row("filters", format!("{:#010x}", selected.layers.filters));
                    row("mobility", format!("{:?}", selected.mobility));
                });
            egui::CollapsingHeader::new("vertices (local → world)").show(ui, |ui| {
                for point in local_points(shape) {
                    ui.monospace(format!(
                        "{} → {}",
                        vec2(point),
                        vec2(selected.iso.transform_point(point))
                    ));
                }
            });
            ui.label("contacts (click to explain):");
            // Only the selected collider's contacts are computed.
            let partners = world.touching_pairs().filter_map(|(a, b)| {
                (a == selected.entity)
                    .then_some(b)
                    .or((b == selected.entity).then_some(a))
            });
            for other in partners {
                let Some(contact) = world.contact(selected.entity, other) else {
                    continue;
                };
                let text = format!(
                    "{}: depth {:.3}, normal {}, MTV {}, {} point(s){}{}",
                    label(other, names),
                    contact.depth,
                    vec2(contact.normal),
                    vec2(contact.mtv()),
                    contact.points().len(),
                    if contact.a_in_b { ", inside it" } else { "" },
                    if contact.b_in_a { ", contains it" } else { "" },
                );
                if ui
                    .selectable_label(state.partner == Some(other), text)
                    .clicked()
                {
                    state.partner = Some(other);
                }
                for point in contact.points() {
                    ui.monospace(format!("    point {}", vec2(*point)));
                }
            }
        });
}
