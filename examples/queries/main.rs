//! Queries: what `SpatialQuery` and `SweptCollider` are for, in one room.
//!
//! - A hitscan laser that reflects off the walls: a `cast_ray` per bounce.
//! - Two bullets fired at a thin wall, 90 units per frame: the one with a
//!   `SweptCollider` reports the hit (with its time of impact), the other tunnels.
//! - An explosion every two seconds: `shape_hits` with a circle finds the crates it
//!   reaches, and pushes them away; each crate moves by `cast_shape`, so none passes
//!   through a wall.
//! - A box that follows the mouse (left button held; otherwise it sweeps back and forth
//!   on its own) and stops where a `cast_shape` says it would hit. Its ghost shows
//!   where it was asked to go.
//!
//! The overlay draws every query of the frame (the "Draw queries" switch in its panel).
//!
//! `cargo run --release --example queries [-- --screenshot PATH --frames N]`

#[path = "../common/mod.rs"]
mod common;
mod display;
mod pushing;
mod room;
mod shooting;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_sat2d::debug_overlay::SatDebugState;
use bevy_sat2d::prelude::*;
use common::fills::tint_fills;
use display::{draw_markers, info_window};
use pushing::{explode, follow_mouse, move_crates};
use room::spawn_room;
use shooting::{fire_laser, move_bullets, record_bullet_hits};

/// How many times the laser may reflect.
const BOUNCES: usize = 8;
/// The laser's reach per leg.
const LASER_REACH: f32 = 2000.0;
/// Bullet motion per frame: far more than the wall is thick.
const BULLET_STEP: f32 = 90.0;
/// The thin wall the bullets are fired at: its centre x and thickness.
const TARGET_X: f32 = 330.0;
const TARGET_THICKNESS: f32 = 6.0;
/// Where bullets start and where they wrap around.
const BULLET_START_X: f32 = -80.0;
const BULLET_END_X: f32 = 420.0;
/// The explosion: where, how far it reaches, and how often.
const BLAST_CENTER: Vec2 = Vec2::new(-250.0, -150.0);
const BLAST_RADIUS: f32 = 95.0;
const BLAST_PERIOD: f32 = 2.0;
/// How far a moving body keeps from what it hits, so that the next cast starts apart.
const SKIN: f32 = 0.5;

#[derive(Component)]
struct Bullet {
    swept: bool,
    hits: u32,
}

#[derive(Component, Default)]
struct Crate {
    velocity: Vec2,
}

#[derive(Component)]
struct FollowBox;

/// Where something was hit, shown for a while.
struct Marker {
    point: Vec2,
    normal: Vec2,
    time_of_impact: Option<f32>,
    age: f32,
}

#[derive(Resource, Default)]
struct Scene {
    markers: Vec<Marker>,
    laser_legs: usize,
    blast_age: f32,
    blast_hits: Vec<Entity>,
    follow_target: Vec2,
}

fn main() {
    let mut app = common::windowed_app("sat2d queries");
    app.init_resource::<Scene>()
        .add_systems(Startup, (spawn_room, draw_queries_on))
        .add_systems(
            Update,
            (
                move_bullets,
                (explode, move_crates).chain(),
                follow_mouse,
                fire_laser,
                draw_markers,
                tint_fills,
            ),
        )
        .add_systems(PostUpdate, record_bullet_hits.after(SatSystems::Events))
        .add_systems(EguiPrimaryContextPass, info_window);
    app.run();
}

/// Turns on the overlay's query drawing, so the screenshot shows it too.
fn draw_queries_on(mut state: ResMut<SatDebugState>) {
    state.draw.queries = true;
}
