//! [`PlacedCollider`]: what the plugin knows of one collider as of the last step.

use std::sync::Arc;

use bevy::prelude::*;
use sat2d::broad_phase::{Bounds, Mobility};
use sat2d::{Iso, Shape};

use crate::components::collision_layers::CollisionLayers;
use crate::world::warnings::Warned;

/// What the plugin knows of one collider as of the last step.
#[derive(Clone, Debug)]
pub struct PlacedCollider {
    /// The entity.
    pub entity: Entity,
    /// The collider's shape with the entity's scale applied, in its local frame. At unit
    /// scale this is the [`Collider`](crate::Collider)'s own shape, shared, not a copy.
    pub shape: Arc<Shape>,
    /// Where the shape is: translation and rotation of the `GlobalTransform`.
    pub iso: Iso,
    /// The scale that `shape` carries.
    pub scale: Vec2,
    /// The layers.
    pub layers: CollisionLayers,
    /// Whether the collider is static in the broad phase.
    pub mobility: Mobility,
    /// Its box and bounding circle, or `None` while it is skipped (bad transform).
    pub bounds: Option<Bounds>,
    /// Its translation before the last placement, in step `changed_step`: how far a
    /// collider moved this step, for a mover that rides it.
    pub(crate) previous_translation: Vec2,
    /// The step this record was made: a collider removed and added back gets a new one.
    pub(crate) created_step: u64,
    /// The last step its shape, placement or layers changed.
    pub(crate) changed_step: u64,
    /// The warnings already given for this collider, one per cause.
    pub(crate) warned: Warned,
    /// Whether the entity's `Collider` was removed and the record waits in
    /// [`CollisionWorld::removed`] to be forgotten.
    pub(crate) removal_queued: bool,
    /// Whether the entity lost its `StaticCollider`, `ColliderOf` or
    /// `CollisionExclusions` and waits in [`CollisionWorld::refreshed`] to be placed
    /// again.
    pub(crate) refresh_queued: bool,
    /// The body the collider belongs to: its [`ColliderOf`](crate::ColliderOf) target,
    /// or the entity itself. Colliders of one body never pair.
    pub(crate) body: Entity,
    /// Whether the entity has [`CollisionExclusions`](crate::CollisionExclusions), for
    /// the broad phase to look up.
    pub(crate) has_exclusions: bool,
    /// How far a [`SweptCollider`](crate::SweptCollider) moved in step `motion_step`.
    pub(crate) motion: Vec2,
    /// How far it turned in step `motion_step`, in radians (the shortest turn, at most
    /// half a turn either way).
    pub(crate) turn: f32,
    /// The step `motion` belongs to; in any other step the collider is not swept.
    pub(crate) motion_step: u64,
}

impl PlacedCollider {
    /// Whether the broad phase's layer and body filter could drop a pair of this
    /// collider: it has layers other than [`CollisionLayers::ALL`], or belongs to
    /// another entity's body. Pairs of colliders that are not filtered always pass.
    pub(crate) fn is_filtered(&self) -> bool {
        self.layers != CollisionLayers::ALL || self.body != self.entity
    }

    /// How far this collider moved in step `step`: zero unless the sync placed it anew
    /// then (a new record has not moved).
    pub(crate) fn moved_in(&self, step: u64) -> Vec2 {
        if self.changed_step == step && self.created_step != step {
            self.iso.translation - self.previous_translation
        } else {
            Vec2::ZERO
        }
    }

    /// How far this collider was swept in step `step`: zero unless it is a
    /// [`SweptCollider`](crate::SweptCollider) that moved then from a place the step
    /// before knew.
    pub(crate) fn motion(&self, step: u64) -> Vec2 {
        if self.motion_step == step {
            self.motion
        } else {
            Vec2::ZERO
        }
    }

    /// Whether this collider is a [`SweptCollider`](crate::SweptCollider) that moved or
    /// turned in step `step`: one the step sweeps.
    pub(crate) fn swept_in(&self, step: u64) -> bool {
        self.motion_step == step
    }

    /// How far this collider turned in step `step`, in radians: zero unless it is a
    /// [`SweptCollider`](crate::SweptCollider) swept then.
    pub(crate) fn turn(&self, step: u64) -> f32 {
        if self.motion_step == step {
            self.turn
        } else {
            0.0
        }
    }
}

/// The record of grid id `id`, which the grid only hands out for placed colliders.
pub(crate) fn placed(colliders: &[Option<PlacedCollider>], id: u32) -> &PlacedCollider {
    colliders[id as usize]
        .as_ref()
        .expect("grid ids always name a placed collider")
}
