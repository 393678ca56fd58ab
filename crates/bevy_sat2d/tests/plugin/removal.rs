//! Removals the step cannot miss: colliders despawned or removed while the step does not
//! run (a run condition, a fixed schedule that skips frames) still end each of their
//! pairs exactly once when it runs again.

use core::time::Duration;

use crate::common::{EventLog, app, app_with, at};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_sat2d::prelude::*;

/// Whether the collision step runs (the run condition under test).
#[derive(Resource)]
struct Detecting(bool);

/// Every `CollisionEnded` observed, as (observed entity, other).
#[derive(Resource, Default)]
struct EndedSeen(Vec<(Entity, Entity)>);

/// Records every `CollisionEnded` into [`EndedSeen`].
fn record_ended(app: &mut App) {
    app.init_resource::<EndedSeen>();
    app.add_observer(|ended: On<CollisionEnded>, mut seen: ResMut<EndedSeen>| {
        seen.0.push((ended.entity, ended.other));
    });
}

/// A circle at the origin and `count` circles overlapping it.
fn spawn_cluster(app: &mut App, count: usize) -> (Entity, Vec<Entity>) {
    let centre = app
        .world_mut()
        .spawn((Collider::circle(5.0), at(0.0, 0.0)))
        .id();
    let others = (0..count)
        .map(|index| {
            let direction = Vec2::from_angle(index as f32);
            let position = direction * 6.0;
            app.world_mut()
                .spawn((Collider::circle(2.0), at(position.x, position.y)))
                .id()
        })
        .collect();
    (centre, others)
}

fn pair(a: Entity, b: Entity) -> (Entity, Entity) {
    (a.min(b), a.max(b))
}

/// Checks that each of `gone` ended its pair with `centre` exactly once over `events`,
/// that `centre` was told once per pair, and that nothing in the plugin still names them.
fn assert_ended_once(app: &App, events: &[CollisionEvent], centre: Entity, gone: &[Entity]) {
    for &other in gone {
        let ended = events
            .iter()
            .filter(|event| event.is_ended() && event.entities() == pair(centre, other))
            .count();
        assert_eq!(ended, 1, "one Ended for {other}");
        let told = app
            .world()
            .resource::<EndedSeen>()
            .0
            .iter()
            .filter(|&&seen| seen == (centre, other))
            .count();
        assert_eq!(told, 1, "one CollisionEnded on the survivor for {other}");
        let touching = app.world().get::<CollidingEntities>(centre).unwrap();
        assert!(!touching.contains(other), "{other} left CollidingEntities");
        let world = app.world().resource::<CollisionWorld>();
        assert!(world.collider(other).is_none(), "{other} forgotten");
        assert!(world.contact(centre, other).is_none());
        assert!(world.contacts().all(|(a, b, _)| a != other && b != other));
        assert!(
            world
                .candidate_pairs()
                .all(|(a, b)| a != other && b != other)
        );
    }
}

#[test]
fn despawns_during_a_run_condition_pause_end_once_on_resume() {
    let mut app = app();
    record_ended(&mut app);
    app.insert_resource(Detecting(true)).configure_sets(
        PostUpdate,
        (
            SatSystems::SyncColliders,
            SatSystems::BroadPhase,
            SatSystems::NarrowPhase,
            SatSystems::Events,
        )
            .distributive_run_if(|detecting: Res<Detecting>| detecting.0),
    );
    let mut log = EventLog::new(&app);
    let (centre, others) = spawn_cluster(&mut app, 6);
    let started = log.step(&mut app);
    assert_eq!(started.iter().filter(|event| event.is_started()).count(), 6);

    app.world_mut().resource_mut::<Detecting>().0 = false;
    let mut paused = log.step(&mut app);
    app.world_mut().despawn(others[0]);
    for _ in 0..5 {
        paused.extend(log.step(&mut app));
    }
    app.world_mut().despawn(others[1]);
    app.world_mut().entity_mut(others[2]).remove::<Collider>();
    // Removed, added back and removed again: still one record to forget.
    app.world_mut()
        .entity_mut(others[3])
        .remove::<Collider>()
        .insert(Collider::circle(2.0))
        .remove::<Collider>();
    for _ in 0..4 {
        paused.extend(log.step(&mut app));
    }
    assert!(paused.is_empty(), "nothing is written while paused");
    assert_eq!(app.world().resource::<EndedSeen>().0, []);

    app.world_mut().resource_mut::<Detecting>().0 = true;
    let mut resumed = log.step(&mut app);
    let gone = &others[..4];
    assert_eq!(
        resumed.iter().filter(|event| event.is_ended()).count(),
        4,
        "{resumed:?}"
    );
    for _ in 0..5 {
        resumed.extend(log.step(&mut app));
    }
    assert_ended_once(&app, &resumed, centre, gone);
    // The two left go on touching.
    let touching = app.world().get::<CollidingEntities>(centre).unwrap();
    assert_eq!(touching.sorted(), {
        let mut left = others[4..].to_vec();
        left.sort_unstable();
        left
    });
    assert_eq!(app.world().resource::<SatDiagnostics>().colliders, 3);
}

/// A collider removed and given back while paused is a new collider: its old pair
/// ends and a new one starts, once each.
#[test]
fn a_collider_replaced_during_a_pause_ends_and_restarts_once() {
    let mut app = app();
    app.insert_resource(Detecting(true)).configure_sets(
        PostUpdate,
        (
            SatSystems::SyncColliders,
            SatSystems::BroadPhase,
            SatSystems::NarrowPhase,
            SatSystems::Events,
        )
            .distributive_run_if(|detecting: Res<Detecting>| detecting.0),
    );
    let mut log = EventLog::new(&app);
    let (centre, others) = spawn_cluster(&mut app, 1);
    log.step(&mut app);
    app.world_mut().resource_mut::<Detecting>().0 = false;
    log.step(&mut app);
    app.world_mut().entity_mut(others[0]).remove::<Collider>();
    log.step(&mut app);
    log.step(&mut app);
    app.world_mut()
        .entity_mut(others[0])
        .insert(Collider::circle(3.0));
    log.step(&mut app);
    log.step(&mut app);
    app.world_mut().resource_mut::<Detecting>().0 = true;
    let events = log.step(&mut app);
    let kinds: Vec<_> = events
        .iter()
        .map(|event| (event.is_ended(), event.is_started(), event.entities()))
        .collect();
    let both = pair(centre, others[0]);
    assert_eq!(kinds, [(true, false, both), (false, true, both)]);
}

/// A `StaticCollider` marker removed while paused is seen on resume: two static
/// colliders that never paired become a pair.
#[test]
fn a_static_marker_removed_during_a_pause_is_seen_on_resume() {
    let mut app = app();
    app.insert_resource(Detecting(true)).configure_sets(
        PostUpdate,
        (
            SatSystems::SyncColliders,
            SatSystems::BroadPhase,
            SatSystems::NarrowPhase,
            SatSystems::Events,
        )
            .distributive_run_if(|detecting: Res<Detecting>| detecting.0),
    );
    let mut log = EventLog::new(&app);
    let a = app
        .world_mut()
        .spawn((Collider::circle(5.0), StaticCollider, at(0.0, 0.0)))
        .id();
    let b = app
        .world_mut()
        .spawn((Collider::circle(5.0), StaticCollider, at(4.0, 0.0)))
        .id();
    assert!(
        log.step(&mut app).is_empty(),
        "two static colliders never pair"
    );
    app.world_mut().resource_mut::<Detecting>().0 = false;
    log.step(&mut app);
    app.world_mut().entity_mut(b).remove::<StaticCollider>();
    for _ in 0..4 {
        log.step(&mut app);
    }
    app.world_mut().resource_mut::<Detecting>().0 = true;
    let events = log.step(&mut app);
    assert_eq!(events.len(), 1);
    assert!(events[0].is_started());
    assert_eq!(events[0].entities(), pair(a, b));
}

/// Counts fixed ticks.
#[derive(Resource, Default)]
struct Ticks(u32);

/// Under `FixedPostUpdate` at 500 frames a second (eight frames per 64 Hz tick), a
/// collider despawned in a frame without a tick waits for the next tick, two or more
/// frames later, and still ends its pair there, once.
#[test]
fn despawns_under_a_fixed_schedule_at_a_high_frame_rate_end_once() {
    let mut app = app_with(SatPlugin::new(FixedPostUpdate));
    record_ended(&mut app);
    app.init_resource::<Ticks>()
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(2)))
        .add_systems(FixedUpdate, |mut ticks: ResMut<Ticks>| ticks.0 += 1);
    let mut log = EventLog::new(&app);
    let (centre, others) = spawn_cluster(&mut app, 8);
    let ticks = |app: &App| app.world().resource::<Ticks>().0;
    while ticks(&app) < 3 {
        log.step(&mut app);
    }
    let touching = app.world().get::<CollidingEntities>(centre).unwrap();
    assert_eq!(touching.len(), 8);

    let mut all = Vec::new();
    for &other in &others {
        // Right after a tick: the next one is several frames away.
        let tick = ticks(&app);
        while ticks(&app) == tick {
            all.extend(log.step(&mut app));
        }
        app.world_mut().despawn(other);
        let mut frames_without_a_tick = 0;
        let tick = ticks(&app);
        while ticks(&app) == tick {
            all.extend(log.step(&mut app));
            frames_without_a_tick += 1;
        }
        // The tick came in the last frame: the despawn waited the others out.
        assert!(frames_without_a_tick > 2, "{frames_without_a_tick} frames");
    }
    for _ in 0..40 {
        all.extend(log.step(&mut app));
    }
    assert_ended_once(&app, &all, centre, &others);
    assert!(
        app.world()
            .get::<CollidingEntities>(centre)
            .unwrap()
            .is_empty()
    );
    assert_eq!(app.world().resource::<SatDiagnostics>().colliders, 1);
}
