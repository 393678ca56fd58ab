//! The mover on its first frame (issue 22): a level spawned in the same frame as the
//! character is there for the first move, and a push-out out of deep overlap never
//! flings the character further than its penetration.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use crate::character_mover_support::{SKIN, app, mover, output, position, solid, step};

/// The body shapes a game would give a character: a 12×24 box and a capsule.
fn bodies() -> [(&'static str, Collider, f32); 2] {
    [
        ("box", Collider::rectangle(12.0, 24.0), 12.0),
        ("capsule", Collider::capsule(6.0, 12.0), 12.0),
    ]
}

/// `count` separate 16×16 static tiles side by side from x = `from`, tops at y = 0.
fn tiles(app: &mut App, from: f32, count: usize) {
    for index in 0..count {
        let centre = Vec2::new(from + 8.0 + 16.0 * index as f32, -8.0);
        solid(app, Collider::rectangle(16.0, 16.0), centre);
    }
}

/// A level and a character spawned together, before any step, then walked with
/// gravity: the first step already stands on the floor, and the height holds.
#[test]
fn a_level_spawned_with_the_character_is_there_for_the_first_move() {
    for (name, body, half_height) in bodies() {
        for speed in [1.0_f32, 3.7, 16.0, 40.0] {
            for direction in [1.0_f32, -1.0] {
                let mut app = app();
                // 300 tiles centred on the start, so the walk stays over the floor.
                tiles(&mut app, -2400.0, 300);
                let start = Vec2::new(0.0, half_height + 0.5);
                let character = mover(&mut app, body.clone(), start, MoverSettings::default());
                let resting = half_height + SKIN;
                for frame in 0..40 {
                    let at = step(&mut app, character, Vec2::new(speed * direction, -2.0));
                    let what = format!("{name} at {speed} dir {direction}, frame {frame}: {at}");
                    assert!(
                        (at.y - resting).abs() < 1e-3,
                        "{what}: height {} (resting at {resting})",
                        at.y
                    );
                    assert!(output(&app, character).grounded, "{what}: not grounded");
                    let expected_x = speed * direction * (frame + 1) as f32;
                    assert!(
                        (at.x - expected_x).abs() < 1e-3,
                        "{what}: x {} lost speed (expected {expected_x})",
                        at.x
                    );
                }
            }
        }
    }
}

/// The same first step as a single fall: a fast first move never ends below the floor.
#[test]
fn the_first_step_at_high_speed_keeps_the_character_above_the_floor() {
    for (name, body, half_height) in bodies() {
        let mut app = app();
        tiles(&mut app, -160.0, 20);
        let character = mover(
            &mut app,
            body,
            Vec2::new(0.0, half_height + 0.5),
            MoverSettings::default(),
        );
        let at = step(&mut app, character, Vec2::new(40.0, -30.0));
        assert!(
            at.y >= half_height,
            "{name}: ended at {at}, inside the floor"
        );
        assert!(output(&app, character).grounded, "{name}: not grounded");
    }
}

/// A query in `Update` on the first frame does not see a level spawned in `Startup`
/// (the docs say so); from `PostUpdate` after the sync it does.
#[test]
fn a_query_after_the_sync_sees_colliders_spawned_this_frame() {
    #[derive(Resource, Default)]
    struct Seen(Vec<usize>);
    let mut app = app();
    app.init_resource::<Seen>();
    app.add_systems(Startup, |mut commands: Commands| {
        commands.spawn((
            Collider::rectangle(100.0, 10.0),
            StaticCollider,
            Transform::from_xyz(0.0, -5.0, 0.0),
        ));
    });
    app.add_systems(
        PostUpdate,
        (|query: SpatialQuery, mut seen: ResMut<Seen>| {
            seen.0.push(
                query
                    .point_hits(Vec2::new(0.0, -5.0), &QueryFilter::default())
                    .len(),
            );
        })
        .after(SatSystems::SyncColliders)
        .before(SatSystems::BroadPhase),
    );
    app.update();
    assert_eq!(app.world().resource::<Seen>().0, vec![1]);
}

/// Deep overlaps of several kinds, at several speeds: the push-out moves the character
/// at most its penetration (plus skin) per step, so it never moves further than the
/// requested motion plus the penetration, and ends out of the geometry.
#[test]
fn a_push_out_moves_no_further_than_the_penetration() {
    // (case, solids as (size, centre), start offset from resting on y = 0)
    let floor = vec![(Vec2::new(320.0, 16.0), Vec2::new(0.0, -8.0))];
    let seam: Vec<_> = (0..20)
        .map(|i| (Vec2::splat(16.0), Vec2::new(-152.0 + 16.0 * i as f32, -8.0)))
        .collect();
    let wall = vec![(Vec2::new(16.0, 320.0), Vec2::new(14.0, 0.0))];
    let mut corner = floor.clone();
    corner.push((Vec2::new(16.0, 320.0), Vec2::new(14.0, 160.0)));
    let cases = [
        ("floor", floor, Vec2::new(0.0, -1.5)),
        ("seam", seam, Vec2::new(0.0, -1.5)),
        ("wall", wall, Vec2::new(0.0, 12.0)),
        ("corner", corner, Vec2::new(0.0, -1.5)),
    ];
    for (case, solids, offset) in cases {
        for (name, body, half_height) in bodies() {
            for speed in [1.0_f32, 3.7, 16.0, 40.0] {
                for direction in [1.0_f32, -1.0] {
                    let mut app = app();
                    for (size, centre) in &solids {
                        solid(&mut app, Collider::rectangle(size.x, size.y), *centre);
                    }
                    // Settle the level first, so only the push-out is under test.
                    app.update();
                    let start = Vec2::new(0.0, half_height) + offset;
                    let character = mover(&mut app, body.clone(), start, MoverSettings::default());
                    app.update();
                    let placed = position(&app, character);
                    let depth = deepest_overlap(&app, character);
                    let motion = Vec2::new(speed * direction, -2.0);
                    let at = step(&mut app, character, motion);
                    let what =
                        format!("{case}, {name} at {speed} dir {direction}: {placed} -> {at}");
                    let moved = (at - placed).length();
                    let max_push_out = MoverSettings::default().max_push_out;
                    assert!(
                        moved <= motion.length() + depth.min(max_push_out) + 2.0 * SKIN + 1e-3,
                        "{what}: moved {moved}, penetration {depth}"
                    );
                    let pushed = output(&app, character).push_out.length();
                    assert!(
                        pushed <= depth + 3.0 * SKIN + 1e-3,
                        "{what}: pushed {pushed} out of {depth}"
                    );
                    if depth <= max_push_out {
                        let left = deepest_overlap(&app, character);
                        assert!(left <= 1e-3, "{what}: still {left} deep");
                    }
                }
            }
        }
    }
}

/// How far `entity` is inside the geometry where the last step placed it: the largest
/// push on each axis over the MTVs of what it overlaps (two tiles under it push once,
/// a floor and a wall push on both axes), as a length.
fn deepest_overlap(app: &App, entity: Entity) -> f32 {
    let world = app.world().resource::<CollisionWorld>();
    let Some(me) = world.collider(entity) else {
        return 0.0;
    };
    let push = world
        .colliders()
        .filter(|other| other.entity != entity)
        .filter_map(|other| sat2d::contact(&me.shape, &me.iso, &other.shape, &other.iso))
        .map(|contact| contact.mtv().abs())
        .fold(Vec2::ZERO, Vec2::max);
    push.length()
}
