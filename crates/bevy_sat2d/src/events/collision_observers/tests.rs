use super::*;

/// Whether no observer watches the event.
fn unwatched(watched: &Watched) -> bool {
    !watched.every && watched.entities.is_empty()
}

fn refreshed(world: &mut World) -> CollisionObservers {
    let mut observers = CollisionObservers::from_world(world);
    let mut query = world.query::<&Observer>();
    observers.refresh(query.iter(world));
    observers
}

#[test]
fn reads_global_and_entity_observers_of_each_event() {
    let mut world = World::new();
    world.add_observer(|_: On<Add, Name>| {});
    let observers = refreshed(&mut world);
    assert!(unwatched(&observers.started) && unwatched(&observers.ended));

    let watched = world.spawn_empty().id();
    let other = world.spawn_empty().id();
    world
        .entity_mut(watched)
        .observe(|_: On<CollisionStarted>| {});
    world.flush();
    let observers = refreshed(&mut world);
    assert!(observers.started.contains(watched));
    assert!(!observers.started.contains(other));
    assert!(unwatched(&observers.ended));

    let global = world.add_observer(|_: On<CollisionEnded>| {}).id();
    let observers = refreshed(&mut world);
    assert!(observers.ended.contains(watched) && observers.ended.contains(other));
    assert!(!observers.started.contains(other));

    world.despawn(global);
    world.flush();
    assert!(unwatched(&refreshed(&mut world).ended));
}
