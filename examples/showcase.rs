//! The showcase: a dozen shapes to drag around, the SAT overlay on.
//!
//! - Drag any shape with the left mouse button; R / T rotate the grabbed or selected
//!   shape. Touching shapes change colour.
//! - M (or the checkbox) makes a dragged shape get pushed out of others by the MTV.
//! - Click a shape to inspect it; Shift+click a second one to see the SAT explainer:
//!   every candidate axis, both projections on the deciding axis, the overlap and the
//!   MTV. F1 hides the overlay.
//!
//! `cargo run --release --example showcase [-- --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use bevy_sat2d::debug_overlay::SatDebugState;
use bevy_sat2d::prelude::*;
use common::dragging::{Draggable, DraggingPlugin, Grab};
use common::fills::{Fill, filled, tint_fills};
use common::push_out::{separation, shift};

/// Whether a dragged shape is pushed out of what it touches.
#[derive(Resource, Default)]
struct PushOut(bool);

fn main() {
    let mut app = common::windowed_app("sat2d showcase");
    app.add_plugins(DraggingPlugin)
        .init_resource::<PushOut>()
        .add_systems(Startup, spawn_shapes)
        .add_systems(Update, (tint_fills, toggle_push_out))
        .add_systems(PostUpdate, push_out_dragged.after(SatSystems::Events))
        .add_systems(EguiPrimaryContextPass, help_window);
    app.run();
}

fn spawn_shapes(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut debug: ResMut<SatDebugState>,
) {
    let concave = [
        Vec2::new(-70.0, -60.0),
        Vec2::new(70.0, -60.0),
        Vec2::new(70.0, 60.0),
        Vec2::new(30.0, 60.0),
        Vec2::new(30.0, -10.0),
        Vec2::new(-30.0, -10.0),
        Vec2::new(-30.0, 60.0),
        Vec2::new(-70.0, 60.0),
    ];
    let shapes: [(&str, Collider, Vec2, f32); 13] = [
        (
            "crate",
            Collider::rectangle(140.0, 90.0),
            Vec2::new(-174.0, 170.0),
            0.0,
        ),
        (
            "small crate",
            Collider::rectangle(70.0, 70.0),
            Vec2::new(-102.0, 200.0),
            0.4,
        ),
        (
            "triangle",
            Collider::polygon(&[
                Vec2::new(-55.0, -40.0),
                Vec2::new(60.0, -40.0),
                Vec2::new(0.0, 60.0),
            ])
            .expect("triangle"),
            Vec2::new(18.0, 190.0),
            0.2,
        ),
        (
            "hexagon",
            Collider::try_from(RegularPolygon::new(60.0, 6)).expect("hexagon"),
            Vec2::new(154.0, 170.0),
            0.0,
        ),
        ("ball", Collider::circle(50.0), Vec2::new(290.0, 150.0), 0.0),
        (
            "marble",
            Collider::circle(28.0),
            Vec2::new(334.0, 200.0),
            0.0,
        ),
        (
            "pill",
            Collider::capsule(28.0, 90.0),
            Vec2::new(-198.0, -110.0),
            0.3,
        ),
        (
            "cup",
            Collider::polygon(&concave).expect("concave cup"),
            Vec2::new(-22.0, -120.0),
            0.0,
        ),
        (
            "wedge",
            Collider::polygon(&[
                Vec2::new(-60.0, -35.0),
                Vec2::new(60.0, -35.0),
                Vec2::new(60.0, 35.0),
            ])
            .expect("wedge"),
            Vec2::new(154.0, -40.0),
            0.0,
        ),
        (
            "pentagon",
            Collider::try_from(RegularPolygon::new(45.0, 5)).expect("pentagon"),
            Vec2::new(306.0, -60.0),
            0.5,
        ),
        (
            "plank",
            Collider::rectangle(220.0, 24.0),
            Vec2::new(70.0, -240.0),
            -0.15,
        ),
        (
            "pebble",
            Collider::circle(18.0),
            Vec2::new(-10.0, -135.0),
            0.0,
        ),
        (
            "rod",
            Collider::segment(Vec2::new(-80.0, 0.0), Vec2::new(80.0, 0.0)),
            Vec2::new(-140.0, -270.0),
            0.2,
        ),
    ];
    let mut entities = Vec::new();
    for (index, (name, collider, position, angle)) in shapes.into_iter().enumerate() {
        let hue = index as f32 * 360.0 / 13.0;
        let fill = Fill::new(Color::hsl(hue, 0.25, 0.32));
        let transform = Transform::from_translation(position.extend(index as f32 * 0.01))
            .with_rotation(Quat::from_rotation_z(angle));
        let mut entity = commands.spawn((Name::new(name), transform, Draggable));
        if let Some(visual) = filled(&collider, fill, &mut meshes, &mut materials) {
            entity.insert(visual);
        }
        entities.push(entity.insert(collider).id());
    }
    // Start with the overlapping crates selected, so the explainer shows at once.
    debug.selected = Some(entities[0]);
    debug.partner = Some(entities[1]);
}

fn toggle_push_out(keys: Res<ButtonInput<KeyCode>>, mut push_out: ResMut<PushOut>) {
    if keys.just_pressed(KeyCode::KeyM) {
        push_out.0 = !push_out.0;
    }
}

/// Pushes the dragged shape out of everything it touches, this frame.
fn push_out_dragged(
    push_out: Res<PushOut>,
    grab: Res<Grab>,
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    mut transforms: Query<(&mut Transform, &mut GlobalTransform)>,
) {
    let events: Vec<CollisionEvent> = events.read().copied().collect();
    let (true, Some((dragged, _))) = (push_out.0, grab.0) else {
        return;
    };
    let push = separation(dragged, &events, &world);
    if push != Vec2::ZERO
        && let Ok((mut transform, mut global)) = transforms.get_mut(dragged)
    {
        shift(&mut transform, &mut global, push);
    }
}

fn help_window(mut contexts: bevy_egui::EguiContexts, mut push_out: ResMut<PushOut>) -> Result {
    egui::Window::new("showcase")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -10.0])
        .show(contexts.ctx_mut()?, |ui| {
            ui.label("drag: left mouse · rotate: R / T");
            ui.label("select: click · explain a pair: Shift+click");
            ui.checkbox(&mut push_out.0, "push dragged shapes out by the MTV (M)");
            ui.label("F1: hide / show the overlay");
        });
    Ok(())
}
