//! Set-up shared by the `SweptCollider` test files: a thin wall and a swept bullet.
#![allow(dead_code)]

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use crate::common::at;

/// A wall 10 wide and 100 tall, centred on the origin: faces at x = ±5.
pub fn spawn_wall(app: &mut App) -> Entity {
    app.world_mut()
        .spawn((
            Collider::rectangle(10.0, 100.0),
            StaticCollider,
            at(0.0, 0.0),
        ))
        .id()
}

/// A swept bullet of radius 1 at `(x, y)`.
pub fn spawn_bullet(app: &mut App, x: f32, y: f32) -> Entity {
    app.world_mut()
        .spawn((Collider::circle(1.0), SweptCollider, at(x, y)))
        .id()
}

/// Whether `actual` is within `tolerance` of `expected`.
pub fn close(actual: f32, expected: f32, tolerance: f32) -> bool {
    (actual - expected).abs() <= tolerance
}
