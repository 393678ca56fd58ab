//! `SatPlugin::fixed()`: one step per fixed tick, with each tick's placement, and
//! events read once each by `FixedUpdate` and `Update` systems at any frame/tick ratio.

use core::time::Duration;

use crate::common::app_with;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_sat2d::prelude::*;

/// Ticks run so far (counted at the start of each tick's `FixedUpdate`).
#[derive(Resource, Default)]
struct Ticks(u32);

/// Frames run so far (counted in `First`), and the frame each tick ran in.
#[derive(Resource, Default)]
struct Frames {
    count: u32,
    of_tick: Vec<u32>,
}

/// The body moved in `FixedUpdate`: a parent whose child carries the collider.
#[derive(Component)]
struct Body;

/// One event as a reader saw it: its kind, the contact's depth if any, and when it
/// was read (the tick for `FixedUpdate`, the frame for `Update`). Contacts are the
/// last step's: an `Update` reader gets the contact of the frame's last tick, which is
/// the event's own tick only in a frame of one tick.
type Sighting = (&'static str, Option<f32>, u32);

/// What each reader saw.
#[derive(Resource, Default)]
struct Seen {
    fixed: Vec<Sighting>,
    update: Vec<Sighting>,
}

/// Overlaps: the ticks at which the body sits in the wall, and how deep.
const OVERLAPS: [(u32, f32); 5] = [(5, 1.0), (8, 2.0), (9, 3.0), (15, 4.0), (22, 0.5)];

/// Where the body's collider is at `tick`: overlapping the wall by the listed depth,
/// else far away.
fn body_x(tick: u32) -> f32 {
    // The wall's right face is at x = 5; the body's collider (a 2 × 2 box) sits one
    // unit right of the body, so a depth `d` needs the body at 5 - d.
    match OVERLAPS.iter().find(|(at, _)| *at == tick) {
        Some((_, depth)) => 5.0 - depth,
        None => 100.0,
    }
}

fn move_body(
    mut ticks: ResMut<Ticks>,
    mut frames: ResMut<Frames>,
    mut body: Query<&mut Transform, With<Body>>,
) {
    ticks.0 += 1;
    let frame = frames.count;
    frames.of_tick.push(frame);
    body.single_mut().expect("one body").translation.x = body_x(ticks.0);
}

fn kind(event: &CollisionEvent) -> &'static str {
    match event {
        CollisionEvent::Started { .. } => "started",
        CollisionEvent::Ongoing { .. } => "ongoing",
        CollisionEvent::Ended { .. } => "ended",
    }
}

fn count_frames(mut frames: ResMut<Frames>) {
    frames.count += 1;
}

fn read_in_fixed_update(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    ticks: Res<Ticks>,
    mut seen: ResMut<Seen>,
) {
    for event in events.read() {
        let depth = event.contact(&world).map(|contact| contact.depth);
        seen.fixed.push((kind(event), depth, ticks.0));
    }
}

fn read_in_update(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    frames: Res<Frames>,
    mut seen: ResMut<Seen>,
) {
    for event in events.read() {
        let depth = event.contact(&world).map(|contact| contact.depth);
        seen.update.push((kind(event), depth, frames.count));
    }
}

/// Runs the overlap schedule under `strategy` until 30 ticks have run, and checks that
/// each reader saw every change once, with the depth of the tick that wrote it: the
/// `FixedUpdate` reader in the next tick, the `Update` reader in the frame of that tick.
/// Returns how many ticks each frame ran.
fn check_overlaps_seen_once(strategy: TimeUpdateStrategy) -> Vec<u32> {
    let mut app = app_with(SatPlugin::fixed());
    app.insert_resource(strategy)
        .init_resource::<Ticks>()
        .init_resource::<Frames>()
        .init_resource::<Seen>()
        .add_systems(First, count_frames)
        .add_systems(FixedUpdate, (read_in_fixed_update, move_body).chain())
        .add_systems(Update, read_in_update);
    app.world_mut()
        .spawn((Collider::rectangle(10.0, 10.0), Transform::default()));
    app.world_mut()
        .spawn((Body, Transform::from_xyz(body_x(0), 0.0, 0.0)))
        .with_child((
            Collider::rectangle(2.0, 2.0),
            Transform::from_xyz(1.0, 0.0, 0.0),
        ));
    while app.world().resource::<Ticks>().0 < 30 {
        app.update();
        assert!(app.world().resource::<Frames>().count < 1000, "ticks run");
    }

    // (kind, depth, the tick that writes it: the tick the body arrives or leaves in).
    let expected: [(&str, Option<f32>, u32); 9] = [
        ("started", Some(1.0), 5),
        ("ended", None, 6),
        ("started", Some(2.0), 8),
        ("ongoing", Some(3.0), 9),
        ("ended", None, 10),
        ("started", Some(4.0), 15),
        ("ended", None, 16),
        ("started", Some(0.5), 22),
        ("ended", None, 23),
    ];
    let frames = app.world().resource::<Frames>();
    let frame_of = |tick: u32| frames.of_tick[tick as usize - 1];
    let seen = app.world().resource::<Seen>();
    for (reader, got) in [("FixedUpdate", &seen.fixed), ("Update", &seen.update)] {
        assert_eq!(got.len(), expected.len(), "{reader}: {got:?}");
        for (&(kind, depth, read_at), &(expected_kind, expected_depth, written)) in
            got.iter().zip(&expected)
        {
            assert_eq!(kind, expected_kind, "{reader}: {got:?}");
            // `Update` reads the contact of its frame's last tick: the event's own in a
            // frame of one tick; otherwise there is nothing to compare.
            let frame = frame_of(written);
            let ticks_in_frame = frames.of_tick.iter().filter(|&&of| of == frame).count();
            if reader == "FixedUpdate" || ticks_in_frame == 1 {
                match (depth, expected_depth) {
                    (Some(depth), Some(expected)) => {
                        assert!(
                            (depth - expected).abs() < 1e-4,
                            "{reader}: {depth} vs {expected}"
                        );
                    }
                    (None, None) => {}
                    _ => panic!("{reader}: {got:?}"),
                }
            }
            // `FixedUpdate` runs before the step: it reads in the next tick, when the
            // count still names the writing one. `Update` reads in the same frame.
            let expected_read = if reader == "FixedUpdate" {
                written
            } else {
                frame_of(written)
            };
            assert_eq!(read_at, expected_read, "{reader}: {kind} of tick {written}");
        }
    }
    let ticks = app.world().resource::<Ticks>().0;
    assert_eq!(
        app.world().resource::<CollisionWorld>().step(),
        u64::from(ticks)
    );
    (1..=frames.count)
        .map(|frame| frames.of_tick.iter().filter(|&&of| of == frame).count() as u32)
        .collect()
}

/// One tick per frame (64 fps at the default 64 Hz).
#[test]
fn one_tick_per_frame() {
    let per_frame = check_overlaps_seen_once(TimeUpdateStrategy::FixedTimesteps(1));
    // The first frame starts the clock.
    assert!(per_frame.iter().skip(1).all(|&ticks| ticks == 1));
}

/// Two ticks per frame (32 fps): each tick's step sees that tick's positions.
#[test]
fn two_ticks_per_frame() {
    let per_frame = check_overlaps_seen_once(TimeUpdateStrategy::FixedTimesteps(2));
    assert!(per_frame.iter().skip(1).all(|&ticks| ticks == 2));
}

/// Zero or one tick per frame (120 fps).
#[test]
fn zero_or_one_tick_per_frame() {
    let per_frame = check_overlaps_seen_once(TimeUpdateStrategy::ManualDuration(
        Duration::from_secs_f64(1.0 / 120.0),
    ));
    assert!(per_frame.contains(&0) && per_frame.contains(&1));
    assert!(per_frame.iter().all(|&ticks| ticks <= 1));
}

/// Three or more ticks per frame (about 21 fps).
#[test]
fn three_ticks_or_more_per_frame() {
    let per_frame = check_overlaps_seen_once(TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(47),
    ));
    assert!(per_frame.iter().skip(1).all(|&ticks| ticks >= 3));
}
