//! The cost of rollback support: the size of the plugin's rollback set
//! ([`SatRollback`]) at 10,000 colliders, the time to take a snapshot of it (clone every
//! listed component and resource) and to restore it, and the first step after a
//! restore (which tests every pair afresh) against an ordinary step.
//!
//! `cargo bench -p bevy_sat2d --bench rollback_snapshot`

use std::hint::black_box;
use std::time::{Duration, Instant};

use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::{PlacedTranslation, RollbackRegistry, SatRollback, TouchingPairs};

mod scene;

const COLLIDERS: usize = 10_000;

/// Names only: the bench clones the types it knows, as a library would.
struct Names;

impl RollbackRegistry for Names {
    fn component<T: Component<Mutability = Mutable> + Clone>(&mut self, _: &mut App) {}
    fn resource<T: Resource<Mutability = Mutable> + Clone>(&mut self, _: &mut App) {}
}

/// The snapshot of the rollback set for colliders: the resource and one component per
/// collider (the mover's components are on movers only; this scene has none).
struct Snapshot {
    touching: TouchingPairs,
    placed: Vec<Option<PlacedTranslation>>,
}

fn take(world: &World, entities: &[Entity]) -> Snapshot {
    Snapshot {
        touching: world.resource::<TouchingPairs>().clone(),
        placed: entities
            .iter()
            .map(|&entity| world.get::<PlacedTranslation>(entity).copied())
            .collect(),
    }
}

fn restore(world: &mut World, entities: &[Entity], snapshot: &Snapshot) {
    world.insert_resource(snapshot.touching.clone());
    for (&entity, placed) in entities.iter().zip(&snapshot.placed) {
        if let (Some(mut component), Some(placed)) =
            (world.get_mut::<PlacedTranslation>(entity), placed)
        {
            *component = *placed;
        }
    }
}

/// The median of `runs` timings of `body`.
fn median(runs: usize, mut body: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..runs).map(|_| body()).collect();
    times.sort_unstable();
    times[runs / 2]
}

fn main() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    SatRollback::register(&mut app, &mut Names);
    // Spread a little wider than the stress example for the issue's ~2,500 touching pairs.
    let half_box = scene::half_box(COLLIDERS) * 1.31;
    scene::spawn_mixed(&mut app, COLLIDERS, half_box, |_, _, _| {});
    app.update();
    app.update();
    let entities: Vec<Entity> = app
        .world_mut()
        .query_filtered::<Entity, With<Collider>>()
        .iter(app.world())
        .collect();
    let pairs = app.world().resource::<TouchingPairs>().pairs().len();
    let snapshot = take(app.world(), &entities);
    let bytes = snapshot.touching.snapshot_bytes()
        + snapshot.placed.len() * size_of::<Option<PlacedTranslation>>();

    let take_time = median(101, || {
        let start = Instant::now();
        black_box(take(app.world(), &entities));
        start.elapsed()
    });
    let restore_time = median(101, || {
        let start = Instant::now();
        restore(app.world_mut(), &entities, &snapshot);
        start.elapsed()
    });
    // An ordinary step (nothing moved) against the first step after a restore.
    let ordinary = median(51, || {
        app.update();
        let start = Instant::now();
        app.update();
        start.elapsed()
    });
    let after_restore = median(51, || {
        app.update();
        restore(app.world_mut(), &entities, &snapshot);
        // An older snapshot: its step differs, as a loaded one's does.
        app.world_mut()
            .resource_mut::<TouchingPairs>()
            .set_changed();
        let start = Instant::now();
        app.update();
        start.elapsed()
    });
    println!(
        "{COLLIDERS} colliders, {pairs} touching pairs: snapshot {bytes} bytes \
         ({} of TouchingPairs, {} of PlacedTranslation); take {take_time:?}, restore \
         {restore_time:?}; a step {ordinary:?}, the first step after a restore {after_restore:?}",
        snapshot.touching.snapshot_bytes(),
        snapshot.placed.len() * size_of::<Option<PlacedTranslation>>(),
    );
}
