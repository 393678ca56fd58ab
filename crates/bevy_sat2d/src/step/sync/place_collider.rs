//! [`place`]: a collider's record brought up to date with its entity's components
//! (shape, scale, placement, layers), in world space.

use std::sync::Arc;

use bevy::prelude::*;
use sat2d::broad_phase::{Bounds, Mobility};

use super::ColliderChange;
use crate::world::placed_collider::PlacedCollider;
use crate::world::placement::try_placement;
use crate::world::warnings::{Warning, warn_unplaceable};

/// Updates `placed` from the entity's components and returns its new bounds, or `None`
/// (with one warning per entity) when the transform cannot place it.
pub(super) fn place(
    placed: &mut PlacedCollider,
    change: &ColliderChange,
    mobility: Mobility,
    step: u64,
) -> Option<Bounds> {
    let collider = change.collider;
    placed.changed_step = step;
    placed.layers = change.layers;
    placed.mobility = mobility;
    let entity = placed.entity;
    let (iso, scale) = match try_placement(change.global) {
        Ok(placement) => placement,
        Err(cause) => {
            warn_unplaceable(&mut placed.warned, entity, cause);
            placed.bounds = None;
            // Rebuild the scaled shape once the transform is valid again.
            placed.scale = Vec2::ZERO;
            return None;
        }
    };
    if change.collider_changed || placed.scale != scale {
        let source = collider.shape();
        if !source.scales_exactly(scale) && placed.warned.first(Warning::InexactScale) {
            warn!(
                "bevy_sat2d: {entity} has a {:?} collider under non-uniform scale {scale}; \
                 it uses the larger factor",
                source.kind()
            );
        }
        // At unit scale the record shares the collider's shape; a scaled collider needs
        // its own scaled copy.
        let scaled = if scale == Vec2::ONE {
            Ok(Arc::clone(collider.shared_shape()))
        } else {
            source.try_scaled(scale).map(Arc::new)
        };
        match scaled {
            Ok(shape) => placed.shape = shape,
            Err(error) => {
                if placed.warned.first(Warning::ScaledShape) {
                    warn!(
                        "bevy_sat2d: {entity}: scaling its collider by {scale} failed: {error}; \
                         skipped until the scale or the collider changes"
                    );
                }
                placed.bounds = None;
                // Rebuild from the current `Collider` once a scale works.
                placed.scale = Vec2::ZERO;
                return None;
            }
        }
        placed.scale = scale;
    }
    // Where the last step left it: without a `PlacedTranslation`, the record's place;
    // with none yet, here (it has not moved).
    placed.previous_translation = match change.last_placed {
        Some(last) => last.unwrap_or(iso.translation),
        None => placed.iso.translation,
    };
    placed.iso = iso;
    let bounds = Bounds::of(&placed.shape, &iso);
    placed.bounds = Some(bounds);
    Some(bounds)
}
