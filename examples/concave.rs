//! Concave shapes: an outline, its ear-clipping triangles and the convex parts they are
//! merged into, colliding with a moving circle. Draw your own outline: press E, click
//! the points (either winding), Enter to build it, Escape to cancel.
//!
//! `cargo run --release --example concave [-- --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiPrimaryContextPass, egui};
use bevy_sat2d::debug_overlay::{SatDebugState, cursor_world_position, pointer_over_ui};
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::Shape;

/// The concave collider on display.
#[derive(Component)]
struct Outline;

/// The circle sweeping through it.
#[derive(Component)]
struct Sweeper;

/// Points clicked so far while drawing, and the last build error.
#[derive(Resource, Default)]
struct Drawing {
    active: bool,
    points: Vec<Vec2>,
    message: String,
}

fn main() {
    let mut app = common::windowed_app("sat2d concave");
    app.init_resource::<Drawing>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (sweep, draw_outline_input))
        .add_systems(PostUpdate, draw_decomposition.after(SatSystems::Events))
        .add_systems(EguiPrimaryContextPass, help_window);
    app.run();
}

/// An "E": concave in both notches between its bars.
fn default_outline() -> Vec<Vec2> {
    [
        (-160.0, -140.0),
        (160.0, -140.0),
        (160.0, -60.0),
        (-60.0, -60.0),
        (-60.0, 0.0),
        (60.0, 0.0),
        (60.0, 60.0),
        (-60.0, 60.0),
        (-60.0, 100.0),
        (160.0, 100.0),
        (160.0, 180.0),
        (-160.0, 180.0),
    ]
    .into_iter()
    .map(|(x, y)| Vec2::new(x, y))
    .collect()
}

fn spawn(mut commands: Commands) {
    let outline = Collider::polygon(&default_outline()).expect("the default outline is simple");
    commands.spawn((Name::new("outline"), outline, Outline, Transform::default()));
    commands.spawn((
        Name::new("sweeper"),
        Collider::circle(34.0),
        Sweeper,
        Transform::from_xyz(-40.0, 30.0, 0.0),
    ));
}

/// Moves the circle back and forth through the shape's notch.
fn sweep(time: Res<Time>, mut sweeper: Single<&mut Transform, With<Sweeper>>) {
    let t = time.elapsed_secs();
    sweeper.translation.x = 90.0 * (t * 0.6).sin();
    sweeper.translation.y = 30.0 + 40.0 * (t * 1.3).cos();
}

/// Draws the ear-clipping triangles faintly and each merged convex part in its own
/// colour (the overlay draws the outline).
fn draw_decomposition(
    mut gizmos: Gizmos,
    world: Res<CollisionWorld>,
    outline: Single<Entity, With<Outline>>,
) {
    let Some(placed) = world.collider(*outline) else {
        return;
    };
    let Shape::Concave(polygon) = &*placed.shape else {
        return;
    };
    let points: Vec<Vec2> = polygon
        .points()
        .iter()
        .map(|p| placed.iso.transform_point(*p))
        .collect();
    for triangle in polygon.triangles() {
        let corners = triangle.map(|index| points[index as usize]);
        gizmos.lineloop_2d(corners, Color::srgba(0.7, 0.7, 0.7, 0.25));
    }
    for (index, part) in polygon.parts().iter().enumerate() {
        let color = Color::hsl(index as f32 * 67.0, 0.7, 0.6);
        let world_points: Vec<Vec2> = part
            .points()
            .iter()
            .map(|p| placed.iso.transform_point(*p))
            .collect();
        let center = world_points.iter().copied().sum::<Vec2>() / world_points.len() as f32;
        // Shrunk a little toward the part's centre, so shared edges show both parts.
        gizmos.lineloop_2d(
            world_points.iter().map(|p| center + (*p - center) * 0.92),
            color,
        );
    }
}

fn draw_outline_input(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    mut drawing: ResMut<Drawing>,
    mut gizmos: Gizmos,
    outline: Single<Entity, With<Outline>>,
    wants_input: Res<EguiWantsInput>,
    state: Res<SatDebugState>,
    mut commands: Commands,
) {
    if keys.just_pressed(KeyCode::KeyE) {
        *drawing = Drawing {
            active: true,
            ..default()
        };
    }
    if !drawing.active {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        drawing.active = false;
        return;
    }
    let cursor = cursor_world_position(&window, &cameras);
    let on_world = !pointer_over_ui(&window, &wants_input, &state);
    if buttons.just_pressed(MouseButton::Left)
        && on_world
        && let Some(point) = cursor
    {
        drawing.points.push(point);
    }
    let mut preview = drawing.points.clone();
    preview.extend(cursor);
    gizmos.linestrip_2d(preview, Color::WHITE);
    if keys.just_pressed(KeyCode::Enter) {
        match Collider::polygon(&drawing.points) {
            Ok(collider) => {
                commands
                    .entity(*outline)
                    .insert((collider, Transform::default()));
                drawing.active = false;
                drawing.message = format!("built from {} points", drawing.points.len());
            }
            Err(error) => drawing.message = format!("not a valid outline: {error}"),
        }
    }
}

fn help_window(
    mut contexts: bevy_egui::EguiContexts,
    drawing: Res<Drawing>,
    world: Res<CollisionWorld>,
    outline: Single<Entity, With<Outline>>,
) -> Result {
    let parts = world
        .collider(*outline)
        .map_or(0, |placed| placed.shape.part_count());
    egui::Window::new("concave")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -10.0])
        .show(contexts.ctx_mut()?, |ui| {
            ui.label(format!(
                "convex parts: {parts} (grey: ear-clipping triangles)"
            ));
            if drawing.active {
                ui.label(format!(
                    "drawing: {} points · click to add · Enter builds · Esc cancels",
                    drawing.points.len()
                ));
            } else {
                ui.label("E: draw a new outline");
            }
            if !drawing.message.is_empty() {
                ui.label(&drawing.message);
            }
        });
    Ok(())
}
