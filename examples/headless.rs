//! Headless: no window, no renderer. Spawns a seeded scene with `MinimalPlugins`, runs
//! N steps and prints every collision event, then a summary. Exits 0.
//!
//! `cargo run --example headless [-- --steps N]`

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

#[derive(Component)]
struct Velocity(Vec2);

#[derive(Resource, Default)]
struct Tally {
    started: usize,
    ongoing: usize,
    ended: usize,
}

fn steps_from_args() -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|arg| arg == "--steps")
        .and_then(|index| args.get(index + 1)?.parse().ok())
        .unwrap_or(60)
}

fn main() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()))
        .init_resource::<Tally>()
        .add_systems(Startup, spawn_scene)
        .add_systems(Update, move_bodies)
        .add_systems(PostUpdate, print_events.after(SatSystems::Events));
    let steps = steps_from_args();
    for _ in 0..steps {
        app.update();
    }
    let tally = app.world().resource::<Tally>();
    let diagnostics = app.world().resource::<SatDiagnostics>();
    println!(
        "{steps} steps: {} started, {} ongoing, {} ended; last step {} colliders, {} candidate pairs, {} contacts",
        tally.started,
        tally.ongoing,
        tally.ended,
        diagnostics.colliders,
        diagnostics.candidate_pairs,
        diagnostics.contacts
    );
}

fn spawn_scene(mut commands: Commands) {
    let mut rng = fastrand::Rng::with_seed(42);
    for index in 0..60 {
        let collider = match index % 3 {
            0 => Collider::circle(4.0 + rng.f32() * 6.0),
            1 => Collider::rectangle(6.0 + rng.f32() * 10.0, 6.0 + rng.f32() * 10.0),
            _ => Collider::capsule(2.0 + rng.f32() * 3.0, 6.0 + rng.f32() * 8.0),
        };
        let position = Vec2::new(rng.f32() * 200.0 - 100.0, rng.f32() * 200.0 - 100.0);
        commands.spawn((
            Name::new(format!("body {index}")),
            collider,
            Transform::from_translation(position.extend(0.0)),
            Velocity(Vec2::from_angle(rng.f32() * std::f32::consts::TAU) * 1.5),
        ));
    }
}

/// A fixed step per update, so the output does not depend on the machine's speed.
fn move_bodies(mut bodies: Query<(&mut Transform, &mut Velocity)>) {
    for (mut transform, mut velocity) in &mut bodies {
        let mut position = transform.translation.truncate() + velocity.0;
        for axis in 0..2 {
            if position[axis].abs() > 100.0 {
                position[axis] = position[axis].clamp(-100.0, 100.0);
                velocity.0[axis] = -velocity.0[axis];
            }
        }
        transform.translation = position.extend(0.0);
    }
}

fn print_events(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    names: Query<&Name>,
    mut tally: ResMut<Tally>,
) {
    let name = |entity: Entity| {
        names
            .get(entity)
            .map_or_else(|_| entity.to_string(), |name| name.to_string())
    };
    for event in events.read() {
        let (a, b) = event.entities();
        match event {
            CollisionEvent::Started { .. } => {
                tally.started += 1;
                // The step that wrote it ran last (this app steps once per frame).
                let Some(contact) = event.contact(&world) else {
                    continue;
                };
                println!(
                    "started {} / {}: depth {:.3}, normal ({:.3}, {:.3})",
                    name(a),
                    name(b),
                    contact.depth,
                    contact.normal.x,
                    contact.normal.y
                );
            }
            CollisionEvent::Ongoing { .. } => tally.ongoing += 1,
            CollisionEvent::Ended { .. } => {
                tally.ended += 1;
                println!("ended   {} / {}", name(a), name(b));
            }
        }
    }
}
