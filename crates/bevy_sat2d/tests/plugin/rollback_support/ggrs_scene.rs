//! The scene of the bevy_ggrs game ([`super::ggrs_game`]): a tile level, a sliding
//! platform, two players, coins, crates and a swept crate, each with a [`StableId`].

use bevy::prelude::*;
use bevy_ggrs::Rollback;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::TileGrid;

use super::ggrs_game::{COIN, Coin, Crate, Platform, Player, StableId};

/// The scene: a 24 × 12 tile level (a floor, two walls, two ledges), a sliding
/// platform, two players, ten coins on the floor, eight crates, a swept crate and the
/// thin post it flies through.
pub fn spawn_scene(app: &mut App, rollback: bool) {
    let world = app.world_mut();
    let mut next = 0;
    let mut spawn = |world: &mut World, bundle: (Collider, Transform)| {
        next += 1;
        let mut entity = world.spawn((bundle, StableId(next)));
        if rollback {
            entity.insert(Rollback);
        }
        entity.id()
    };
    let grid = TileGrid::try_from_text(
        "
X......................X
X......................X
X......................X
X......................X
X......................X
X......................X
X......................X
X....XXX........XXX....X
X......................X
X......................X
XXXXXXXXXXXXXXXXXXXXXXXX
XXXXXXXXXXXXXXXXXXXXXXXX
",
        'X',
        Vec2::splat(16.0),
    )
    .expect("a rectangular grid");
    // The floor's top at y = 0, the walls' inner faces at x = ±176.
    world.spawn((
        TileLevel::new(grid),
        Transform::from_xyz(-192.0, -32.0, 0.0),
    ));
    let post = spawn(world, (Collider::rectangle(2.0, 40.0), at(50.0, 100.0)));
    world.entity_mut(post).insert(StaticCollider);
    let platform = spawn(world, (Collider::rectangle(48.0, 8.0), at(0.0, 40.0)));
    world.entity_mut(platform).insert(Platform {
        speed: 1.5,
        limit: 60.0,
    });
    for (index, x) in [(0, 0.0), (1, 40.0)] {
        let player = spawn(world, (Collider::rectangle(12.0, 20.0), at(x, 70.0)));
        let mover = CharacterMover {
            mask: !COIN,
            ..default()
        };
        world
            .entity_mut(player)
            .insert((Player { index, fall: 0.0 }, mover));
    }
    for coin in 0..10 {
        let x = coin as f32 * 30.0 - 135.0;
        let coin = spawn(world, (Collider::circle(4.0), at(x, 6.0)));
        world
            .entity_mut(coin)
            .insert((Coin, CollisionLayers::new(COIN, u32::MAX)));
    }
    let mut random = fastrand::Rng::with_seed(38);
    for _ in 0..8 {
        let (x, y) = (random.f32() * 300.0 - 150.0, 60.0 + random.f32() * 80.0);
        let body = spawn(world, (Collider::rectangle(8.0, 8.0), at(x, y)));
        world.entity_mut(body).insert(Crate {
            velocity: Vec2::new(random.f32() * 2.0 - 1.0, 0.0),
            swept: false,
        });
    }
    let swept = spawn(world, (Collider::circle(2.0), at(0.0, 100.0)));
    world.entity_mut(swept).insert((
        SweptCollider,
        Crate {
            velocity: Vec2::new(23.0, 0.0),
            swept: true,
        },
    ));
}

fn at(x: f32, y: f32) -> Transform {
    Transform::from_xyz(x, y, 0.0)
}
