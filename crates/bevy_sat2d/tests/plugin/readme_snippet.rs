//! The README's "Using the plugin" snippet, run headless: the same `spawn` and `react`
//! systems, with `MinimalPlugins`, `TransformPlugin` and `AssetPlugin` (for the
//! collider file) in place of `DefaultPlugins`. It must produce the event it describes.

use std::time::Duration;

use bevy::asset::AssetPlugin;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

const PLAYER: u32 = 1 << 0;
const COIN: u32 = 1 << 1;

/// The README's `spawn`, verbatim.
fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
    commands.spawn((
        Collider::capsule(12.0, 24.0),
        CollisionLayers::new(PLAYER, COIN),
    ));
    commands.spawn((
        Collider::circle(8.0),
        CollisionLayers::new(COIN, PLAYER),
        Transform::from_xyz(15.0, 0.0, 0.0), // overlaps the player: one Started
    ));
    // Level geometry: never paired with other static colliders.
    commands.spawn((Collider::rectangle(400.0, 20.0), StaticCollider));
    // A shape from a file, hot reloaded with Bevy's `file_watcher` feature.
    commands.spawn(ColliderHandle(assets.load("star.collider.ron")));
}

/// What the README's `react` reads, kept for the test to check.
#[derive(Resource, Default)]
struct Seen(Vec<CollisionEvent>);

/// The README's `react`, recording instead of logging.
fn react(mut events: MessageReader<CollisionEvent>, mut seen: ResMut<Seen>) {
    seen.0.extend(events.read().cloned());
}

#[test]
fn the_readme_snippet_reports_the_player_touching_the_coin() {
    let assets = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets");
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        AssetPlugin {
            file_path: assets.into(),
            ..default()
        },
        SatPlugin::default(),
    ))
    .init_resource::<Seen>()
    .add_systems(Startup, spawn)
    .add_systems(Update, react);

    // Step until the star file has loaded into a collider (about five seconds at most).
    let mut star_loaded = false;
    for _ in 0..500 {
        app.update();
        let mut handles = app
            .world_mut()
            .query_filtered::<(), (With<ColliderHandle>, With<Collider>)>();
        if handles.iter(app.world()).count() == 1 {
            star_loaded = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(star_loaded, "star.collider.ron became a Collider");
    app.update();

    let mut layered = app.world_mut().query::<(Entity, &CollisionLayers)>();
    let mut find = |app: &App, wanted: CollisionLayers| {
        layered
            .iter(app.world())
            .find(|(_, layers)| **layers == wanted)
            .map(|(entity, _)| entity)
            .expect("spawned")
    };
    let player = find(&app, CollisionLayers::new(PLAYER, COIN));
    let coin = find(&app, CollisionLayers::new(COIN, PLAYER));
    let seen = &app.world().resource::<Seen>().0;
    let pair = (player.min(coin), player.max(coin));
    // The player and the coin start touching exactly once and never end.
    let started: Vec<&CollisionEvent> = seen
        .iter()
        .filter(|event| event.is_started() && event.entities() == pair)
        .collect();
    assert_eq!(started.len(), 1, "{seen:?}");
    let world = app.world().resource::<CollisionWorld>();
    let contact = started[0].contact(world).expect("they still touch");
    // Capsule radius 12 and coin radius 8 with centres 15 apart: 5 deep.
    assert!((contact.depth - 5.0).abs() < 1e-3, "{contact:?}");
    assert!(!seen.iter().any(|event| event.is_ended()));
}
