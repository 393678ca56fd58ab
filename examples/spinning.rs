//! Spinning: two blades turning 100 degrees a frame among thin walls.
//!
//! The left blade has a `SweptCollider`: between two frames its ends swing through
//! walls it never rests on, and each crossing is reported with its time of impact.
//! The blade is drawn where it was at that time (yellow), with a dot where it met
//! the wall. The right blade has no sweep: it only sees the walls it ends a frame on.
//!
//! The turn is a fixed angle per frame, so a screenshot shows the same scene on any
//! machine. The sweep turns by the shortest turn between two frames' rotations (at
//! most half a turn), so 100 degrees a frame is swept as 100 degrees.
//!
//! `cargo run --release --example spinning [-- --screenshot PATH --frames N]`

#[path = "common/mod.rs"]
mod common;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bevy_sat2d::prelude::*;

/// The blades' turn per frame, clockwise.
const TURN: f32 = -100.0 * core::f32::consts::PI / 180.0;
/// A blade's length and thickness.
const BLADE: Vec2 = Vec2::new(8.0, 260.0);
/// The thin walls around each blade: how far from its centre, how long, how thick.
const WALL_RADIUS: f32 = 100.0;
const WALL: Vec2 = Vec2::new(4.0, 40.0);
/// How long a time-of-impact drawing stays, in frames.
const SHOWN_FOR: u32 = 4;

#[derive(Component)]
struct Blade {
    swept: bool,
    angle: f32,
    hits: u32,
}

/// A swept hit to draw: the blade at its time of impact, and where it met the wall.
struct Impact {
    center: Vec2,
    angle: f32,
    point: Vec2,
    time_of_impact: f32,
    age: u32,
}

#[derive(Resource, Default)]
struct Impacts(Vec<Impact>);

fn main() {
    let mut app = common::windowed_app("sat2d spinning");
    app.init_resource::<Impacts>()
        .add_systems(Startup, spawn_scene)
        .add_systems(Update, (spin, draw_impacts))
        .add_systems(PostUpdate, record_impacts.after(SatSystems::Events))
        .add_systems(EguiPrimaryContextPass, info_window);
    app.run();
}

/// Two blades, each ringed by eight thin walls across its ends' path.
fn spawn_scene(mut commands: Commands) {
    for (x, swept) in [(-220.0, true), (220.0, false)] {
        let center = Vec2::new(x, 0.0);
        let mut blade = commands.spawn((
            Name::new(if swept { "swept blade" } else { "blade" }),
            Blade {
                swept,
                angle: 0.0,
                hits: 0,
            },
            Collider::rectangle(BLADE.x, BLADE.y),
            Transform::from_translation(center.extend(0.0)),
        ));
        if swept {
            blade.insert(SweptCollider);
        }
        for index in 0..8 {
            let angle = (index as f32 + 0.5) * core::f32::consts::FRAC_PI_4;
            let at = center + Vec2::from_angle(angle) * WALL_RADIUS;
            commands.spawn((
                Collider::rectangle(WALL.x, WALL.y),
                StaticCollider,
                Transform::from_translation(at.extend(0.0))
                    .with_rotation(Quat::from_rotation_z(angle)),
            ));
        }
    }
}

/// Turns each blade by `TURN`.
fn spin(mut blades: Query<(&mut Blade, &mut Transform)>) {
    for (mut blade, mut transform) in &mut blades {
        blade.angle += TURN;
        transform.rotation = Quat::from_rotation_z(blade.angle);
    }
}

/// Counts each blade's hits, and keeps the swept ones' times of impact to draw.
fn record_impacts(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    mut blades: Query<(&mut Blade, &Transform)>,
    mut impacts: ResMut<Impacts>,
) {
    for event in events.read().filter(|event| event.is_started()) {
        let (a, b) = event.entities();
        for blade_entity in [a, b] {
            let Ok((mut blade, transform)) = blades.get_mut(blade_entity) else {
                continue;
            };
            blade.hits += 1;
            let (Some(time_of_impact), Some(contact)) = (
                event.time_of_impact(),
                event.contact_from(blade_entity, &world),
            ) else {
                continue;
            };
            // The blade turned from `angle - TURN` to `angle` during the frame.
            impacts.0.push(Impact {
                center: transform.translation.truncate(),
                angle: blade.angle - TURN * (1.0 - time_of_impact),
                point: contact.points().first().copied().unwrap_or_default(),
                time_of_impact,
                age: 0,
            });
        }
    }
}

/// The blade at each recent time of impact, and the point it met the wall.
fn draw_impacts(mut gizmos: Gizmos, mut impacts: ResMut<Impacts>) {
    impacts.0.retain_mut(|impact| {
        impact.age += 1;
        impact.age <= SHOWN_FOR
    });
    for impact in &impacts.0 {
        let fade = 1.0 - impact.age as f32 / (SHOWN_FOR + 1) as f32;
        let color = Color::srgba(1.0, 0.85, 0.2, fade);
        gizmos.rect_2d(
            Isometry2d::new(impact.center, Rot2::radians(impact.angle)),
            BLADE,
            color,
        );
        gizmos.circle_2d(Isometry2d::from_translation(impact.point), 6.0, color);
    }
}

/// The blades' hit counts and the last time of impact, bottom right.
fn info_window(
    mut contexts: EguiContexts,
    impacts: Res<Impacts>,
    blades: Query<(&Name, &Blade)>,
) -> Result {
    let context = contexts.ctx_mut()?;
    egui::Window::new("Spinning")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -10.0])
        .resizable(false)
        .show(context, |ui| {
            ui.label("100 degrees a frame");
            for (name, blade) in &blades {
                let kind = if blade.swept {
                    "SweptCollider"
                } else {
                    "no sweep"
                };
                ui.label(format!("{name} ({kind}): {} hits", blade.hits));
            }
            if let Some(last) = impacts.0.last() {
                ui.label(format!(
                    "last swept hit at {:.2} of its frame (yellow)",
                    last.time_of_impact
                ));
            }
        });
    Ok(())
}
