//! Seeded scenes: the plugin's contacts against all-pairs `sat2d::contact` on shapes placed
//! from the entities' own components, the same events with and without threads, and no
//! lost `Ended` under heavy churn.

use std::collections::{BTreeSet, HashMap};

use crate::common::{EventLog, app_with};
use bevy::prelude::*;
use bevy_sat2d::placement;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::Iso;

fn random_collider(rng: &mut fastrand::Rng) -> Collider {
    match rng.u32(0..4) {
        0 => Collider::circle(2.0 + rng.f32() * 8.0),
        1 => Collider::rectangle(4.0 + rng.f32() * 12.0, 4.0 + rng.f32() * 12.0),
        2 => Collider::capsule(1.0 + rng.f32() * 3.0, 2.0 + rng.f32() * 8.0),
        _ => Collider::polygon(&[
            Vec2::new(-6.0, -4.0),
            Vec2::new(6.0, -4.0),
            Vec2::new(6.0, 4.0),
            Vec2::new(0.0, 0.0),
            Vec2::new(-6.0, 4.0),
        ])
        .expect("a valid concave outline"),
    }
}

fn random_transform(rng: &mut fastrand::Rng) -> Transform {
    Transform::from_xyz(rng.f32() * 200.0, rng.f32() * 200.0, 0.0)
        .with_rotation(Quat::from_rotation_z(rng.f32() * std::f32::consts::TAU))
}

/// Spawns `count` seeded colliders, a third of them static.
fn spawn_scene(app: &mut App, seed: u64, count: usize) -> Vec<Entity> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|index| {
            let mut entity = app
                .world_mut()
                .spawn((random_collider(&mut rng), random_transform(&mut rng)));
            if index % 3 == 0 {
                entity.insert(StaticCollider);
            }
            entity.id()
        })
        .collect()
}

/// Moves every second non-static entity a little, seeded.
fn wiggle(app: &mut App, entities: &[Entity], rng: &mut fastrand::Rng) {
    for (index, &entity) in entities.iter().enumerate() {
        if index % 3 != 0 && rng.bool() {
            let mut transform = app.world_mut().get_mut::<Transform>(entity).unwrap();
            transform.translation += Vec3::new(rng.f32() * 6.0 - 3.0, rng.f32() * 6.0 - 3.0, 0.0);
            transform.rotate_z(rng.f32() - 0.5);
        }
    }
}

/// Spawns `count` seeded moving colliders (no static ones), some of them scaled.
fn spawn_moving(app: &mut App, seed: u64, count: usize) -> Vec<Entity> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|index| {
            let mut transform = random_transform(&mut rng);
            // 1,000 colliders over a wider area: busy but not a solid pile.
            transform.translation *= 2.5;
            transform.scale = match index % 10 {
                3 => Vec3::splat(1.5),
                7 => Vec3::new(1.25, 0.8, 1.0),
                _ => Vec3::ONE,
            };
            app.world_mut()
                .spawn((random_collider(&mut rng), transform))
                .id()
        })
        .collect()
}

/// The truth the oracle compares against, built from each entity's own `Collider` and
/// `GlobalTransform` through the public `placement` function (and the documented scale
/// rule: a unit scale keeps the shape, any other goes through `Shape::try_scaled`),
/// never from the plugin's own records, so a stale placement cannot agree with itself.
fn placed_from_components(app: &App, entities: &[Entity]) -> HashMap<Entity, (Shape, Iso)> {
    entities
        .iter()
        .map(|&entity| {
            let world = app.world();
            let shape = world.get::<Collider>(entity).unwrap().shape();
            let global = world.get::<GlobalTransform>(entity).unwrap();
            let (iso, scale) = placement(global).expect("a valid transform");
            let shape = if scale == Vec2::ONE {
                shape.clone()
            } else {
                shape.try_scaled(scale).expect("a valid scale")
            };
            (entity, (shape, iso))
        })
        .collect()
}

/// The oracle: after each of several steps of random moves, the touching pairs the
/// plugin reports are exactly those `sat2d::intersects` finds among all pairs, and each
/// contact is `sat2d::contact` of the pair (smaller entity first, bit for bit), with
/// both sides placed from their components.
#[test]
fn contacts_match_all_pairs_sat() {
    let mut app = app_with(SatPlugin::default());
    let entities = spawn_moving(&mut app, 11, 1_000);
    let mut rng = fastrand::Rng::with_seed(5);
    for _ in 0..4 {
        for &entity in &entities {
            let mut transform = app.world_mut().get_mut::<Transform>(entity).unwrap();
            transform.translation += Vec3::new(rng.f32() * 8.0 - 4.0, rng.f32() * 8.0 - 4.0, 0.0);
            transform.rotate_z(rng.f32() - 0.5);
        }
        app.update();
        let truth = placed_from_components(&app, &entities);
        let mut expected = BTreeSet::new();
        for (index, &a) in entities.iter().enumerate() {
            for &b in &entities[index + 1..] {
                let (first, second) = (a.min(b), a.max(b));
                let ((shape_a, iso_a), (shape_b, iso_b)) = (&truth[&first], &truth[&second]);
                if sat2d::intersects(shape_a, iso_a, shape_b, iso_b) {
                    expected.insert((first, second));
                }
            }
        }
        let world = app.world().resource::<CollisionWorld>();
        let actual: BTreeSet<_> = world.contacts().map(|(a, b, _)| (a, b)).collect();
        assert!(
            expected.len() > 100,
            "a busy scene: {} pairs",
            expected.len()
        );
        assert_eq!(actual, expected);
        for (a, b, contact) in world.contacts() {
            assert!(a < b, "pairs are reported smaller entity first");
            let ((shape_a, iso_a), (shape_b, iso_b)) = (&truth[&a], &truth[&b]);
            assert_eq!(
                Some(contact.clone()),
                sat2d::contact(shape_a, iso_a, shape_b, iso_b)
            );
        }
    }
}

/// Runs a seeded scene with churn for `steps` and returns every event.
fn run(plugin: SatPlugin, steps: usize) -> Vec<CollisionEvent> {
    let mut app = app_with(plugin);
    let mut log = EventLog::new(&app);
    let mut entities = spawn_scene(&mut app, 3, 400);
    let mut rng = fastrand::Rng::with_seed(8);
    let mut all = Vec::new();
    for step in 0..steps {
        wiggle(&mut app, &entities, &mut rng);
        if step % 4 == 3 {
            let victim = entities.swap_remove(rng.usize(..entities.len()));
            app.world_mut().despawn(victim);
            let newcomer = app
                .world_mut()
                .spawn((random_collider(&mut rng), random_transform(&mut rng)))
                .id();
            entities.push(newcomer);
        }
        all.extend(log.step(&mut app));
    }
    all
}

#[test]
fn events_do_not_depend_on_threads() {
    let parallel = run(SatPlugin::default(), 12);
    let single = run(SatPlugin::default().single_threaded(), 12);
    assert!(
        parallel.len() > 100,
        "a busy scene: {} events",
        parallel.len()
    );
    assert_eq!(parallel, single);
}

/// 120 colliders spawned at one point (7,140 pairs start, tested on the compute pool
/// in chunks), then scattered apart, a few left touching (lists that lose more than
/// 32 partners are rebuilt): returns each step's events and, after each step, every collider's sorted
/// `CollidingEntities`.
fn pile_up_and_scatter(plugin: SatPlugin) -> Vec<(Vec<CollisionEvent>, Vec<Vec<Entity>>)> {
    let mut app = app_with(plugin);
    let mut log = EventLog::new(&app);
    let mut rng = fastrand::Rng::with_seed(12);
    let entities: Vec<Entity> = (0..120)
        .map(|_| {
            let collider = random_collider(&mut rng);
            app.world_mut().spawn((collider, Transform::default())).id()
        })
        .collect();
    let lists = |app: &mut App| -> Vec<Vec<Entity>> {
        entities
            .iter()
            .map(|&entity| {
                app.world()
                    .get::<CollidingEntities>(entity)
                    .expect("colliders get CollidingEntities")
                    .sorted()
            })
            .collect()
    };
    let mut steps = Vec::new();
    steps.push((log.step(&mut app), lists(&mut app)));
    // All but the first four leave for far-apart places.
    for (index, &entity) in entities.iter().enumerate().skip(4) {
        app.world_mut()
            .get_mut::<Transform>(entity)
            .unwrap()
            .translation = Vec3::new(index as f32 * 1000.0, 0.0, 0.0);
    }
    steps.push((log.step(&mut app), lists(&mut app)));
    steps
}

#[test]
fn a_pile_up_reports_the_same_on_one_thread_or_two() {
    let parallel = pile_up_and_scatter(SatPlugin::default());
    let single = pile_up_and_scatter(SatPlugin::default().single_threaded());
    assert_eq!(parallel, single);
    let [(first, lists), (second, after)] = &parallel[..] else {
        panic!("two steps");
    };
    assert_eq!(first.len(), 120 * 119 / 2);
    assert!(first.iter().all(CollisionEvent::is_started));
    assert!(lists.iter().all(|list| list.len() == 119));
    // Every pair with one of the 116 that left ends; the first four's 6 pairs go on.
    let ended = second.iter().filter(|event| event.is_ended()).count();
    assert_eq!(ended, 120 * 119 / 2 - 6);
    assert_eq!(second.len() - ended, 6);
    assert!(after[..4].iter().all(|list| list.len() == 3));
    assert!(after[4..].iter().all(Vec::is_empty));
}

/// Spawns, despawns, removes and re-adds colliders at random for `steps` steps with
/// `count` colliders alive on average, checking that every `Started` is matched by
/// exactly one `Ended` and that the open pairs always equal the touching pairs.
fn churn(count: usize, steps: u64) {
    let mut app = app_with(SatPlugin::default());
    let mut log = EventLog::new(&app);
    let mut entities = spawn_scene(&mut app, 21, count);
    let mut rng = fastrand::Rng::with_seed(4);
    let mut open: BTreeSet<(Entity, Entity)> = BTreeSet::new();
    for step in 0..steps {
        wiggle(&mut app, &entities, &mut rng);
        match step % 3 {
            // Despawn half of the colliders at once.
            0 => {
                rng.shuffle(&mut entities);
                for entity in entities.drain(..entities.len() / 2) {
                    app.world_mut().despawn(entity);
                }
            }
            // Remove and re-add colliders.
            1 => {
                for &entity in entities.iter().step_by(3) {
                    app.world_mut().entity_mut(entity).remove::<Collider>();
                }
                for &entity in entities.iter().step_by(6) {
                    app.world_mut()
                        .entity_mut(entity)
                        .insert(random_collider(&mut rng));
                }
            }
            _ => entities.extend(spawn_scene(&mut app, step, count / 2)),
        }
        for event in log.step(&mut app) {
            let pair = event.entities();
            match event {
                CollisionEvent::Started { .. } => assert!(open.insert(pair), "started twice"),
                CollisionEvent::Ongoing { .. } => {
                    assert!(open.contains(&pair), "ongoing unstarted")
                }
                CollisionEvent::Ended { .. } => assert!(open.remove(&pair), "ended unstarted"),
            }
        }
        let world = app.world().resource::<CollisionWorld>();
        let touching: BTreeSet<_> = world.contacts().map(|(a, b, _)| (a, b)).collect();
        assert_eq!(
            open, touching,
            "every pair that stopped touching got its Ended"
        );
    }
    // Despawn everything: every open pair ends.
    for entity in entities {
        app.world_mut().despawn(entity);
    }
    for event in log.step(&mut app) {
        assert!(event.is_ended());
        assert!(open.remove(&event.entities()));
    }
    assert!(open.is_empty());
}

#[test]
fn churn_loses_no_ended_event() {
    churn(1_000, 30);
}

/// The long soak: `cargo test -p bevy_sat2d --release -- --ignored`.
#[test]
#[ignore = "soak: thousands of colliders over hundreds of steps"]
fn churn_soak() {
    churn(4_000, 300);
}
