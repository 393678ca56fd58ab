//! [`CharacterMover`]: the component a game sets each step, and [`MoverSettings`], how
//! the mover treats what it meets.

use bevy::prelude::*;
use sat2d::Rot;

use super::MoverOutput;

/// Moves its entity through the level by collide-and-slide: set
/// [`translation`](Self::translation) to where the character wants to go this step,
/// and the plugin moves the entity's `Transform` as far as the colliders let it, then
/// writes what happened to the [`MoverOutput`] beside it.
///
/// The entity needs a [`Collider`](crate::Collider) (its shape is what moves) and must
/// be a root entity (the move is added to `Transform::translation` as a world-space
/// offset). [`move_movers`](super::move_movers) says when in the schedule it runs and
/// which positions it sees.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default(), CharacterMoverPlugin::default()));
/// app.world_mut().spawn((Collider::rectangle(100.0, 10.0), StaticCollider, Transform::from_xyz(0.0, -5.0, 0.0)));
/// let player = app
///     .world_mut()
///     .spawn((Collider::rectangle(8.0, 16.0), CharacterMover::default(), Transform::from_xyz(0.0, 20.0, 0.0)))
///     .id();
/// app.update(); // the level is placed
/// for _ in 0..20 {
///     // Fall by 2 units a step: the mover stops on the floor.
///     app.world_mut().get_mut::<CharacterMover>(player).unwrap().translation = Some(Vec2::new(1.0, -2.0));
///     app.update();
/// }
/// let output = app.world().get::<MoverOutput>(player).unwrap();
/// assert!(output.grounded);
/// let y = app.world().get::<Transform>(player).unwrap().translation.y;
/// assert!((y - 8.0).abs() < 0.1); // half its height above the floor, plus the skin
/// ```
#[derive(Component, Clone, Debug, Reflect)]
#[reflect(Component, Default)]
#[require(MoverOutput, Transform)]
pub struct CharacterMover {
    /// Where the character wants to move this step, in world units. The system takes it
    /// (leaving `None`); `None` still runs the mover with no motion, so a character
    /// standing still is carried by its platform and pushed out of overlaps.
    pub translation: Option<Vec2>,
    /// How the mover treats what it meets.
    pub settings: MoverSettings,
    /// Which layers it moves against (a [`QueryFilter`](crate::QueryFilter) mask);
    /// every layer by default. Whatever the mask, the mover never moves against its own
    /// body's colliders ([`ColliderOf`](crate::ColliderOf), e.g. a hurtbox it carries)
    /// or the entities in its [`CollisionExclusions`](crate::CollisionExclusions); for
    /// any other rule, call [`move_and_slide`](super::move_and_slide) with a
    /// [`QueryFilter`](crate::QueryFilter) of your own.
    pub mask: u32,
}

impl Default for CharacterMover {
    fn default() -> Self {
        Self {
            translation: None,
            settings: MoverSettings::default(),
            mask: u32::MAX,
        }
    }
}

/// How a mover treats what it meets. Lengths are in world units.
///
/// ```
/// use bevy_sat2d::prelude::*;
/// let settings = MoverSettings { step_height: 8.0, ..MoverSettings::default() };
/// assert!(settings.is_walkable(bevy::math::Vec2::new(0.5, 0.866))); // a 30° slope
/// assert!(!settings.is_walkable(bevy::math::Vec2::new(0.866, 0.5))); // 60°: a wall
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Reflect)]
#[reflect(Default)]
pub struct MoverSettings {
    /// The gap the mover keeps from every surface it stops at. It also keeps the mover
    /// off the corners between adjacent tiles. Small against the character, large
    /// against `f32` rounding at the level's coordinates.
    pub skin_width: f32,
    /// The steepest surface, in radians from `up`, the mover walks on; steeper ones are
    /// walls.
    pub max_slope_angle: f32,
    /// The highest ledge the mover steps up onto while walking into it (0: never).
    pub step_height: f32,
    /// How far down the mover follows the ground when a move not going up ends above
    /// it, so walking down slopes and stairs does not become falling (0: never).
    pub snap_to_ground: f32,
    /// Whether the mover slides along walls; `false` ends the move at the first wall.
    pub slide_on_walls: bool,
    /// Which way is up (the ground's side); walkable surfaces face it.
    pub up: Dir2,
    /// How many times the move is cast before it gives up on what is left of it.
    pub max_iterations: u32,
    /// The most the final push-out moves the mover in one step, so a mover spawned
    /// deep inside a collider leaves it over a few steps instead of being flung.
    pub max_push_out: f32,
}

impl Default for MoverSettings {
    fn default() -> Self {
        Self {
            skin_width: 0.02,
            max_slope_angle: 45f32.to_radians(),
            step_height: 0.0,
            snap_to_ground: 0.0,
            slide_on_walls: true,
            up: Dir2::Y,
            max_iterations: 4,
            max_push_out: 4.0,
        }
    }
}

impl MoverSettings {
    /// Whether a surface whose outward normal is `normal` can be walked on: no steeper
    /// than [`max_slope_angle`](Self::max_slope_angle) from [`up`](Self::up).
    #[must_use]
    pub fn is_walkable(&self, normal: Vec2) -> bool {
        // A small allowance so that a slope of exactly the limit counts as walkable. The
        // cosine is `Rot::from_angle`'s (libm): the same bits on every target.
        normal.dot(*self.up) >= Rot::from_angle(self.max_slope_angle).cos - 1e-5
    }
}
