//! Shared by the plugin's benches: a seeded scene of mixed colliders (circles,
//! rectangles, capsules, triangles) at the stress example's density, at any count.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// The stress example's half box for 10,000 colliders.
const HALF_BOX_FOR_10K: Vec2 = Vec2::new(450.0, 330.0);

/// The half box that holds `count` colliders at the stress example's density: its
/// area grows with the count.
pub fn half_box(count: usize) -> Vec2 {
    HALF_BOX_FOR_10K * (count as f32 / 10_000.0).sqrt()
}

/// A collider of size 1 to 3 units, of the kind `index` picks (every fourth of each).
fn mixed_collider(index: usize, rng: &mut fastrand::Rng) -> Collider {
    let size = 1.0 + rng.f32() * 2.0;
    match index % 4 {
        0 => Collider::circle(size),
        1 => Collider::rectangle(size * 2.0, size * 1.5),
        2 => Collider::capsule(size * 0.6, size * 1.5),
        _ => Collider::polygon(&[
            Vec2::new(-size, -size),
            Vec2::new(size, -size),
            Vec2::new(0.0, size),
        ])
        .expect("a triangle"),
    }
}

/// Spawns `count` mixed colliders, seeded, at random positions and angles in
/// `half_box` around the origin ([`half_box(count)`](half_box) for the stress
/// example's density). `finish` is called on each entity
/// with its index and the generator, to add components (it may draw from the
/// generator: the scene stays the same for the same `finish`).
pub fn spawn_mixed(
    app: &mut App,
    count: usize,
    half_box: Vec2,
    mut finish: impl FnMut(&mut EntityWorldMut, usize, &mut fastrand::Rng),
) {
    let mut rng = fastrand::Rng::with_seed(10_000);
    for index in 0..count {
        let collider = mixed_collider(index, &mut rng);
        let position = Vec2::new(rng.f32() * 2.0 - 1.0, rng.f32() * 2.0 - 1.0) * half_box;
        let transform = Transform::from_translation(position.extend(0.0))
            .with_rotation(Quat::from_rotation_z(rng.f32() * std::f32::consts::TAU));
        let mut entity = app.world_mut().spawn((collider, transform));
        finish(&mut entity, index, &mut rng);
    }
}
