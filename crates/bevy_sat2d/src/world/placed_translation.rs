//! [`PlacedTranslation`]: where the last step left a collider, on the entity, so a
//! snapshot restores it.

use bevy::prelude::*;

/// Where the last step placed this collider (its translation), or `None` before its
/// first placement and after a transform it could not use. Added with every
/// [`Collider`](crate::Collider), written by the step for moving colliders (by the
/// sync, and by the [`CharacterMover`](crate::CharacterMover) for its own).
///
/// The next step reads it as where the collider was: a
/// [`SweptCollider`](crate::SweptCollider) is swept from it, and a mover standing on the
/// collider is carried by how far it moved from it. Because it lives on the entity, a
/// rollback library that snapshots it (see [`SatRollback`](crate::SatRollback)) makes a
/// re-simulated step sweep and carry from the restored frame's places, not from the
/// abandoned future's. 12 bytes per collider.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::PlacedTranslation;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
/// let ball = app.world_mut().spawn((Collider::circle(1.0), Transform::from_xyz(3.0, 4.0, 0.0))).id();
/// assert_eq!(app.world().get::<PlacedTranslation>(ball), Some(&PlacedTranslation(None)));
/// app.update();
/// assert_eq!(app.world().get::<PlacedTranslation>(ball), Some(&PlacedTranslation(Some(Vec2::new(3.0, 4.0)))));
/// ```
#[derive(Component, Reflect, Clone, Copy, Debug, Default, PartialEq)]
#[reflect(Component, Default, Debug, PartialEq)]
pub struct PlacedTranslation(pub Option<Vec2>);
