//! [`NewPlace`]: a moving collider's new place, worked out without changing anything,
//! so that the sync can work it out for many colliders at once on the compute task
//! pool and write the records after, on one thread.
//!
//! Most of a moving scene's colliders only move: their record needs the new placement,
//! box and circle, and nothing else (no new record, no rebuilt shape, no grid insert, no
//! sweep). Working that out reads the entity's components, the record and the shape's
//! [`LocalBounds`](sat2d::broad_phase::LocalBounds) (the shape itself, and a polygon's
//! points, only for a shape of many points), which in a large scene is memory the core
//! waits on; writing it back is a few fields. [`new_place`] does the first part,
//! [`NewPlace::apply`] the second; every other change goes through `sync_collider` as
//! before.

use bevy::prelude::*;
use sat2d::Iso;
use sat2d::broad_phase::{Bounds, Mobility};

use super::ColliderChange;
use crate::components::collision_layers::CollisionLayers;
use crate::world::collision_world::CollisionWorld;
use crate::world::placement::try_placement;

/// A moving collider's new place in the world's step, for a record that only needs its
/// placement (and its layers, body and exclusions, which cost nothing to copy) brought
/// up to date. World frame.
#[derive(Clone, Copy, Debug)]
pub(super) struct NewPlace {
    /// The collider's grid id.
    id: u32,
    /// Where it is now.
    iso: Iso,
    /// Its box and circle there.
    bounds: Bounds,
    /// Where it was last step (its `PlacedTranslation`, or the record's place).
    previous_translation: Vec2,
    /// Its layers.
    layers: CollisionLayers,
    /// Its body.
    body: Entity,
    /// Whether it has `CollisionExclusions`.
    has_exclusions: bool,
}

/// The new place of the collider `change` describes, in the world's step, if moving it is
/// all its record needs: a moving collider placed in the grid as moving in an earlier
/// step and not yet this one, not swept, whose `Collider` and scale did not change, and
/// whose transform places it. `None` for every other change (a new or stale record, a
/// rebuilt shape, a transform that cannot place it, a sweep), which `sync_collider`
/// makes. Reads `world` only.
pub(super) fn new_place(world: &CollisionWorld, change: &ColliderChange) -> Option<NewPlace> {
    if change.is_static || change.is_swept || change.collider_changed {
        return None;
    }
    let id = change.entity.index_u32();
    let placed = world.colliders.get(id as usize)?.as_ref()?;
    let placed_before = placed.bounds.is_some() && placed.changed_step != world.step;
    if placed.entity != change.entity || !placed_before || placed.mobility != Mobility::Moving {
        return None;
    }
    let (iso, scale) = try_placement(change.global).ok()?;
    if scale != placed.scale {
        return None;
    }
    // From the shape's local bounds, kept apart: the shape itself (and a polygon's
    // points behind it) is not read, only for a shape of many points.
    let bounds = match world.local_bounds.get(id as usize) {
        Some(Some(local)) => local.placed(&iso),
        _ => Bounds::of(&placed.shape, &iso),
    };
    debug_assert_eq!(
        bounds,
        Bounds::of(&placed.shape, &iso),
        "the local bounds of {} are not its shape's",
        change.entity
    );
    Some(NewPlace {
        id,
        iso,
        bounds,
        previous_translation: match change.last_placed {
            Some(last) => last.unwrap_or(iso.translation),
            None => placed.iso.translation,
        },
        layers: change.layers,
        body: change.body.unwrap_or(change.entity),
        has_exclusions: change.has_exclusions,
    })
}

impl NewPlace {
    /// The collider's grid id.
    pub(super) fn id(&self) -> u32 {
        self.id
    }

    /// Where the collider is now.
    pub(super) fn translation(&self) -> Vec2 {
        self.iso.translation
    }

    /// Writes this place into its record (made earlier, as [`new_place`] checked) and
    /// queues the grid's move, as `sync_collider` does for such a change.
    pub(super) fn apply(&self, world: &mut CollisionWorld) {
        let step = world.step;
        let placed = world.colliders[self.id as usize]
            .as_mut()
            .expect("new_place read this record");
        let was_filtered = placed.is_filtered();
        placed.body = self.body;
        placed.has_exclusions = self.has_exclusions;
        placed.changed_step = step;
        placed.layers = self.layers;
        placed.previous_translation = self.previous_translation;
        placed.iso = self.iso;
        placed.bounds = Some(self.bounds);
        let now_filtered = placed.is_filtered();
        world.filtered_colliders =
            world.filtered_colliders + usize::from(now_filtered) - usize::from(was_filtered);
        world.touched.push(self.id);
        world.moves.push((self.id, self.bounds));
    }
}
