//! Stress: 10,000 moving mixed colliders bouncing in a box, walls static. The overlay's
//! step statistics show what each stage costs.
//!
//! `cargo run --release --example stress [-- --count N --screenshot PATH --frames N]`

mod common;

use bevy::prelude::*;
use bevy_sat2d::debug_overlay::{SatDebugDraw, SatDebugState};
use bevy_sat2d::prelude::*;

/// Half the box the colliders bounce in.
const HALF_BOX: Vec2 = Vec2::new(450.0, 330.0);

#[derive(Component)]
struct Velocity(Vec2);

fn count_from_args() -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|arg| arg == "--count")
        .and_then(|index| args.get(index + 1)?.parse().ok())
        .unwrap_or(10_000)
}

fn main() {
    let mut app = common::windowed_app("sat2d stress");
    // At 10,000 colliders contact points and arrows are noise: outlines and statistics.
    app.insert_resource(SatDebugState {
        draw: SatDebugDraw {
            contact_points: false,
            normals: false,
            mtv: false,
            ..default()
        },
        ..default()
    })
    .add_systems(Startup, spawn_scene)
    .add_systems(Update, bounce);
    app.run();
}

fn spawn_scene(mut commands: Commands) {
    let mut rng = fastrand::Rng::with_seed(10_000);
    for index in 0..count_from_args() {
        let size = 1.0 + rng.f32() * 2.0;
        let collider = match index % 4 {
            0 => Collider::circle(size),
            1 => Collider::rectangle(size * 2.0, size * 1.5),
            2 => Collider::capsule(size * 0.6, size * 1.5),
            _ => Collider::polygon(&[
                Vec2::new(-size, -size),
                Vec2::new(size, -size),
                Vec2::new(0.0, size),
            ])
            .expect("a triangle"),
        };
        let position = Vec2::new(rng.f32() * 2.0 - 1.0, rng.f32() * 2.0 - 1.0) * (HALF_BOX - 10.0);
        let velocity =
            Vec2::from_angle(rng.f32() * std::f32::consts::TAU) * (20.0 + rng.f32() * 60.0);
        commands.spawn((
            collider,
            Transform::from_translation(position.extend(0.0))
                .with_rotation(Quat::from_rotation_z(rng.f32() * std::f32::consts::TAU)),
            Velocity(velocity),
        ));
    }
    let walls = [
        (
            Vec2::new(0.0, HALF_BOX.y + 5.0),
            Vec2::new(HALF_BOX.x * 2.0 + 20.0, 10.0),
        ),
        (
            Vec2::new(0.0, -HALF_BOX.y - 5.0),
            Vec2::new(HALF_BOX.x * 2.0 + 20.0, 10.0),
        ),
        (
            Vec2::new(HALF_BOX.x + 5.0, 0.0),
            Vec2::new(10.0, HALF_BOX.y * 2.0),
        ),
        (
            Vec2::new(-HALF_BOX.x - 5.0, 0.0),
            Vec2::new(10.0, HALF_BOX.y * 2.0),
        ),
    ];
    for (center, size) in walls {
        commands.spawn((
            Name::new("wall"),
            Collider::rectangle(size.x, size.y),
            StaticCollider,
            Transform::from_translation(center.extend(0.0)),
        ));
    }
}

/// Moves every collider and reflects it off the box.
fn bounce(time: Res<Time>, mut movers: Query<(&mut Transform, &mut Velocity)>) {
    let step = time.delta_secs().min(1.0 / 30.0);
    movers
        .par_iter_mut()
        .for_each(|(mut transform, mut velocity)| {
            let mut position = transform.translation.truncate() + velocity.0 * step;
            for axis in 0..2 {
                if position[axis].abs() > HALF_BOX[axis] {
                    position[axis] = position[axis].clamp(-HALF_BOX[axis], HALF_BOX[axis]);
                    velocity.0[axis] = -velocity.0[axis];
                }
            }
            transform.translation = position.extend(0.0);
            transform.rotate_z(step * 0.5);
        });
}
