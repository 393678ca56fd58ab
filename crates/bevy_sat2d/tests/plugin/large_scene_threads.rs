//! A large scene's step on two threads against the step on one. From 32,768 moving
//! colliders the sync works out their new places on the compute pool and this thread
//! together, then writes them in row order, and the broad phase walks the moving cells
//! in parts on the pool; every record, every `PlacedTranslation`, every candidate
//! pair, event and contact must come out as the one-thread step leaves them, whatever
//! the scene does to its colliders, and when the scene drops below the line and rises
//! past it again (the sync's two systems, each with its own change ticks, taking
//! turns).

use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::{PlacedTranslation, SatDiagnostics};

use crate::common::random_scene::{SCENE_SIDE, random_shape, spawn_scene};
use crate::common::{EventLog, app_with, at};

/// Small circles beside the scene, a lattice apart (no two touch), all moving every
/// step: with the scene's, more moving colliders than the split's 32,768.
const CROWD: usize = 33_000;

/// What one step leaves: the events, each collider's record (entity, placement, scale,
/// layers, mobility, bounds, by entity), each `PlacedTranslation`, the candidate
/// pairs, and the contacts.
#[derive(Debug, PartialEq)]
struct Outcome {
    events: Vec<CollisionEvent>,
    records: Vec<String>,
    placed_translations: Vec<(Entity, Option<Vec2>)>,
    candidates: Vec<(Entity, Entity)>,
    contacts: Vec<String>,
}

/// Runs the churning scene for `steps` under `plugin`; returns each step's outcome and
/// how many colliders the sync placed on two threads in each step.
fn run(plugin: SatPlugin, steps: usize) -> (Vec<Outcome>, Vec<usize>) {
    let mut app = app_with(plugin);
    let crowd: Vec<Entity> = (0..CROWD)
        .map(|index| {
            let place = Vec2::new((index % 200) as f32, (index / 200) as f32) * 2.5;
            let place = place + Vec2::new(SCENE_SIDE + 100.0, 0.0);
            let circle = (Collider::circle(1.0), at(place.x, place.y));
            app.world_mut().spawn(circle).id()
        })
        .collect();
    let mut rng = fastrand::Rng::with_seed(44);
    let mut colliders = spawn_scene(&mut app, 44, 600);
    // Swept colliders, which the one-thread path always syncs.
    for index in 0..20 {
        let place = Vec2::new(index as f32 * 40.0, SCENE_SIDE * 0.5);
        let entity = app
            .world_mut()
            .spawn((Collider::circle(3.0), SweptCollider, at(place.x, place.y)))
            .id();
        colliders.push(entity);
    }
    let mut log = EventLog::new(&app);
    let mut outcomes = Vec::new();
    let mut on_two_threads = Vec::new();
    for step in 0..steps {
        // Steps 5 to 8: a thousand of the crowd static, the moving count below the
        // split's line from the step after.
        if step == 5 || step == 8 {
            for &entity in &crowd[..1_000] {
                let mut entity = app.world_mut().entity_mut(entity);
                if step == 5 {
                    entity.insert(StaticCollider);
                } else {
                    entity.remove::<StaticCollider>();
                }
            }
        }
        let sway = if step % 2 == 0 { 0.25 } else { -0.25 };
        for &entity in &crowd {
            let mut transform = app.world_mut().get_mut::<Transform>(entity).unwrap();
            transform.translation.x += sway;
        }
        for (index, &entity) in colliders.iter().enumerate() {
            let Some(mut transform) = app.world_mut().get_mut::<Transform>(entity) else {
                continue;
            };
            if rng.u32(0..4) != 0 {
                transform.translation.x += (rng.f32() - 0.5) * 30.0;
                transform.translation.y += (rng.f32() - 0.5) * 30.0;
                transform.rotate_z(rng.f32() - 0.5);
            }
            // Rescaled now and then: a new scaled shape, which the threads leave alone.
            if index % 17 == 5 && step % 3 == 1 {
                transform.scale = Vec3::new(1.0 + rng.f32(), 1.0 + rng.f32(), 1.0);
            }
        }
        if step % 4 == 2 {
            for _ in 0..12 {
                let gone = colliders.swap_remove(rng.usize(..colliders.len()));
                app.world_mut().despawn(gone);
                let place = Vec2::new(rng.f32(), rng.f32()) * SCENE_SIDE;
                let spawned = app
                    .world_mut()
                    .spawn((Collider::from(random_shape(&mut rng)), at(place.x, place.y)))
                    .id();
                colliders.push(spawned);
            }
            for _ in 0..6 {
                let entity = colliders[rng.usize(..colliders.len())];
                let mut entity = app.world_mut().entity_mut(entity);
                if let Some(collider) = entity.take::<Collider>() {
                    entity.insert(collider);
                }
                entity.insert(CollisionLayers::new(1 << rng.u32(0..4), u32::MAX));
            }
        }
        let events = log.step(&mut app);
        on_two_threads.push(
            app.world()
                .resource::<SatDiagnostics>()
                .placed_on_two_threads,
        );
        outcomes.push(outcome(&mut app, events));
    }
    (outcomes, on_two_threads)
}

/// The outcome of the step just run, with its `events`.
fn outcome(app: &mut App, events: Vec<CollisionEvent>) -> Outcome {
    let world = app.world().resource::<CollisionWorld>();
    let mut records: Vec<_> = world.colliders().collect();
    records.sort_by_key(|placed| placed.entity);
    let records = records
        .iter()
        .map(|placed| {
            format!(
                "{:?} {:?} {:?} {:?} {:?} {:?}",
                placed.entity,
                placed.iso,
                placed.scale,
                placed.layers,
                placed.mobility,
                placed.bounds
            )
        })
        .collect();
    let candidates = world.candidate_pairs().collect();
    let contacts = world
        .contacts()
        .map(|contact| format!("{contact:?}"))
        .collect();
    let mut translations = app.world_mut().query::<(Entity, &PlacedTranslation)>();
    let mut placed_translations: Vec<_> = translations
        .iter(app.world())
        .map(|(entity, placed)| (entity, placed.0))
        .collect();
    placed_translations.sort_by_key(|(entity, _)| *entity);
    Outcome {
        events,
        records,
        placed_translations,
        candidates,
        contacts,
    }
}

#[test]
fn a_large_scene_on_two_threads_steps_as_on_one() {
    let (parallel, on_two_threads) = run(SatPlugin::default(), 12);
    let (single, on_one) = run(SatPlugin::default().single_threaded(), 12);
    assert!(
        on_one.iter().all(|&placed| placed == 0),
        "the single-threaded sync stays on one thread"
    );
    // Step 0 makes the records, on one thread (the grid had no moving collider to
    // count). Step 1 is the first run of the sync's main-thread system: to its change
    // ticks every `Collider` is new, so every row goes the one-thread way once. Steps
    // 6 to 8 follow a step that left fewer moving colliders than the line. The others
    // split, step 9 included (its system last ran in step 5, after the spawns).
    for (step, &placed) in on_two_threads.iter().enumerate() {
        if matches!(step, 0 | 1 | 6..=8) {
            assert_eq!(placed, 0, "step {step} stays on one thread");
        } else {
            assert!(
                placed > 30_000,
                "step {step}: {placed} placed on two threads"
            );
        }
    }
    let events: usize = parallel.iter().map(|outcome| outcome.events.len()).sum();
    assert!(events > 1_000, "a busy scene: {events} events");
    for (step, (two, one)) in parallel.iter().zip(&single).enumerate() {
        assert_eq!(two, one, "step {step}");
    }
}
