//! [`MoverOutput`]: what the last move did, for the game to read after it.

use bevy::prelude::*;

/// What the last move did: written by [`move_movers`](super::move_movers) for a
/// [`CharacterMover`](super::CharacterMover), returned by
/// [`move_and_slide`](super::move_and_slide).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::{MoverGround, MoverHit};
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default(), CharacterMoverPlugin::default()));
/// let floor = app
///     .world_mut()
///     .spawn((Collider::rectangle(100.0, 10.0), StaticCollider, Transform::from_xyz(0.0, -5.0, 0.0)))
///     .id();
/// let player = app
///     .world_mut()
///     .spawn((Collider::rectangle(8.0, 16.0), CharacterMover::default(), Transform::from_xyz(0.0, 9.0, 0.0)))
///     .id();
/// app.update(); // the floor is placed
/// app.world_mut().get_mut::<CharacterMover>(player).unwrap().translation = Some(Vec2::new(0.0, -5.0));
/// app.update();
/// let output = app.world().get::<MoverOutput>(player).unwrap();
/// // It fell 1 unit (less the skin) onto the floor, which it now stands on.
/// assert!(output.grounded);
/// let ground: MoverGround = output.ground.unwrap();
/// assert_eq!(ground.entity, floor);
/// assert!(ground.normal.abs_diff_eq(Vec2::Y, 1e-5));
/// let hit: MoverHit = output.hits[0];
/// assert_eq!(hit.entity, floor);
/// assert!((hit.time - 0.2).abs() < 1e-3); // 1 unit of the 5-unit move
/// assert!((output.translation.y + 0.98).abs() < 1e-3);
/// ```
#[derive(Component, Clone, Debug, Default, PartialEq, Reflect)]
#[reflect(Component, Default)]
pub struct MoverOutput {
    /// Whether the mover ended the move standing on walkable ground.
    pub grounded: bool,
    /// The ground it stands on, when grounded.
    pub ground: Option<MoverGround>,
    /// How far it actually moved: the slide, the step-ups, the snap, the platform's
    /// carry and the push-out together.
    pub translation: Vec2,
    /// What it ran into while sliding, in order (not the ground probes or the
    /// push-out).
    pub hits: Vec<MoverHit>,
    /// How far the push-out moved it out of overlaps.
    pub push_out: Vec2,
    /// The [`OneWayPlatform`](super::OneWayPlatform)s it is passing through, sorted.
    /// [`move_and_slide`](super::move_and_slide) lists every one it overlaps;
    /// [`move_movers`](super::move_movers) keeps those it excluded from the mover's pairs
    /// ([`CollisionExclusions`](crate::CollisionExclusions)) while inside, so no contact
    /// is reported for them.
    pub passing_through: Vec<Entity>,
}

/// The ground under a mover ([`MoverOutput::ground`]; read in its example).
#[derive(Clone, Copy, Debug, PartialEq, Reflect)]
pub struct MoverGround {
    /// The collider stood on.
    pub entity: Entity,
    /// The ground's outward unit normal (towards the mover).
    pub normal: Vec2,
    /// Where the mover touches it.
    pub point: Vec2,
}

/// One surface a mover ran into ([`MoverOutput::hits`]; read in its example).
#[derive(Clone, Copy, Debug, PartialEq, Reflect)]
pub struct MoverHit {
    /// The collider hit.
    pub entity: Entity,
    /// The surface's outward unit normal (towards the mover), after the seam rule
    /// (an internal edge between flush tiles reports the ground's normal).
    pub normal: Vec2,
    /// Where they touched.
    pub point: Vec2,
    /// When, as a fraction (0 to 1) of the cast that met it: the first cast is the
    /// whole translation, each later one what was left of it after sliding.
    pub time: f32,
}
