//! Rollback: a seeded game run as a SyncTest (snapshots restored 2 and 7 frames back
//! and simulated again) reports the same events and positions, frame by frame, as the
//! same game run straight through; and a restored frame reports against its own pairs.

use std::hash::{DefaultHasher, Hash, Hasher};

use bevy::ecs::entity_disabling::Disabled;
use bevy::prelude::*;
use bevy_sat2d::SatRollback;
use bevy_sat2d::prelude::*;

use crate::common::{app, at};
use crate::rollback_support::{Game, Snapshotter, plain_run, rollback_run};

const COIN: u32 = 1 << 1;

/// A stable name for an entity, the same in every run (unlike `Entity` bits).
#[derive(Component, Clone, Copy)]
struct StableId(u32);

/// A player moved by the scripted inputs through its `CharacterMover`.
#[derive(Component, Clone)]
struct Player {
    index: usize,
    fall: f32,
}

/// Disabled when a player starts touching it.
#[derive(Component, Clone)]
struct Coin;

/// Falls, and bounces up on every `Started`; the swept crate flies sideways and turns
/// back on every `Started`.
#[derive(Component, Clone)]
struct Crate {
    velocity: Vec2,
    swept: bool,
}

/// Slides back and forth between `-limit` and `limit`.
#[derive(Component, Clone)]
struct Platform {
    speed: f32,
    limit: f32,
}

/// This frame's inputs: per player, the run direction and whether to jump.
#[derive(Resource, Clone, Default)]
struct Inputs([(f32, bool); 2]);

/// This frame's events as stable ids: kind (0 started, 1 ongoing, 2 ended), a, b.
#[derive(Resource, Default)]
struct FrameEvents(Vec<(u8, u32, u32)>);

fn drive_players(
    inputs: Res<Inputs>,
    mut players: Query<(&mut Player, &mut CharacterMover, &MoverOutput)>,
) {
    for (mut player, mut mover, output) in &mut players {
        let (run, jump) = inputs.0[player.index];
        player.fall = if output.grounded {
            if jump { 5.0 } else { 0.0 }
        } else {
            (player.fall - 0.4).max(-8.0)
        };
        mover.translation = Some(Vec2::new(run * 2.0, player.fall));
    }
}

fn move_bodies(
    mut crates: Query<(&mut Crate, &mut Transform), Without<Platform>>,
    mut platforms: Query<(&mut Platform, &mut Transform)>,
) {
    for (mut body, mut transform) in &mut crates {
        if !body.swept {
            body.velocity.y = (body.velocity.y - 0.3).max(-7.0);
        }
        transform.translation += body.velocity.extend(0.0);
    }
    for (mut platform, mut transform) in &mut platforms {
        transform.translation.x += platform.speed;
        if transform.translation.x.abs() > platform.limit {
            platform.speed = -platform.speed;
        }
    }
}

fn react(
    mut events: MessageReader<CollisionEvent>,
    ids: Query<&StableId>,
    coins: Query<(), With<Coin>>,
    players: Query<(), With<Player>>,
    mut crates: Query<&mut Crate>,
    mut log: ResMut<FrameEvents>,
    mut commands: Commands,
) {
    log.0.clear();
    for event in events.read() {
        let (a, b) = event.entities();
        let (Ok(id_a), Ok(id_b)) = (ids.get(a), ids.get(b)) else {
            continue;
        };
        let kind = if event.is_started() {
            0
        } else if event.is_ended() {
            2
        } else {
            1
        };
        log.0.push((kind, id_a.0.min(id_b.0), id_a.0.max(id_b.0)));
        if !event.is_started() {
            continue;
        }
        for (one, other) in [(a, b), (b, a)] {
            if coins.contains(one) && players.contains(other) {
                commands.entity(one).insert(Disabled);
            }
            if let Ok(mut body) = crates.get_mut(one) {
                if body.swept {
                    body.velocity.x = -body.velocity.x;
                } else {
                    body.velocity.y = 5.0;
                }
            }
        }
    }
    log.0.sort_unstable();
}

/// The game of issue 38: two players on a tile floor with a sliding platform, coins,
/// bouncing crates and a swept crate between two thin walls.
struct RollbackGame;

impl Game for RollbackGame {
    fn app(&self) -> App {
        let mut app = app();
        app.add_plugins(CharacterMoverPlugin::default())
            .init_resource::<Inputs>()
            .init_resource::<FrameEvents>()
            .add_systems(Update, (drive_players, move_bodies))
            .add_systems(PostUpdate, react.after(SatSystems::Events));
        let mut next = 0;
        let mut spawn = |app: &mut App, bundle: (Collider, Transform)| {
            next += 1;
            app.world_mut().spawn((bundle, StableId(next))).id()
        };
        for tile in -6..6 {
            let tile = spawn(
                &mut app,
                (
                    Collider::rectangle(32.0, 16.0),
                    at(tile as f32 * 32.0 + 16.0, -8.0),
                ),
            );
            app.world_mut().entity_mut(tile).insert(StaticCollider);
        }
        for x in [-200.0, 200.0] {
            let wall = spawn(&mut app, (Collider::rectangle(4.0, 300.0), at(x, 100.0)));
            app.world_mut().entity_mut(wall).insert(StaticCollider);
        }
        let platform = spawn(&mut app, (Collider::rectangle(48.0, 8.0), at(0.0, 40.0)));
        app.world_mut().entity_mut(platform).insert(Platform {
            speed: 1.5,
            limit: 60.0,
        });
        for (index, x) in [(0, -10.0), (1, 30.0)] {
            let player = spawn(&mut app, (Collider::rectangle(12.0, 20.0), at(x, 70.0)));
            let mover = CharacterMover {
                mask: !COIN,
                ..default()
            };
            app.world_mut()
                .entity_mut(player)
                .insert((Player { index, fall: 0.0 }, mover));
        }
        for coin in 0..10 {
            let coin = spawn(
                &mut app,
                (Collider::circle(4.0), at(coin as f32 * 30.0 - 150.0, 12.0)),
            );
            app.world_mut()
                .entity_mut(coin)
                .insert((Coin, CollisionLayers::new(COIN, u32::MAX)));
        }
        let mut random = fastrand::Rng::with_seed(38);
        for _ in 0..8 {
            let position = (random.f32() * 300.0 - 150.0, 60.0 + random.f32() * 80.0);
            let body = spawn(
                &mut app,
                (Collider::rectangle(8.0, 8.0), at(position.0, position.1)),
            );
            let velocity = Vec2::new(random.f32() * 2.0 - 1.0, 0.0);
            app.world_mut().entity_mut(body).insert(Crate {
                velocity,
                swept: false,
            });
        }
        let swept = spawn(&mut app, (Collider::circle(2.0), at(0.0, 100.0)));
        app.world_mut().entity_mut(swept).insert((
            SweptCollider,
            Crate {
                velocity: Vec2::new(23.0, 0.0),
                swept: true,
            },
        ));
        app
    }

    fn register(&self, app: &mut App, snapshotter: &mut Snapshotter) {
        // The game's own state.
        snapshotter.component::<Transform>();
        snapshotter.component::<Player>();
        snapshotter.component::<Crate>();
        snapshotter.component::<Platform>();
        snapshotter.resource::<Inputs>();
        snapshotter.disabled();
        // The plugin's rollback set.
        SatRollback::register(app, snapshotter);
    }

    fn set_inputs(&self, app: &mut App, frame: u32) {
        // A seeded script: each player holds a direction for a while, and jumps now and then.
        let inputs = std::array::from_fn(|player| {
            let mut random = fastrand::Rng::with_seed(u64::from(frame / 20) * 2 + player as u64);
            let run = [-1.0, 0.0, 1.0][random.usize(..3)];
            (run, frame % 37 == (player as u32) * 11)
        });
        app.world_mut().resource_mut::<Inputs>().0 = inputs;
    }

    fn checksum(&self, app: &mut App) -> u64 {
        let mut hasher = DefaultHasher::new();
        app.world().resource::<FrameEvents>().0.hash(&mut hasher);
        let mut state: Vec<(u32, [u32; 2], bool)> = app
            .world_mut()
            .query_filtered::<(&StableId, &Transform, Has<Disabled>), Allow<Disabled>>()
            .iter(app.world())
            .map(|(id, transform, disabled)| {
                let position = transform.translation.truncate();
                (id.0, [position.x.to_bits(), position.y.to_bits()], disabled)
            })
            .collect();
        state.sort_unstable_by_key(|&(id, _, _)| id);
        state.hash(&mut hasher);
        hasher.finish()
    }

    fn rollback_entities(&self, app: &mut App) -> Vec<Entity> {
        let mut entities: Vec<(u32, Entity)> = app
            .world_mut()
            .query_filtered::<(&StableId, Entity), Allow<Disabled>>()
            .iter(app.world())
            .map(|(id, entity)| (id.0, entity))
            .collect();
        entities.sort_unstable();
        entities.into_iter().map(|(_, entity)| entity).collect()
    }
}

const FRAMES: u32 = 400;

/// The game's own events happen: coins are taken, crates bounce, the swept crate turns.
#[test]
fn the_game_plays() {
    let mut app = RollbackGame.app();
    let mut counts = [0usize; 3];
    let mut disabled = 0;
    for frame in 0..FRAMES {
        RollbackGame.set_inputs(&mut app, frame);
        app.update();
        for &(kind, _, _) in &app.world().resource::<FrameEvents>().0 {
            counts[kind as usize] += 1;
        }
    }
    disabled += app
        .world_mut()
        .query_filtered::<(), (With<Coin>, With<Disabled>)>()
        .iter(app.world())
        .count();
    assert!(counts[0] > 30 && counts[2] > 20, "{counts:?}");
    assert!(disabled >= 1, "no coin taken");
}

fn check_distance(distance: u32, every: u32) {
    let plain = plain_run(&RollbackGame, FRAMES);
    let (rolled, mismatch) = rollback_run(&RollbackGame, FRAMES, distance, every);
    let first_difference = plain.iter().zip(&rolled).position(|(a, b)| a != b);
    assert_eq!(
        (mismatch, first_difference),
        (None, None),
        "check distance {distance}: re-simulation first differed at frame {mismatch:?}, the \
         kept frames from the plain run's at {first_difference:?}"
    );
}

#[test]
fn sync_test_at_check_distance_two() {
    check_distance(2, 3);
}

#[test]
fn sync_test_at_check_distance_seven() {
    check_distance(7, 5);
}

/// A rollback that restores the touching pairs of an earlier frame: the next step
/// reports against them (`Started` again for a pair that touched only in the abandoned
/// future), and `CollidingEntities` is rebuilt from them.
#[test]
fn a_restored_frame_reports_against_its_own_pairs() {
    let mut app = app();
    let mut log = crate::common::EventLog::new(&app);
    let mut snapshotter = Snapshotter::default();
    SatRollback::register(&mut app, &mut snapshotter);
    snapshotter.component::<Transform>();
    let a = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(0.0, 0.0)))
        .id();
    let b = app
        .world_mut()
        .spawn((Collider::circle(2.0), at(10.0, 0.0)))
        .id();
    let entities = [a, b];
    log.step(&mut app);
    let apart = snapshotter.take(app.world(), &entities);
    crate::common::move_to(&mut app, b, Vec2::new(3.0, 0.0));
    assert_eq!(log.step(&mut app).len(), 1, "started");
    log.step(&mut app); // ongoing

    // Back to the frame where they were apart, then the same move again.
    snapshotter.restore(app.world_mut(), &entities, &apart);
    crate::common::move_to(&mut app, b, Vec2::new(3.0, 0.0));
    let pair = (a.min(b), a.max(b));
    assert_eq!(
        log.step(&mut app),
        [CollisionEvent::Started {
            a: pair.0,
            b: pair.1,
            time_of_impact: None
        }]
    );
    assert_eq!(crate::common::touching(&app, a), [b]);
    // And restored to apart with no move: the pair that touched in the future just
    // never happened: no event, empty lists.
    snapshotter.restore(app.world_mut(), &entities, &apart);
    assert!(log.step(&mut app).is_empty());
    assert!(crate::common::touching(&app, a).is_empty());
    assert!(crate::common::touching(&app, b).is_empty());
}
