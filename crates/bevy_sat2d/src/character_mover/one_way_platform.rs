//! [`OneWayPlatform`]: colliders a mover meets only from one side.

use bevy::prelude::*;

/// Makes a collider solid to [`CharacterMover`](super::CharacterMover)s only from the
/// side `direction` faces: a mover passes through it from any other side (jumping up
/// through a floor) and stands on it from that side.
///
/// The mover meets the platform only when it moves against `direction` onto the face
/// that looks that way, and was not already inside the platform; the push-out ignores
/// it. While a [`CharacterMover`](super::CharacterMover) passes through, the platform is
/// in its [`CollisionExclusions`](crate::CollisionExclusions), so the collision step
/// reports no contact for the pair ([`move_movers`](super::move_movers)).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default(), CharacterMoverPlugin::default()));
/// app.world_mut().spawn((
///     Collider::rectangle(64.0, 4.0),
///     StaticCollider,
///     OneWayPlatform::default(), // solid from above: its top is at y = 42
///     Transform::from_xyz(0.0, 40.0, 0.0),
/// ));
/// let player = app
///     .world_mut()
///     .spawn((Collider::rectangle(8.0, 16.0), CharacterMover::default(), Transform::from_xyz(0.0, 20.0, 0.0)))
///     .id();
/// app.update();
/// let mut step = |app: &mut App, dy: f32| {
///     app.world_mut().get_mut::<CharacterMover>(player).unwrap().translation = Some(Vec2::new(0.0, dy));
///     app.update();
///     app.world().get::<Transform>(player).unwrap().translation.y
/// };
/// assert_eq!(step(&mut app, 40.0), 60.0); // up through it from below
/// let y = step(&mut app, -20.0); // and down onto it from above
/// assert!((y - 50.02).abs() < 1e-3); // half its height and the skin above the top
/// assert!(app.world().get::<MoverOutput>(player).unwrap().grounded);
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq, Reflect)]
#[reflect(Component, Default)]
pub struct OneWayPlatform {
    /// The solid side: movers coming from it land on the platform.
    pub direction: Dir2,
}

impl Default for OneWayPlatform {
    fn default() -> Self {
        Self { direction: Dir2::Y }
    }
}

impl OneWayPlatform {
    /// Whether a mover moving by `motion` that touches the platform on a face whose
    /// outward normal is `normal` is stopped by it. `inside` says the mover overlapped
    /// the platform already where the cast began.
    #[must_use]
    pub fn blocks(&self, motion: Vec2, normal: Vec2, inside: bool) -> bool {
        // The solid face looks along `direction` (within 60°), the mover comes onto it
        // against `direction`, and it is not on its way out of the platform.
        !inside && normal.dot(*self.direction) > 0.5 && motion.dot(*self.direction) < 0.0
    }
}
