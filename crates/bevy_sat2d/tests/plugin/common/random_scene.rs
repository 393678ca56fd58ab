//! A seeded scene of every collider kind, and the truth the query tests compare against,
//! built from each entity's own components, never from the plugin's records.

use bevy::prelude::*;
use bevy_sat2d::placement;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::Iso;

/// The side of the square the scene fills.
pub const SCENE_SIDE: f32 = 800.0;

/// One collider as the oracle sees it.
pub struct Truth {
    pub entity: Entity,
    pub shape: Shape,
    pub iso: Iso,
    pub memberships: u32,
    pub is_static: bool,
}

/// A random shape of every kind: circle, rectangle, capsule, segment, convex hull,
/// concave polygon.
pub fn random_shape(rng: &mut fastrand::Rng) -> Shape {
    let size = |rng: &mut fastrand::Rng| 1.0 + rng.f32() * 10.0;
    match rng.u32(0..6) {
        0 => Shape::circle(size(rng)),
        1 => Shape::rectangle(size(rng), size(rng)),
        2 => Shape::capsule(size(rng) * 0.4, size(rng)),
        3 => Shape::segment(Vec2::ZERO, Vec2::new(size(rng), size(rng) - 5.0)),
        4 => {
            let points: Vec<Vec2> = (0..6)
                .map(|_| Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * size(rng) * 2.0)
                .collect();
            Shape::convex_hull(&points).unwrap_or_else(|_| Shape::circle(1.0))
        }
        _ => {
            let (width, height) = (size(rng), size(rng));
            Shape::polygon(&[
                Vec2::new(-width, -height),
                Vec2::new(width, -height),
                Vec2::new(width, height),
                Vec2::new(0.0, 0.0),
                Vec2::new(-width, height),
            ])
            .expect("a valid concave outline")
        }
    }
}

/// A random placement in the scene.
pub fn random_iso(rng: &mut fastrand::Rng) -> Iso {
    Iso::new(
        Vec2::new(rng.f32(), rng.f32()) * SCENE_SIDE,
        rng.f32() * std::f32::consts::TAU,
    )
}

/// Spawns `count` seeded colliders of every kind: every fourth static, every tenth
/// scaled, on one of four layers.
pub fn spawn_scene(app: &mut App, seed: u64, count: usize) -> Vec<Entity> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|index| {
            let shape = random_shape(&mut rng);
            let position = Vec2::new(rng.f32(), rng.f32()) * SCENE_SIDE;
            let mut transform = Transform::from_translation(position.extend(0.0))
                .with_rotation(Quat::from_rotation_z(rng.f32() * std::f32::consts::TAU));
            if index % 10 == 3 {
                transform.scale = Vec3::new(1.5, 1.5, 1.0);
            }
            let layers = CollisionLayers::new(1 << rng.u32(0..4), u32::MAX);
            let mut entity = app
                .world_mut()
                .spawn((Collider::from(shape), transform, layers));
            if index % 4 == 0 {
                entity.insert(StaticCollider);
            }
            entity.id()
        })
        .collect()
}

/// Every entity's collider placed from its own `Collider` and `GlobalTransform`
/// (the public `placement` and the documented scale rule).
pub fn truth(app: &App, entities: &[Entity]) -> Vec<Truth> {
    let world = app.world();
    entities
        .iter()
        .map(|&entity| {
            let shape = world.get::<Collider>(entity).unwrap().shape();
            let (iso, scale) =
                placement(world.get::<GlobalTransform>(entity).unwrap()).expect("valid");
            let shape = if scale == Vec2::ONE {
                shape.clone()
            } else {
                shape.try_scaled(scale).expect("a valid scale")
            };
            Truth {
                entity,
                shape,
                iso,
                memberships: world.get::<CollisionLayers>(entity).unwrap().memberships,
                is_static: world.get::<StaticCollider>(entity).is_some(),
            }
        })
        .collect()
}
