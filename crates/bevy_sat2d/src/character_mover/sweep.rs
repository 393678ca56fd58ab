//! [`Sweep`]: the mover's shape cast, which skips what does not stop it (colliders it
//! is leaving, one-way platforms from their open side) and returns the first thing
//! that does.

use bevy::prelude::*;
use sat2d::{Contact, Iso, Rot, Shape, ShapeHit};

use super::{MoverSettings, OneWayPlatform};
use crate::query::query_filter::QueryFilter;
use crate::query::spatial_query::SpatialQuery;

/// How many colliders one cast may skip before it gives up and reports no hit.
const MAX_SKIPPED: usize = 8;

/// Says whether an entity is a [`OneWayPlatform`], and which way it faces.
pub type OneWayLookup<'a> = &'a dyn Fn(Entity) -> Option<OneWayPlatform>;

/// One hit that stops the mover: the collider, the surface's outward normal (towards
/// the mover), the point, and the fraction of the cast.
#[derive(Clone, Copy, Debug)]
pub(super) struct Blocker {
    pub entity: Entity,
    pub normal: Vec2,
    pub point: Vec2,
    pub fraction: f32,
}

/// The mover's shape, its queries and its rules, shared by every cast of one move.
pub(super) struct Sweep<'a, 'w, 'f> {
    pub query: &'a SpatialQuery<'w>,
    pub shape: &'a Shape,
    pub rotation: Rot,
    pub filter: &'a QueryFilter<'f>,
    pub one_way: OneWayLookup<'a>,
    pub settings: &'a MoverSettings,
}

impl Sweep<'_, '_, '_> {
    /// The shape's placement with its centre at `position`.
    pub fn iso(&self, position: Vec2) -> Iso {
        Iso {
            translation: position,
            rotation: self.rotation,
        }
    }

    /// The first collider that stops the shape moving by `motion` from `position`.
    ///
    /// Skipped, and cast past: a collider touched at the start that the motion does
    /// not press into (the mover is leaving it or sliding along it), and a one-way
    /// platform met from its open side or from inside.
    pub fn cast(&self, position: Vec2, motion: Vec2) -> Option<Blocker> {
        let iso = self.iso(position);
        let mut skipped: Vec<Entity> = Vec::new();
        for _ in 0..=MAX_SKIPPED {
            let (entity, hit) = if skipped.is_empty() {
                self.query
                    .cast_shape(self.shape, &iso, motion, self.filter)?
            } else {
                let world = self.query.collision_world();
                let filter = QueryFilter::default()
                    .with_mask(self.filter.mask())
                    .with_static_colliders(self.filter.includes_static_colliders())
                    .with_predicate(|entity| {
                        !skipped.contains(&entity)
                            && world
                                .collider(entity)
                                .is_some_and(|placed| self.filter.accepts(placed))
                    });
                self.query.cast_shape(self.shape, &iso, motion, &filter)?
            };
            if self.stops(entity, &hit, &iso, motion) {
                return Some(Blocker {
                    entity,
                    normal: -hit.normal,
                    point: hit.point,
                    fraction: hit.fraction,
                });
            }
            skipped.push(entity);
        }
        None
    }

    /// Whether `hit` on `entity` stops a shape at `iso` moving by `motion`.
    fn stops(&self, entity: Entity, hit: &ShapeHit, iso: &Iso, motion: Vec2) -> bool {
        // The hit's normal points from the mover to the collider.
        let pressing = hit.normal.dot(motion) > 0.0;
        if hit.fraction == 0.0 && !pressing {
            return false;
        }
        let Some(platform) = (self.one_way)(entity) else {
            return true;
        };
        let inside = hit.fraction == 0.0
            && self
                .contact(entity, iso)
                .is_some_and(|contact| contact.depth > self.settings.skin_width * 0.5);
        platform.blocks(motion, -hit.normal, inside)
    }

    /// The contact between the shape at `iso` and `entity`'s collider, if they touch.
    pub fn contact(&self, entity: Entity, iso: &Iso) -> Option<Contact> {
        let placed = self.query.collision_world().collider(entity)?;
        sat2d::contact(self.shape, iso, &placed.shape, &placed.iso)
    }

    /// Whether `entity` is a one-way platform.
    pub fn is_one_way(&self, entity: Entity) -> bool {
        (self.one_way)(entity).is_some()
    }
}
