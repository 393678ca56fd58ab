//! The seeded scene every app runs: its colliders, the box they bounce in, and the
//! mover all apps share.

use bevy::prelude::*;

/// Colliders in the scene.
pub(crate) const COUNT: usize = 10_000;
/// Half of the 900 × 660 box.
pub(crate) const HALF_BOX: Vec2 = Vec2::new(450.0, 330.0);
/// The fixed step: the mover uses it, and every app's clock advances by it per update.
pub(crate) const DT: f32 = 1.0 / 60.0;
pub(crate) const SEED: u64 = 10_000;

/// The shape of one collider, shared by both engines.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SceneShape {
    Circle { radius: f32 },
    Rectangle { width: f32, height: f32 },
    Capsule { radius: f32, length: f32 },
    Triangle([Vec2; 3]),
}

/// One collider of the scene.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Body {
    pub(crate) shape: SceneShape,
    pub(crate) position: Vec2,
    pub(crate) angle: f32,
    pub(crate) velocity: Vec2,
    /// Radians per second it turns (zero: it keeps its angle).
    pub(crate) spin: f32,
    /// Whether it is static level geometry: never moved, a `StaticCollider` in
    /// bevy_sat2d and a `RigidBody::Static` in avian2d.
    pub(crate) is_static: bool,
}

/// A seeded scene and the half box its movers bounce in.
pub(crate) struct Scene {
    pub(crate) bodies: Vec<Body>,
    pub(crate) half_box: Vec2,
}

impl Scene {
    /// `moving` colliders and `fixed` static ones after them, at the density of
    /// [`COUNT`] colliders in [`HALF_BOX`] (the box grows with the count).
    pub(crate) fn new(moving: usize, fixed: usize) -> Self {
        Self::spread(moving, fixed, 1.0)
    }

    /// [`Self::new`] in a box of `area` times the area (`area` 2: half the density).
    pub(crate) fn spread(moving: usize, fixed: usize, area: f32) -> Self {
        let half_box = HALF_BOX * ((moving + fixed) as f32 / COUNT as f32 * area).sqrt();
        let mut bodies = bodies(moving + fixed, half_box);
        for body in &mut bodies[moving..] {
            body.is_static = true;
        }
        if in_rows() {
            bodies[moving..].sort_by(|a, b| {
                let ((row_a, x_a), (row_b, x_b)) = (row_order(a), row_order(b));
                row_a.cmp(&row_b).then(x_a.total_cmp(&x_b))
            });
        }
        Self { bodies, half_box }
    }
}

/// The half box of the scene an app runs, for the movers.
#[derive(Resource, Clone, Copy)]
pub(crate) struct HalfBox(pub(crate) Vec2);

/// `count` seeded colliders in `half_box`: index % 4 picks the shape, `size` ∈ [2, 6).
fn bodies(count: usize, half_box: Vec2) -> Vec<Body> {
    let mut rng = fastrand::Rng::with_seed(SEED);
    (0..count)
        .map(|index| {
            let size = 2.0 + rng.f32() * 4.0;
            let shape = match index % 4 {
                0 => SceneShape::Circle { radius: size },
                1 => SceneShape::Rectangle {
                    width: size * 2.0,
                    height: size * 1.5,
                },
                2 => SceneShape::Capsule {
                    radius: size * 0.6,
                    length: size * 1.5,
                },
                _ => SceneShape::Triangle([
                    Vec2::new(-size, -size),
                    Vec2::new(size, -size),
                    Vec2::new(0.0, size),
                ]),
            };
            let position = Vec2::new(rng.f32() * 2.0 - 1.0, rng.f32() * 2.0 - 1.0) * half_box;
            let angle = rng.f32() * std::f32::consts::TAU;
            let speed = 20.0 + rng.f32() * 60.0;
            let velocity = Vec2::from_angle(rng.f32() * std::f32::consts::TAU) * speed;
            Body {
                shape,
                position,
                angle,
                velocity,
                spin: 0.0,
                is_static: false,
            }
        })
        .collect()
}

/// Units per second; moved by [`move_and_bounce`].
#[derive(Component)]
pub(crate) struct Velocity(pub(crate) Vec2);

/// The collider's index in the scene, to compare pairs across engines.
#[derive(Component, Clone, Copy)]
pub(crate) struct Index(pub(crate) u32);

/// The angle a turning collider is at (radians) and how fast it turns (radians per
/// second); moved by [`move_and_bounce`].
#[derive(Component)]
pub(crate) struct Spin {
    pub(crate) angle: f32,
    pub(crate) speed: f32,
}

/// Gives a collider that is not static what moves it: its [`Velocity`], and its
/// [`Spin`] if it turns.
pub(crate) fn insert_motion(entity: &mut EntityWorldMut, body: &Body) {
    entity.insert(Velocity(body.velocity));
    if body.spin != 0.0 {
        entity.insert(Spin {
            angle: body.angle,
            speed: body.spin,
        });
    }
}

/// The mover every app shares: `Transform += velocity × DT`, reflected at the walls;
/// a collider with a [`Spin`] also turns by `speed × DT` (its rotation set from the
/// angle, so every app's colliders turn alike).
pub(crate) fn move_and_bounce(
    half_box: Res<HalfBox>,
    mut movers: Query<(&mut Transform, &mut Velocity, Option<&mut Spin>)>,
) {
    let half_box = half_box.0;
    movers
        .par_iter_mut()
        .for_each(|(mut transform, mut velocity, spin)| {
            if let Some(mut spin) = spin {
                spin.angle = (spin.angle + spin.speed * DT) % std::f32::consts::TAU;
                transform.rotation = Quat::from_rotation_z(spin.angle);
            }
            let mut position = transform.translation.truncate() + velocity.0 * DT;
            for axis in 0..2 {
                if position[axis].abs() > half_box[axis] {
                    position[axis] = position[axis].clamp(-half_box[axis], half_box[axis]);
                    velocity.0[axis] = -velocity.0[axis];
                }
            }
            transform.translation = position.extend(0.0);
        });
}

pub(crate) fn transform_of(body: &Body) -> Transform {
    Transform::from_translation(body.position.extend(0.0))
        .with_rotation(Quat::from_rotation_z(body.angle))
}

/// Whether the static colliders are spawned in rows (`ROWS=1`), as a tile map or an
/// editor's level spawns them: bottom row first, each row left to right, so that
/// neighbours in the level are neighbours in every array Bevy and the engines keep.
/// Unset, they are spawned in the seeded random order of their positions.
pub(crate) fn in_rows() -> bool {
    std::env::var("ROWS").is_ok_and(|value| value == "1")
}

/// A static body's place in [`in_rows`] order: its row of [`ROW_HEIGHT`], then its x.
fn row_order(body: &Body) -> (i32, f32) {
    (
        (body.position.y / ROW_HEIGHT).floor() as i32,
        body.position.x,
    )
}

/// The height of the rows of [`in_rows`]: a little more than the scene's largest collider.
const ROW_HEIGHT: f32 = 16.0;

/// Whether the shapes are made in a shuffled order (`SCATTERED=1`): each engine's
/// shapes, heap allocations of their own, then lie in memory in no relation to their
/// entities' order, as in a game that spawned and despawned for a while. Unset, they are
/// made in entity order and lie one after the other, which the cache's prefetcher
/// follows.
pub(crate) fn scattered() -> bool {
    std::env::var("SCATTERED").is_ok_and(|value| value == "1")
}

/// `make(body)` for every body of `bodies`, made in entity order, or in a seeded shuffled
/// order if [`scattered`]; returned in entity order either way.
pub(crate) fn made_in_order<T>(bodies: &[Body], make: impl Fn(&Body) -> T) -> Vec<T> {
    if !scattered() {
        return bodies.iter().map(make).collect();
    }
    let mut order: Vec<usize> = (0..bodies.len()).collect();
    fastrand::Rng::with_seed(SEED + 2).shuffle(&mut order);
    let mut made: Vec<Option<T>> = (0..bodies.len()).map(|_| None).collect();
    for index in order {
        made[index] = Some(make(&bodies[index]));
    }
    made.into_iter()
        .map(|item| item.expect("every index made once"))
        .collect()
}
