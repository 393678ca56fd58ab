//! The determinism scene: a seeded, headless scene run frame by frame, each frame's
//! results folded into a running 64-bit hash. The same code runs natively (the test
//! `tests/determinism.rs`, `cargo run --example determinism`) and as wasm32 under Node
//! (`scripts/determinism-check.sh`); equal hashes mean bit-identical results.
//!
//! In a walled arena: circles, convex polygons, capsules and two concave polygons that
//! move, spin and bounce off each other by their contacts' MTVs (so a one-bit
//! difference anywhere grows into a different game), one of them scaled; fast swept
//! bullets and a thin wall they would tunnel through; child colliders placed through
//! transform propagation; a static concave block, a slope, a sliding platform and a
//! character mover that walks, falls, jumps and rides it.
//!
//! Every angle goes through `sat2d::Rot::from_angle` (libm), every random number
//! through a seeded generator's integer and `f32` draws (no `usize`, whose width
//! differs between the targets).

use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::Rot;

use crate::frame_hash::{FrameHashes, Label, Tally, hash_frame};

/// Frames the check runs.
pub const FRAMES: usize = 1_000;

/// Half the arena's inner width and height.
const HALF_ARENA: Vec2 = Vec2::new(120.0, 80.0);

/// A body the scene moves itself: its velocity, spin and angle, in units and radians
/// per frame.
#[derive(Component)]
struct Body {
    velocity: Vec2,
    spin: f32,
    angle: f32,
}

/// The sliding platform: it moves along a sine, `amplitude` around `center`.
#[derive(Component)]
struct Platform {
    center: Vec2,
    amplitude: f32,
}

/// The mover's own vertical speed (gravity and jumps), per frame.
#[derive(Component, Default)]
struct Walker {
    fall: f32,
}

/// A run: the running hash after each frame, and what happened.
pub struct Run {
    /// The hash after frame `index`, for every frame.
    pub hashes: Vec<u64>,
    /// The counts over the run (read by the native runs only).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub tally: Tally,
}

/// Runs the scene for `frames` frames.
pub fn run(frames: usize) -> Run {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        SatPlugin::default(),
        CharacterMoverPlugin::default(),
    ))
    .init_resource::<FrameHashes>()
    .add_systems(Startup, spawn_scene)
    .add_systems(Update, (move_bodies, slide_platform, steer_walker))
    .add_systems(
        PostUpdate,
        (hash_frame, bounce_bodies)
            .chain()
            .after(SatSystems::Events),
    );
    for _ in 0..frames {
        app.update();
    }
    let hashes = app
        .world_mut()
        .remove_resource::<FrameHashes>()
        .expect("inserted above");
    Run {
        hashes: hashes.frames,
        tally: hashes.tally,
    }
}

/// The rotation about Z by `angle`, from libm's sine and cosine of the half angle.
fn rotation_z(angle: f32) -> Quat {
    let half = Rot::from_angle(angle * 0.5);
    Quat::from_xyzw(0.0, 0.0, half.sin, half.cos)
}

fn spawn_scene(mut commands: Commands) {
    let mut rng = fastrand::Rng::with_seed(38);
    let mut next_label = 0;
    let mut label = || {
        next_label += 1;
        Label(next_label)
    };
    // The walls, a slope, a thin wall for the bullets and a static concave block.
    let walls = [
        (
            Vec2::new(0.0, -HALF_ARENA.y - 5.0),
            Vec2::new(2.0 * HALF_ARENA.x + 20.0, 10.0),
        ),
        (
            Vec2::new(0.0, HALF_ARENA.y + 5.0),
            Vec2::new(2.0 * HALF_ARENA.x + 20.0, 10.0),
        ),
        (
            Vec2::new(-HALF_ARENA.x - 5.0, 0.0),
            Vec2::new(10.0, 2.0 * HALF_ARENA.y),
        ),
        (
            Vec2::new(HALF_ARENA.x + 5.0, 0.0),
            Vec2::new(10.0, 2.0 * HALF_ARENA.y),
        ),
        (Vec2::new(30.0, 20.0), Vec2::new(1.0, 60.0)),
    ];
    for (center, size) in walls {
        commands.spawn((
            label(),
            Collider::rectangle(size.x, size.y),
            StaticCollider,
            Transform::from_translation(center.extend(0.0)),
        ));
    }
    let slope = [
        Vec2::new(-40.0, 0.0),
        Vec2::new(40.0, 0.0),
        Vec2::new(40.0, 25.0),
    ];
    let block = [
        Vec2::new(-15.0, -15.0),
        Vec2::new(15.0, -15.0),
        Vec2::new(15.0, 15.0),
        Vec2::new(5.0, 15.0),
        Vec2::new(5.0, -5.0),
        Vec2::new(-5.0, -5.0),
        Vec2::new(-5.0, 15.0),
        Vec2::new(-15.0, 15.0),
    ];
    for (points, at) in [
        (&slope[..], Vec2::new(-75.0, -80.0)),
        (&block[..], Vec2::new(-20.0, 40.0)),
    ] {
        commands.spawn((
            label(),
            Collider::polygon(points).expect("a valid outline"),
            StaticCollider,
            Transform::from_translation(at.extend(0.0)),
        ));
    }
    // The moving bodies: circles, regular polygons, capsules, two concave arrows.
    let arrow = [
        Vec2::new(-8.0, -3.0),
        Vec2::new(4.0, -3.0),
        Vec2::new(4.0, -7.0),
        Vec2::new(10.0, 0.0),
        Vec2::new(4.0, 7.0),
        Vec2::new(4.0, 3.0),
        Vec2::new(-8.0, 3.0),
    ];
    for index in 0..36_u32 {
        let size = 2.0 + rng.f32() * 4.0;
        let collider = match index % 9 {
            0..=3 => Collider::circle(size),
            4..=6 => Collider::from(
                Shape::regular_polygon(size * 1.3, 3 + rng.u32(0..6) as usize)
                    .expect("a valid polygon"),
            ),
            7 => Collider::capsule(size * 0.6, size * 2.0),
            _ => Collider::polygon(&arrow).expect("a valid outline"),
        };
        let at = Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * (HALF_ARENA - 20.0) * 2.0;
        let mut transform = Transform::from_translation(at.extend(0.0));
        if index == 5 {
            transform.scale = Vec3::new(1.5, 0.75, 1.0);
        }
        let body = commands
            .spawn((
                label(),
                collider,
                transform,
                Body {
                    velocity: Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 3.0,
                    spin: (rng.f32() - 0.5) * 0.1,
                    angle: rng.f32() * 6.0,
                },
            ))
            .id();
        // Two bodies carry a child collider: placed through transform propagation's
        // matrix products (SIMD on x86_64, scalar on wasm32).
        if index % 17 == 1 {
            commands.spawn((
                label(),
                Collider::rectangle(6.0, 2.0),
                Transform::from_xyz(7.0, 0.0, 0.0).with_rotation(rotation_z(0.3)),
                ChildOf(body),
            ));
        }
    }
    // Bullets, fast enough to tunnel through the thin wall unless swept.
    for index in 0..4_u32 {
        let heading = Rot::from_angle(0.4 + index as f32 * 1.7).direction();
        commands.spawn((
            label(),
            Collider::circle(0.75),
            SweptCollider,
            Transform::from_xyz(-60.0 + index as f32 * 35.0, -20.0, 0.0),
            Body {
                velocity: heading * 17.0,
                spin: 0.0,
                angle: 0.0,
            },
        ));
    }
    commands.spawn((
        label(),
        Collider::rectangle(60.0, 4.0),
        Transform::from_xyz(60.0, -55.0, 0.0),
        Platform {
            center: Vec2::new(60.0, -55.0),
            amplitude: 25.0,
        },
    ));
    commands.spawn((
        label(),
        Collider::capsule(2.0, 4.0),
        CharacterMover {
            settings: MoverSettings {
                step_height: 2.0,
                snap_to_ground: 1.0,
                ..default()
            },
            ..default()
        },
        Walker::default(),
        Transform::from_xyz(60.0, -40.0, 0.0),
    ));
}

fn move_bodies(mut bodies: Query<(&mut Body, &mut Transform)>) {
    for (mut body, mut transform) in &mut bodies {
        let mut at = transform.translation.truncate() + body.velocity;
        for axis in 0..2 {
            if at[axis].abs() > HALF_ARENA[axis] - 2.0 {
                at[axis] = at[axis].clamp(2.0 - HALF_ARENA[axis], HALF_ARENA[axis] - 2.0);
                body.velocity[axis] = -body.velocity[axis];
            }
        }
        body.angle += body.spin;
        transform.translation = at.extend(0.0);
        transform.rotation = rotation_z(body.angle);
    }
}

fn slide_platform(hashes: Res<FrameHashes>, mut platforms: Query<(&Platform, &mut Transform)>) {
    let phase = Rot::from_angle(hashes.frame as f32 * 0.03);
    for (platform, mut transform) in &mut platforms {
        let at = platform.center + Vec2::X * platform.amplitude * phase.sin;
        transform.translation = at.extend(0.0);
    }
}

/// Paces on the sliding platform for 500 frames (50 frames each way), then runs left
/// off it, over the floor and up the slope; falls under gravity and jumps every 90
/// frames when grounded.
fn steer_walker(
    mut hashes: ResMut<FrameHashes>,
    mut walkers: Query<(&mut Walker, &mut CharacterMover, &MoverOutput)>,
    platforms: Query<(), With<Platform>>,
) {
    for (mut walker, mut mover, output) in &mut walkers {
        let frame = hashes.frame;
        hashes.tally.on_platform += u32::from(
            output
                .ground
                .as_ref()
                .is_some_and(|ground| platforms.contains(ground.entity)),
        );
        let run = match frame {
            0..500 if (frame / 50).is_multiple_of(2) => 0.5,
            0..500 => -0.5,
            _ => -1.0,
        };
        walker.fall = if output.grounded {
            if frame % 90 == 45 { 4.0 } else { 0.0 }
        } else {
            (walker.fall - 0.25).max(-6.0)
        };
        mover.translation = Some(Vec2::new(run, walker.fall));
    }
}

/// Pushes touching bodies apart by their contact's MTV (half each, or all of it for a
/// body against anything else) and turns their velocities away from each other.
fn bounce_bodies(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    mut bodies: Query<(&mut Body, &mut Transform)>,
) {
    for event in events.read() {
        let Some(contact) = event.contact(&world) else {
            continue;
        };
        let (a, b) = event.entities();
        let both = bodies.contains(a) && bodies.contains(b);
        let share = if both { 0.5 } else { 1.0 };
        for (entity, direction) in [(a, -contact.normal), (b, contact.normal)] {
            let Ok((mut body, mut transform)) = bodies.get_mut(entity) else {
                continue;
            };
            transform.translation += (direction * contact.depth * share).extend(0.0);
            let toward = body.velocity.dot(direction);
            if toward < 0.0 {
                body.velocity -= 2.0 * toward * direction;
            }
        }
    }
}
