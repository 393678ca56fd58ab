//! Queries: what `SpatialQuery` and `SweptCollider` are for, in one room.
//!
//! - A hitscan laser that reflects off the walls: a `cast_ray` per bounce.
//! - Two bullets fired at a thin wall, 90 units per frame: the one with a
//!   `SweptCollider` reports the hit (with its time of impact), the other tunnels.
//! - An explosion every two seconds: `shape_hits` with a circle finds the crates it
//!   reaches, and pushes them away; each crate moves by `cast_shape`, so none passes
//!   through a wall.
//! - A box that follows the mouse (left button held; otherwise it sweeps back and forth
//!   on its own) and stops where a `cast_shape` says it would hit. Its ghost shows
//!   where it was asked to go.
//!
//! The overlay draws every query of the frame (the "Draw queries" switch in its panel).
//!
//! `cargo run --release --example queries [-- --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bevy_sat2d::debug_overlay::{SatDebugState, cursor_world_position};
use bevy_sat2d::prelude::*;
use common::fills::{Fill, filled, tint_fills};

/// How many times the laser may reflect.
const BOUNCES: usize = 8;
/// The laser's reach per leg.
const LASER_REACH: f32 = 2000.0;
/// Bullet motion per frame: far more than the wall is thick.
const BULLET_STEP: f32 = 90.0;
/// The thin wall the bullets are fired at: its centre x and thickness.
const TARGET_X: f32 = 330.0;
const TARGET_THICKNESS: f32 = 6.0;
/// Where bullets start and where they wrap around.
const BULLET_START_X: f32 = -80.0;
const BULLET_END_X: f32 = 420.0;
/// The explosion: where, how far it reaches, and how often.
const BLAST_CENTER: Vec2 = Vec2::new(-250.0, -150.0);
const BLAST_RADIUS: f32 = 95.0;
const BLAST_PERIOD: f32 = 2.0;
/// How far a moving body keeps from what it hits, so that the next cast starts apart.
const SKIN: f32 = 0.5;

#[derive(Component)]
struct Bullet {
    swept: bool,
    hits: u32,
}

#[derive(Component, Default)]
struct Crate {
    velocity: Vec2,
}

#[derive(Component)]
struct FollowBox;

/// Where something was hit, shown for a while.
struct Marker {
    point: Vec2,
    normal: Vec2,
    time_of_impact: Option<f32>,
    age: f32,
}

#[derive(Resource, Default)]
struct Scene {
    markers: Vec<Marker>,
    laser_legs: usize,
    blast_age: f32,
    blast_hits: Vec<Entity>,
    follow_target: Vec2,
}

fn main() {
    let mut app = common::windowed_app("sat2d queries");
    app.init_resource::<Scene>()
        .add_systems(Startup, (spawn_room, draw_queries_on))
        .add_systems(
            Update,
            (
                move_bullets,
                (explode, move_crates).chain(),
                follow_mouse,
                fire_laser,
                draw_markers,
                tint_fills,
            ),
        )
        .add_systems(PostUpdate, record_bullet_hits.after(SatSystems::Events))
        .add_systems(EguiPrimaryContextPass, info_window);
    app.run();
}

/// Turns on the overlay's query drawing, so the screenshot shows it too.
fn draw_queries_on(mut state: ResMut<SatDebugState>) {
    state.draw.queries = true;
}

fn spawn_room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let mut spawn = |commands: &mut Commands,
                     name: &str,
                     collider: Collider,
                     at: Vec2,
                     angle: f32,
                     fill: Color| {
        let visual = filled(&collider, Fill::new(fill), &mut meshes, &mut materials);
        let mut entity = commands.spawn((
            Name::new(name.to_string()),
            collider,
            Transform::from_translation(at.extend(0.0)).with_rotation(Quat::from_rotation_z(angle)),
        ));
        if let Some(visual) = visual {
            entity.insert(visual);
        }
        entity.id()
    };
    let wall = Color::srgb(0.25, 0.27, 0.33);
    // The room: four walls, a rotated block, a pillar and an L.
    for (name, size, at) in [
        ("floor", Vec2::new(900.0, 20.0), Vec2::new(0.0, -320.0)),
        ("ceiling", Vec2::new(900.0, 20.0), Vec2::new(0.0, 320.0)),
        ("left wall", Vec2::new(20.0, 660.0), Vec2::new(-460.0, 0.0)),
        ("right wall", Vec2::new(20.0, 660.0), Vec2::new(460.0, 0.0)),
    ] {
        let id = spawn(
            &mut commands,
            name,
            Collider::rectangle(size.x, size.y),
            at,
            0.0,
            wall,
        );
        commands.entity(id).insert(StaticCollider);
    }
    let statics = [
        spawn(
            &mut commands,
            "block",
            Collider::rectangle(120.0, 40.0),
            Vec2::new(-120.0, 170.0),
            0.5,
            wall,
        ),
        spawn(
            &mut commands,
            "pillar",
            Collider::circle(45.0),
            Vec2::new(120.0, -40.0),
            0.0,
            wall,
        ),
        spawn(
            &mut commands,
            "L",
            Collider::polygon(&[
                Vec2::new(0.0, 0.0),
                Vec2::new(140.0, 0.0),
                Vec2::new(140.0, 35.0),
                Vec2::new(35.0, 35.0),
                Vec2::new(35.0, 120.0),
                Vec2::new(0.0, 120.0),
            ])
            .expect("a simple outline"),
            Vec2::new(-400.0, -300.0),
            0.0,
            wall,
        ),
        spawn(
            &mut commands,
            "target wall",
            Collider::rectangle(TARGET_THICKNESS, 160.0),
            Vec2::new(TARGET_X, 200.0),
            0.0,
            Color::srgb(0.45, 0.42, 0.3),
        ),
    ];
    for id in statics {
        commands.entity(id).insert(StaticCollider);
    }
    // Two bullets, one swept.
    for (swept, y) in [(true, 240.0), (false, 160.0)] {
        let fill = if swept {
            Color::srgb(0.85, 0.75, 0.25)
        } else {
            Color::srgb(0.5, 0.5, 0.55)
        };
        let name = if swept {
            "swept bullet"
        } else {
            "plain bullet"
        };
        let id = spawn(
            &mut commands,
            name,
            Collider::circle(5.0),
            Vec2::new(BULLET_START_X, y),
            0.0,
            fill,
        );
        let mut bullet = commands.entity(id);
        bullet.insert(Bullet { swept, hits: 0 });
        if swept {
            bullet.insert(SweptCollider);
        }
    }
    // Crates around the blast, two of them touching.
    let crate_fill = Color::srgb(0.45, 0.3, 0.2);
    for (index, offset) in [
        Vec2::new(-40.0, 0.0),
        Vec2::new(-18.0, 0.0),
        Vec2::new(45.0, 20.0),
        Vec2::new(0.0, 60.0),
        Vec2::new(10.0, -70.0),
        Vec2::new(-120.0, 60.0),
    ]
    .into_iter()
    .enumerate()
    {
        let id = spawn(
            &mut commands,
            &format!("crate {index}"),
            Collider::rectangle(24.0, 24.0),
            BLAST_CENTER + offset,
            index as f32 * 0.4,
            crate_fill,
        );
        commands.entity(id).insert(Crate::default());
    }
    let id = spawn(
        &mut commands,
        "follower",
        Collider::rectangle(60.0, 36.0),
        Vec2::new(260.0, -200.0),
        0.0,
        Color::srgb(0.2, 0.45, 0.35),
    );
    commands.entity(id).insert(FollowBox);
}

/// Moves each bullet `BULLET_STEP` to the right per frame, wrapping around. The wrap
/// is a teleport: a swept bullet drops its `SweptCollider` for that frame (else the
/// jump back would be swept through the wall) and gets it again the next.
fn move_bullets(
    mut commands: Commands,
    mut bullets: Query<(Entity, &Bullet, &mut Transform, Has<SweptCollider>)>,
) {
    for (entity, bullet, mut transform, has_sweep) in &mut bullets {
        if bullet.swept && !has_sweep {
            commands.entity(entity).insert(SweptCollider);
        }
        transform.translation.x += BULLET_STEP;
        if transform.translation.x > BULLET_END_X {
            transform.translation.x = BULLET_START_X;
            commands.entity(entity).remove::<SweptCollider>();
        }
    }
}

/// Counts each bullet's hits on anything and leaves a marker where it hit.
fn record_bullet_hits(
    mut events: MessageReader<CollisionEvent>,
    mut bullets: Query<&mut Bullet>,
    mut scene: ResMut<Scene>,
) {
    for event in events.read() {
        if !event.is_started() {
            continue;
        }
        let (a, b) = event.entities();
        for (bullet, other) in [(a, b), (b, a)] {
            if bullets.contains(other) {
                continue;
            }
            let Ok(mut record) = bullets.get_mut(bullet) else {
                continue;
            };
            record.hits += 1;
            let contact = event.contact_from(bullet).expect("Started has a contact");
            scene.markers.push(Marker {
                point: contact.points().first().copied().unwrap_or_default(),
                normal: -contact.normal,
                time_of_impact: event.time_of_impact(),
                age: 0.0,
            });
        }
    }
}

/// Every `BLAST_PERIOD` seconds: the crates within the blast radius fly away from it.
fn explode(
    time: Res<Time>,
    query: SpatialQuery,
    mut crates: Query<(&Transform, &mut Crate)>,
    mut scene: ResMut<Scene>,
) {
    scene.blast_age += time.delta_secs();
    let first_frame = time.elapsed_secs() == time.delta_secs();
    if scene.blast_age < BLAST_PERIOD && !first_frame && !scene.blast_hits.is_empty() {
        return;
    }
    let blast = Shape::circle(BLAST_RADIUS);
    let hits = query.shape_hits(
        &blast,
        &Iso::from_translation(BLAST_CENTER),
        &QueryFilter::default().with_static_colliders(false),
    );
    if hits.is_empty() {
        return;
    }
    scene.blast_age = 0.0;
    scene.blast_hits = hits.iter().map(|(entity, _)| *entity).collect();
    for (entity, _) in hits {
        if let Ok((transform, mut body)) = crates.get_mut(entity) {
            let away = (transform.translation.truncate() - BLAST_CENTER).normalize_or(Vec2::Y);
            body.velocity = away * 500.0;
        }
    }
}

/// Moves each crate by its velocity, stopped by a `cast_shape` against everything else.
fn move_crates(
    time: Res<Time>,
    query: SpatialQuery,
    mut crates: Query<(Entity, &Collider, &mut Transform, &mut Crate)>,
) {
    let step = time.delta_secs().min(1.0 / 30.0);
    for (entity, collider, mut transform, mut body) in &mut crates {
        if body.velocity.length_squared() < 1.0 {
            body.velocity = Vec2::ZERO;
            continue;
        }
        let motion = body.velocity * step;
        let filter = QueryFilter::default().exclude(entity);
        let moved = stopped_motion(&query, collider, &transform, motion, &filter);
        if moved != motion {
            body.velocity = Vec2::ZERO;
        }
        transform.translation += moved.extend(0.0);
        body.velocity *= 0.92;
    }
}

/// How far a collider placed by `transform` may move along `motion` before it hits
/// something, keeping `SKIN` from it.
fn stopped_motion(
    query: &SpatialQuery,
    collider: &Collider,
    transform: &Transform,
    motion: Vec2,
    filter: &QueryFilter,
) -> Vec2 {
    let iso = Iso::new(
        transform.translation.truncate(),
        transform.rotation.to_euler(EulerRot::ZYX).0,
    );
    let length = motion.length();
    match query.cast_shape(collider.shape(), &iso, motion, filter) {
        Some((_, hit)) if length > 0.0 => motion * (hit.fraction - SKIN / length).max(0.0),
        _ => motion,
    }
}

/// The follower heads for the cursor while the left button is held, else for a point
/// that sweeps across the pillar; a shape cast stops it at the first thing in the way.
fn follow_mouse(
    time: Res<Time>,
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    query: SpatialQuery,
    follower: Single<(Entity, &Collider, &mut Transform), With<FollowBox>>,
    mut scene: ResMut<Scene>,
) {
    let (entity, collider, mut transform) = follower.into_inner();
    let cursor = cursor_world_position(&window, &cameras);
    let target = match cursor {
        Some(cursor) if buttons.pressed(MouseButton::Left) => cursor,
        _ => Vec2::new(120.0 + 240.0 * (time.elapsed_secs() * 0.7).cos(), -40.0),
    };
    scene.follow_target = target;
    let motion = target - transform.translation.truncate();
    let filter = QueryFilter::default().exclude(entity);
    let moved = stopped_motion(&query, collider, &transform, motion, &filter);
    transform.translation += moved.extend(0.0);
}

/// A laser from the left wall, turning slowly, reflected at every hit.
fn fire_laser(
    time: Res<Time>,
    query: SpatialQuery,
    bullets: Query<Entity, With<Bullet>>,
    mut gizmos: Gizmos,
    mut scene: ResMut<Scene>,
) {
    let mut origin = Vec2::new(-440.0, 250.0);
    let mut direction = Vec2::from_angle(-0.55 + 0.25 * (time.elapsed_secs() * 0.3).sin());
    // Everything reflects it but the bullets.
    let filter = QueryFilter::default().exclude_all(bullets);
    scene.laser_legs = 0;
    // The game's own beam; the overlay draws the same rays in its query colours.
    let beam = Color::srgb(0.7, 1.0, 0.2);
    for _ in 0..=BOUNCES {
        let Ok(dir) = Dir2::new(direction) else { break };
        scene.laser_legs += 1;
        match query.cast_ray(origin, dir, LASER_REACH, &filter) {
            Some((_, hit)) => {
                gizmos.line_2d(origin, hit.point, beam);
                gizmos.circle_2d(Isometry2d::from_translation(hit.point), 4.0, beam);
                direction = direction - 2.0 * direction.dot(hit.normal) * hit.normal;
                origin = hit.point + hit.normal * 0.01;
            }
            None => {
                gizmos.line_2d(origin, origin + direction * LASER_REACH, beam);
                break;
            }
        }
    }
}

/// The bullets' hit markers, the blast ring and the follower's ghost target.
fn draw_markers(
    time: Res<Time>,
    mut gizmos: Gizmos,
    mut scene: ResMut<Scene>,
    follower: Single<&Collider, With<FollowBox>>,
) {
    let delta = time.delta_secs();
    scene.markers.retain_mut(|marker| {
        marker.age += delta;
        marker.age < 1.5
    });
    for marker in &scene.markers {
        let color = if marker.time_of_impact.is_some() {
            Color::srgb(1.0, 0.85, 0.2)
        } else {
            Color::WHITE
        };
        gizmos.circle_2d(Isometry2d::from_translation(marker.point), 7.0, color);
        gizmos.arrow_2d(marker.point, marker.point + marker.normal * 30.0, color);
    }
    if scene.blast_age < 0.6 {
        let ring = Color::srgba(1.0, 0.5, 0.1, 1.0 - scene.blast_age / 0.6);
        gizmos.circle_2d(
            Isometry2d::from_translation(BLAST_CENTER),
            BLAST_RADIUS,
            ring,
        );
    }
    let half = follower.shape().aabb(&Iso::IDENTITY).half_extents();
    gizmos.rect_2d(
        Isometry2d::from_translation(scene.follow_target),
        half * 2.0,
        Color::srgba(0.7, 0.7, 0.7, 0.5),
    );
}

/// What the queries found, top right.
fn info_window(
    mut contexts: EguiContexts,
    scene: Res<Scene>,
    bullets: Query<(&Name, &Bullet)>,
) -> Result {
    let context = contexts.ctx_mut()?;
    egui::Window::new("Queries")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -10.0])
        .resizable(false)
        .show(context, |ui| {
            ui.label(format!("laser legs: {}", scene.laser_legs));
            for (name, bullet) in &bullets {
                let kind = if bullet.swept {
                    "SweptCollider"
                } else {
                    "no sweep"
                };
                ui.label(format!("{name} ({kind}): {} hits", bullet.hits));
            }
            ui.label(format!(
                "crates in the last blast: {}",
                scene.blast_hits.len()
            ));
            if let Some(marker) = scene
                .markers
                .iter()
                .rev()
                .find(|m| m.time_of_impact.is_some())
            {
                ui.label(format!(
                    "last swept hit at {:.2} of its step",
                    marker.time_of_impact.unwrap_or_default()
                ));
            }
        });
    Ok(())
}
