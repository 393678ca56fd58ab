//! The game of issue 38, on bevy_ggrs: two players moved by their inputs through the
//! `CharacterMover`, coins despawned (bevy_ggrs's `despawn_rollback`) when a player
//! starts touching one, crates that bounce on `Started`, a swept crate flying through a
//! thin post between the level's walls, a sliding platform, all on a tile level.
//!
//! The same systems run as a `SyncTestSession` (bevy_ggrs rolls back every frame and
//! compares checksums) or straight through with no rollback library at all; each frame
//! records a hash of its events and positions in [`History`], so the two runs can be
//! compared frame by frame. Shared by the rollback tests, the `rollback_sync_test`
//! bench and the `rollback` example.
#![allow(dead_code)]

use std::hash::{DefaultHasher, Hash, Hasher};

use bevy::ecs::component::Mutable;
use bevy::ecs::schedule::ScheduleLabel;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::transform::TransformSystems;
use bevy_ggrs::prelude::*;
use bevy_ggrs::{LocalInputs, LocalPlayers};
use bevy_sat2d::prelude::*;
use bevy_sat2d::{RollbackRegistry, SatRollback};

/// One byte of input per player per frame.
pub type GameConfig = GgrsConfig<u8, usize>;

/// Input bits.
pub const LEFT: u8 = 1;
pub const RIGHT: u8 = 2;
pub const JUMP: u8 = 4;

/// The coins' layer: players pick them up, but their movers are not stopped by them.
pub const COIN: u32 = 1 << 1;

/// How the game's frames are run.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// By bevy_ggrs's `SyncTestSession` at this check distance, two local players: every
    /// frame, the last `check_distance` frames are loaded and simulated again.
    SyncTest { check_distance: usize },
    /// Straight through, one simulation a frame, no rollback library.
    Plain,
}

/// A name for an entity that is the same in every run (unlike `Entity` bits).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StableId(pub u32);

/// A player, moved by input `index` through its `CharacterMover`.
#[derive(Component, Clone, Debug)]
pub struct Player {
    pub index: usize,
    pub fall: f32,
}

/// Despawned when a player starts touching it.
#[derive(Component, Clone, Debug)]
pub struct Coin;

/// Falls and bounces up on every `Started`; a swept crate flies sideways instead and
/// turns back on every `Started` with a tile.
#[derive(Component, Clone, Debug)]
pub struct Crate {
    pub velocity: Vec2,
    pub swept: bool,
}

/// Slides back and forth, `speed` a frame, while `|x| <= limit`.
#[derive(Component, Clone, Debug)]
pub struct Platform {
    pub speed: f32,
    pub limit: f32,
}

/// The frames simulated so far (rolled back).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct GameFrame(pub u32);

/// This frame's inputs, one per player.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct FrameInputs(pub [u8; 2]);

/// This frame's events by stable ids, sorted: kind (0 started, 1 ongoing, 2 ended),
/// the smaller id, the larger.
#[derive(Resource, Clone, Debug, Default, Hash)]
pub struct FrameEvents(pub Vec<(u8, u32, u32)>);

/// Per frame, a hash of its events and of every enabled game entity's position, from
/// that frame's last simulation (not rolled back).
#[derive(Resource, Debug, Default)]
pub struct History(pub Vec<u64>);

/// What happened, counted in plain runs (a rollback would count frames twice).
#[derive(Resource, Debug, Default)]
pub struct Stats {
    pub started: usize,
    pub swept_hits: usize,
    pub coins_taken: usize,
    pub crate_bounces: usize,
    pub frames_on_platform: usize,
}

/// The frames whose checksums bevy_ggrs's SyncTest found different (not rolled back).
#[derive(Resource, Debug, Default)]
pub struct Mismatches(pub Vec<i32>);

/// bevy_ggrs's registration calls, for [`SatRollback::register`].
pub struct Ggrs;

impl RollbackRegistry for Ggrs {
    fn component<T: Component<Mutability = Mutable> + Clone>(&mut self, app: &mut App) {
        app.rollback_component_with_clone::<T>();
    }

    fn resource<T: Resource<Mutability = Mutable> + Clone>(&mut self, app: &mut App) {
        app.rollback_resource_with_clone::<T>();
    }
}

/// The scripted input of `player` in `frame`: a direction held for 20 frames, drawn
/// from a seed, and a jump every 37 frames.
pub fn scripted_input(frame: u32, player: usize) -> u8 {
    let mut random = fastrand::Rng::with_seed(u64::from(frame / 20) * 2 + player as u64);
    let run = [LEFT, 0, RIGHT][random.usize(..3)];
    let jump = if frame % 37 == player as u32 * 11 {
        JUMP
    } else {
        0
    };
    run | jump
}

/// bevy_ggrs's `ReadInputs` system for the scripted inputs (it runs once per new frame).
pub fn read_scripted_inputs(
    mut commands: Commands,
    players: Res<LocalPlayers>,
    mut frame: Local<u32>,
) {
    let inputs: HashMap<usize, u8> = players
        .0
        .iter()
        .map(|&handle| (handle, scripted_input(*frame, handle)))
        .collect();
    commands.insert_resource(LocalInputs::<GameConfig>(inputs));
    *frame += 1;
}

/// Adds the game to `app` (which has `MinimalPlugins` or `DefaultPlugins`,
/// `TransformPlugin` and `SatPlugin::new(GgrsSchedule)`) and spawns its scene. In
/// [`Mode::SyncTest`] the caller adds its `ReadInputs` system
/// ([`read_scripted_inputs`], or a keyboard's).
pub fn add_game(app: &mut App, mode: Mode) {
    app.add_plugins((
        CharacterMoverPlugin {
            schedule: GgrsSchedule.intern(),
        },
        // The level never changes: its colliders are spawned once, at startup.
        TileLevelPlugin::new(Startup),
    ))
    .init_resource::<GameFrame>()
    .init_resource::<FrameInputs>()
    .init_resource::<FrameEvents>()
    .init_resource::<History>()
    .init_resource::<Stats>()
    .init_resource::<Mismatches>();
    let inputs_system = match mode {
        Mode::SyncTest { check_distance } => {
            let session = SessionBuilder::<GameConfig>::new()
                .with_num_players(2)
                .and_then(|builder| {
                    builder
                        .with_check_distance(check_distance)
                        .add_player(PlayerType::Local, 0)
                })
                .and_then(|builder| builder.add_player(PlayerType::Local, 1))
                .and_then(SessionBuilder::start_synctest_session)
                .expect("a valid session");
            app.add_plugins(GgrsPlugin::<GameConfig>::default())
                .insert_resource(RollbackFrameRate(60))
                .insert_resource(Session::SyncTest(session))
                .rollback_component_with_clone::<Transform>()
                .rollback_component_with_clone::<Player>()
                .rollback_component_with_clone::<Crate>()
                .rollback_component_with_clone::<Platform>()
                .rollback_resource_with_copy::<GameFrame>()
                .checksum_component::<Transform>(hash_translation)
                .checksum_resource_with_hash::<FrameEvents>()
                .add_observer(
                    |mismatch: On<SyncTestMismatch>, mut mismatches: ResMut<Mismatches>| {
                        mismatches.0.extend(&mismatch.event().mismatched_frames);
                    },
                );
            SatRollback::register(app, &mut Ggrs);
            copy_player_inputs.into_configs()
        }
        Mode::Plain => {
            app.add_systems(Update, |world: &mut World| world.run_schedule(GgrsSchedule));
            copy_scripted_inputs.into_configs()
        }
    };
    app.add_systems(
        GgrsSchedule,
        (inputs_system, drive_players, move_bodies)
            .chain()
            .before(TransformSystems::Propagate),
    )
    .add_systems(
        GgrsSchedule,
        (react, record_frame).chain().after(SatSystems::Events),
    );
    super::ggrs_scene::spawn_scene(app, matches!(mode, Mode::SyncTest { .. }));
}

fn hash_translation(transform: &Transform) -> u64 {
    let mut hasher = DefaultHasher::new();
    transform
        .translation
        .to_array()
        .map(f32::to_bits)
        .hash(&mut hasher);
    hasher.finish()
}

fn copy_player_inputs(inputs: Res<PlayerInputs<GameConfig>>, mut frame: ResMut<FrameInputs>) {
    frame.0 = [inputs[0].0, inputs[1].0];
}

fn copy_scripted_inputs(game_frame: Res<GameFrame>, mut frame: ResMut<FrameInputs>) {
    frame.0 = [0, 1].map(|player| scripted_input(game_frame.0, player));
}

fn drive_players(
    inputs: Res<FrameInputs>,
    mut players: Query<(&mut Player, &mut CharacterMover, &MoverOutput)>,
) {
    for (mut player, mut mover, output) in &mut players {
        let input = inputs.0[player.index];
        let run = f32::from(input & RIGHT != 0) - f32::from(input & LEFT != 0);
        player.fall = if output.grounded {
            if input & JUMP != 0 { 5.0 } else { 0.0 }
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
            // Kept between the walls by hand: crates only bounce up on contact.
            if transform.translation.x.abs() > 150.0 {
                body.velocity.x = -transform.translation.x.signum() * body.velocity.x.abs();
            }
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
    tiles: Query<(), With<TileCollider>>,
    mut crates: Query<&mut Crate>,
    mut log: ResMut<FrameEvents>,
    mut stats: ResMut<Stats>,
    mut commands: Commands,
) {
    log.0.clear();
    for event in events.read() {
        let (a, b) = event.entities();
        let id = |entity| ids.get(entity).map_or(0, |id| id.0);
        let kind = if event.is_started() {
            0
        } else if event.is_ended() {
            2
        } else {
            1
        };
        log.0.push((kind, id(a).min(id(b)), id(a).max(id(b))));
        if !event.is_started() {
            continue;
        }
        stats.started += 1;
        stats.swept_hits += usize::from(event.time_of_impact().is_some());
        for (one, other) in [(a, b), (b, a)] {
            if coins.contains(one) && players.contains(other) {
                commands.entity(one).despawn_rollback();
                stats.coins_taken += 1;
            }
            if let Ok(mut body) = crates.get_mut(one) {
                if !body.swept {
                    body.velocity.y = 5.0;
                    stats.crate_bounces += 1;
                } else if tiles.contains(other) {
                    body.velocity.x = -body.velocity.x;
                }
            }
        }
    }
    log.0.sort_unstable();
}

fn record_frame(
    mut frame: ResMut<GameFrame>,
    log: Res<FrameEvents>,
    bodies: Query<(&StableId, &Transform)>,
    players: Query<&MoverOutput>,
    platforms: Query<(), With<Platform>>,
    mut history: ResMut<History>,
    mut stats: ResMut<Stats>,
) {
    let mut hasher = DefaultHasher::new();
    log.0.hash(&mut hasher);
    let mut positions: Vec<(StableId, [u32; 2])> = bodies
        .iter()
        .map(|(&id, transform)| {
            (
                id,
                transform
                    .translation
                    .truncate()
                    .to_array()
                    .map(f32::to_bits),
            )
        })
        .collect();
    positions.sort_unstable();
    positions.hash(&mut hasher);
    let index = frame.0 as usize;
    history.0.truncate(index);
    history.0.push(hasher.finish());
    frame.0 += 1;
    stats.frames_on_platform += players
        .iter()
        .filter(|output| {
            output
                .ground
                .is_some_and(|ground| platforms.contains(ground.entity))
        })
        .count();
}
