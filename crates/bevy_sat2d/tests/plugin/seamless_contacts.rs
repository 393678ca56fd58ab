//! No ghost collisions (issue 24, part 3): a box and a capsule slide across floors of
//! separate static tiles, pulled down into them every frame and pushed out by the MTVs
//! of their `CollisionEvent`s (the SAT tutorials' pattern, as in
//! `examples/common/push_out.rs`). They keep their height and their speed: no seam
//! pushes them sideways or back.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// The sliding body and its speed per frame.
#[derive(Component)]
struct Slide(Vec2);

/// Moves each sliding body by its speed, and down 0.5 into the floor.
fn slide(mut bodies: Query<(&mut Transform, &Slide)>) {
    for (mut transform, slide) in &mut bodies {
        transform.translation += slide.0.extend(0.0) + Vec3::new(0.0, -0.5, 0.0);
    }
}

/// The push that separates each sliding body from everything its events name: the MTV
/// away from each other collider, the largest push per axis (the README's pattern).
fn push_out(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    mut bodies: Query<(Entity, &mut Transform, &mut GlobalTransform), With<Slide>>,
) {
    let events: Vec<CollisionEvent> = events.read().copied().collect();
    for (entity, mut transform, mut global) in &mut bodies {
        let mut push = Vec2::ZERO;
        for event in &events {
            if let Some(contact) = event.contact_from(entity, &world) {
                let away = -contact.mtv();
                if away.x.abs() > push.x.abs() {
                    push.x = away.x;
                }
                if away.y.abs() > push.y.abs() {
                    push.y = away.y;
                }
            }
        }
        transform.translation += push.extend(0.0);
        *global = GlobalTransform::from(*transform);
    }
}

/// A headless app with the slide and the push-out around the collision step.
fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()))
        .add_systems(Update, slide)
        .add_systems(PostUpdate, push_out.after(SatSystems::Events));
    app
}

/// `count` separate 16×16 static tiles, tops at y = 0, from x = `from`, the i-th shifted
/// by `offset(i)` (a gap or an overlap with its neighbour).
fn tiles(app: &mut App, from: f32, count: usize, offset: impl Fn(usize) -> f32) {
    for index in 0..count {
        let x = from + 8.0 + 16.0 * index as f32 + offset(index);
        app.world_mut().spawn((
            Collider::rectangle(16.0, 16.0),
            StaticCollider,
            Transform::from_xyz(x, -8.0, 0.0),
        ));
    }
}

/// Slides `body` for `frames` frames at `speed` over a floor laid by `lay`, and checks
/// that after each frame's push-out it rests on the floor (within 1e-3) and has moved
/// exactly `speed` per frame.
fn check_walk(body: Collider, speed: f32, frames: usize, lay: impl Fn(&mut App)) {
    let mut app = app();
    lay(&mut app);
    let resting = -body.shape().aabb(&Iso::IDENTITY).min.y;
    let entity = app
        .world_mut()
        .spawn((
            body,
            Slide(Vec2::new(speed, 0.0)),
            Transform::from_xyz(0.0, resting, 0.0),
        ))
        .id();
    // The x an unobstructed slide reaches, summed in f32 as the transform sums it.
    let mut expected = 0.0_f32;
    for frame in 1..=frames {
        app.update();
        expected += speed;
        let at = app.world().get::<Transform>(entity).unwrap().translation;
        let what = format!("speed {speed}, frame {frame}: at {at}");
        assert!(
            (at.y - resting).abs() < 1e-3,
            "{what}: height {} not {resting}",
            at.y
        );
        assert!(
            (at.x - expected).abs() < 1e-3,
            "{what}: x {} not {expected} (pushed along the floor)",
            at.x
        );
    }
}

fn bodies() -> [Collider; 2] {
    [
        Collider::rectangle(12.0, 12.0),
        Collider::capsule(6.0, 12.0),
    ]
}

#[test]
fn bodies_pushed_by_event_mtvs_cross_300_tiles_without_a_seam_push() {
    for body in bodies() {
        for speed in [1.0_f32, 3.7, 15.7, -1.0, -3.7, -15.7] {
            let frames = (2_300.0 / speed.abs()).min(300.0) as usize;
            check_walk(body.clone(), speed, frames, |app| {
                tiles(app, -2400.0, 300, |_| 0.0);
            });
        }
    }
}

#[test]
fn tiles_with_gaps_and_overlaps_of_1e_4_are_one_floor() {
    // Seeded offsets of up to 1e-4 either way: gaps and overlaps between neighbours.
    let offsets: Vec<f32> = {
        let mut rng = fastrand::Rng::with_seed(24);
        (0..300).map(|_| (rng.f32() * 2.0 - 1.0) * 1e-4).collect()
    };
    for body in bodies() {
        for speed in [1.0_f32, 3.7, 15.7, -3.7] {
            let frames = (2_300.0 / speed.abs()).min(200.0) as usize;
            check_walk(body.clone(), speed, frames, |app| {
                tiles(app, -2400.0, 300, |index| offsets[index]);
            });
        }
    }
}

/// The worst tilt from the floor's normal of any normal the sliding bodies' events
/// carried, the frame it came in, and how many normals were read.
#[derive(Resource, Default)]
struct Tilts {
    worst: f32,
    frame: usize,
    read: usize,
}

/// Reads each sliding body's contacts from this frame's events, as the push-out does,
/// and records the worst tilt of their normals from straight down (from the body into
/// the floor); every depth must be finite and not negative.
fn record_tilts(
    mut events: MessageReader<CollisionEvent>,
    world: Res<CollisionWorld>,
    bodies: Query<Entity, With<Slide>>,
    mut tilts: ResMut<Tilts>,
    mut frame: Local<usize>,
) {
    *frame += 1;
    let events: Vec<CollisionEvent> = events.read().copied().collect();
    for entity in &bodies {
        for event in &events {
            if let Some(contact) = event.contact_from(entity, &world) {
                assert!(
                    contact.depth.is_finite() && contact.depth >= 0.0,
                    "frame {}: depth {}",
                    *frame,
                    contact.depth
                );
                let tilt = (contact.normal - Vec2::NEG_Y).length();
                tilts.read += 1;
                if tilt > tilts.worst {
                    (tilts.worst, tilts.frame) = (tilt, *frame);
                }
            }
        }
    }
}

#[test]
fn round_bodies_walking_over_120_tiles_get_the_floors_normal_in_every_event() {
    // Issue 36: a capsule pushed out by its events' MTVs at 3.7 a frame, walking left
    // over 120 separate tiles, got normals tilted by 1.07e-3 where its round end
    // passed a seam (9.8e-4 here for the 6 × 12 capsule, 1.5e-3 for the long one and
    // 1.2e-3 for the circle at 3.7 a frame; 3.1e-3 to 4.3e-3 at 1.3). Every normal is
    // now within 1e-4 of the floor's.
    for (name, body) in [
        ("capsule(6, 12)", Collider::capsule(6.0, 12.0)),
        ("capsule(4, 20)", Collider::capsule(4.0, 20.0)),
        ("circle(5)", Collider::circle(5.0)),
    ] {
        for speed in [-3.7_f32, 3.7, -1.3] {
            let mut app = app();
            app.init_resource::<Tilts>()
                .add_systems(PostUpdate, record_tilts.after(SatSystems::Events));
            // The row runs 1,920 from the body's start, in the direction it walks.
            let from = if speed < 0.0 { -1900.0 } else { -20.0 };
            tiles(&mut app, from, 120, |_| 0.0);
            let resting = -body.shape().aabb(&Iso::IDENTITY).min.y;
            app.world_mut().spawn((
                body.clone(),
                Slide(Vec2::new(speed, 0.0)),
                Transform::from_xyz(0.0, resting, 0.0),
            ));
            let frames = (1860.0 / speed.abs()) as usize;
            for _ in 0..frames {
                app.update();
            }
            let tilts = app.world().resource::<Tilts>();
            assert!(
                tilts.read >= frames,
                "{name}: {} normals in {frames} frames",
                tilts.read
            );
            assert!(
                tilts.worst <= 1e-4,
                "{name} at {speed} a frame: a normal tilted by {:.3e} in frame {}",
                tilts.worst,
                tilts.frame
            );
        }
    }
}

/// The contact of a 12×12 box sunk 0.5 into a floor and 0.3 over the edge of `tiles`
/// (16×16 at the given x, tops at y = 0, static or not), with each tile, after one step.
fn contacts_at_an_edge(tiles: &[(f32, bool)]) -> Vec<Vec2> {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    let body = app
        .world_mut()
        .spawn((
            Collider::rectangle(12.0, 12.0),
            Transform::from_xyz(-5.7, 5.5, 0.0),
        ))
        .id();
    let tiles: Vec<Entity> = tiles
        .iter()
        .map(|&(x, fixed)| {
            let mut tile = app.world_mut().spawn((
                Collider::rectangle(16.0, 16.0),
                Transform::from_xyz(x, -8.0, 0.0),
            ));
            if fixed {
                tile.insert(StaticCollider);
            }
            tile.id()
        })
        .collect();
    app.update();
    let world = app.world().resource::<CollisionWorld>();
    tiles
        .iter()
        .map(|&tile| world.contact(body, tile).unwrap().normal)
        .collect()
}

#[test]
fn a_moving_pair_keeps_its_own_contact_and_a_lone_tile_its_edges() {
    // Two moving boxes side by side are not a surface: their contacts stay their own.
    assert_eq!(
        contacts_at_an_edge(&[(-8.0, false), (8.0, false)]),
        vec![Vec2::NEG_Y, Vec2::X]
    );
    // A lone static tile's edge is a real edge: the body 0.3 over its side is pushed out
    // sideways.
    assert_eq!(contacts_at_an_edge(&[(8.0, true)]), vec![Vec2::X]);
    // Two static tiles side by side are one floor: both push the body straight up.
    assert_eq!(
        contacts_at_an_edge(&[(-8.0, true), (8.0, true)]),
        vec![Vec2::NEG_Y, Vec2::NEG_Y]
    );
}
