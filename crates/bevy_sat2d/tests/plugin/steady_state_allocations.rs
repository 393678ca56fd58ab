//! A steady-state step allocates nothing: every buffer the step uses keeps its capacity
//! from step to step. Counted with `allocation_counter`, whose global allocator counts
//! per thread. The plugin runs in a schedule of its own, on the test's thread (a
//! single-threaded executor), which the test runs by hand between updates: the count is
//! the step's alone (Bevy's own frame, around it, allocates a little every update),
//! whatever other tests run beside it.

use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_sat2d::prelude::*;
use core::time::Duration;

use crate::common::app_with;

/// The schedule the plugin runs in here, run by hand after each update.
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
struct CollisionStep;

/// The steps one round of the scene's motion takes: after it every collider is back
/// where it started, so a second round asks for no more room than the first.
const PERIOD: u32 = 24;

/// A row of colliders that swing left and right in turn, so that pairs start, go on and
/// end every few steps, on a static floor they slide along.
#[derive(Component)]
struct Swing {
    home: f32,
    phase: u32,
}

fn swing(mut swings: Query<(&mut Transform, &mut Swing)>) {
    for (mut transform, mut swing) in &mut swings {
        swing.phase = (swing.phase + 1) % PERIOD;
        let turn = swing.phase as f32 / PERIOD as f32 * std::f32::consts::TAU;
        transform.translation.x = swing.home + 6.0 * turn.sin();
    }
}

/// Counts every `CollisionEvent`, as a game reacting to them would.
#[derive(Resource, Default)]
struct Read(usize);

fn read(mut events: MessageReader<CollisionEvent>, mut read: ResMut<Read>) {
    read.0 += events.read().count();
}

/// The scene: `count` swinging colliders of every kind above a floor of static tiles,
/// the plugin in [`CollisionStep`] on this thread, a fixed step each update (so that
/// Bevy's message buffers turn over every update, as they do at 60 frames a second).
fn swinging_scene(count: usize) -> App {
    // Bevy's `PostUpdate` has propagated the transforms before the step runs.
    let mut app = app_with(SatPlugin {
        propagate_transforms: false,
        ..SatPlugin::new(CollisionStep)
    });
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / 60.0,
    )))
    .init_resource::<Read>()
    .add_systems(Update, swing)
    .add_systems(Last, read);
    app.edit_schedule(CollisionStep, |schedule| {
        schedule.set_executor(SingleThreadedExecutor::new());
    });
    // The narrow phase on this thread: one waiting on the task pool runs other tests'
    // tasks too, whose allocations a per-thread count would take in.
    app.world_mut().resource_mut::<SatConfig>().parallel = false;
    let shapes = [
        Collider::circle(5.0),
        Collider::rectangle(9.0, 7.0),
        Collider::capsule(3.0, 6.0),
        Collider::polygon(&[
            Vec2::new(-5.0, -3.0),
            Vec2::new(4.0, -4.0),
            Vec2::new(5.0, 2.0),
            Vec2::new(-1.0, 5.0),
        ])
        .expect("a convex quadrilateral"),
    ];
    for index in 0..count {
        let home = index as f32 * 8.0;
        app.world_mut().spawn((
            shapes[index % shapes.len()].clone(),
            Transform::from_xyz(home, 4.0 * (index % 2) as f32, 0.0),
            Swing {
                home,
                phase: (index as u32 * 5) % PERIOD,
            },
        ));
    }
    for tile in 0..count {
        app.world_mut().spawn((
            Collider::rectangle(8.0, 8.0),
            StaticCollider,
            Transform::from_xyz(tile as f32 * 8.0, -7.0, 0.0),
        ));
    }
    app
}

/// One frame: Bevy's update (the colliders swing, last step's events are read), then
/// the collision step; returns what the step allocated.
fn frame(app: &mut App) -> allocation_counter::AllocationInfo {
    app.update();
    allocation_counter::measure(|| app.world_mut().run_schedule(CollisionStep))
}

/// Runs two rounds to reach the scene's steady state, then counts the allocations of
/// the next two rounds' steps, and checks the scene did what it is for.
fn allocations_in_steady_state(count: usize) -> u64 {
    let mut app = swinging_scene(count);
    for _ in 0..2 * PERIOD {
        frame(&mut app);
    }
    let before = app.world().resource::<Read>().0;
    let (mut allocations, mut moved) = (0, 0);
    for _ in 0..2 * PERIOD {
        allocations += frame(&mut app).count_total;
        moved += app.world().resource::<SatDiagnostics>().moved;
    }
    let read = app.world().resource::<Read>().0 - before;
    assert!(read > 0, "the scene writes events");
    assert!(moved > 0, "the colliders move");
    allocations
}

#[test]
fn a_steady_state_step_allocates_nothing() {
    assert_eq!(allocations_in_steady_state(64), 0);
}

#[test]
fn the_counter_sees_what_a_step_allocates() {
    // The same scene after its first two updates has not reached its steady state: the
    // buffers are still growing, which the counter must see (else the test above could
    // pass by counting nothing).
    let mut app = swinging_scene(64);
    assert!(frame(&mut app).count_total > 0);
}
