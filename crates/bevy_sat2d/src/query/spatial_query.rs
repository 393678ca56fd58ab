//! [`SpatialQuery`]: ray casts, shape casts, overlap and point queries against the
//! colliders of the last step, through the broad phase.

use bevy::ecs::system::SystemParam;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use sat2d::broad_phase::BroadPhase;
use sat2d::{Contact, Iso, Ray, RayHit, Shape, ShapeHit};

#[cfg(feature = "debug-overlay")]
use crate::debug_overlay::{QueryRecorder, RecordedQuery};
use crate::query::query_filter::QueryFilter;
use crate::query::ray_walk::{RayStretches, padded, point_box, stretch_box};
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_collider::PlacedCollider;
use crate::world::placed_collider::placed;

/// Asks where the colliders are: ray casts, shape casts, overlaps and points. A system
/// parameter over [`CollisionWorld`]: it reads the broad phase and the placed colliders,
/// so a query tests only the colliders near it.
///
/// # Which positions a query sees
///
/// The colliders as of the last [`SatSystems::SyncColliders`](crate::SatSystems) stage,
/// which the last completed [`SatSystems::NarrowPhase`](crate::SatSystems) also used.
/// The plugin steps in `PostUpdate` by default, so **in `Update` you see last frame's
/// positions**, and **a collider spawned this frame is not there yet**: a level spawned
/// in `Startup` is first seen by `Update` on the second frame. To see this frame's
/// colliders, run the system in the plugin's schedule after the sync:
/// `app.add_systems(PostUpdate, aim.after(SatSystems::SyncColliders))` (where the
/// [`CharacterMover`](crate::CharacterMover) runs, so it sees a level spawned with the
/// character), or after [`SatSystems::NarrowPhase`](crate::SatSystems) to also see
/// where the movers ended. Before the first sync every query returns nothing.
///
/// # Results
///
/// - [`cast_ray`](Self::cast_ray) and [`ray_hits`](Self::ray_hits): colliders are solid,
///   so a ray starting inside one hits it at distance 0. The ray walks the grid's cells
///   along its length, so its cost grows with the cells it crosses, not with the number
///   of colliders (a ray crossing more cells than there are colliders tests them all).
/// - [`cast_shape`](Self::cast_shape): the shape moves by `motion`, the colliders stand
///   still; only those in the swept box are tested.
/// - Ties (equal distance or fraction) go to the smaller `Entity`; lists are sorted, so
///   results are deterministic.
///
/// # Bad input
///
/// A zero or non-finite direction, a non-finite origin, point, placement or motion, or
/// a negative or NaN `max_distance` gives no hit and logs a warning once. Nothing
/// panics.
///
/// # Seeing the queries
///
/// With the `debug-overlay` feature, the overlay's "Draw queries" switch
/// ([`SatDebugDraw::queries`](crate::debug_overlay::SatDebugDraw::queries)) draws the
/// queries made since its last draw, through the
/// [`QueryRecorder`](crate::debug_overlay::QueryRecorder). Switched off, a query pays one
/// atomic load for it; without the feature, nothing.
///
/// ```
/// use bevy::ecs::system::RunSystemOnce;
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
/// let wall = app.world_mut().spawn((Collider::rectangle(2.0, 20.0), Transform::from_xyz(10.0, 0.0, 0.0))).id();
/// let ball = app.world_mut().spawn((Collider::circle(1.0), Transform::from_xyz(-10.0, 0.0, 0.0))).id();
/// app.update(); // one step: the colliders are placed
///
/// let probe = move |query: SpatialQuery| {
///     let filter = QueryFilter::default().exclude(ball);
///     let (entity, hit) = query.cast_ray(Vec2::new(-10.0, 0.0), Dir2::X, 100.0, &filter).unwrap();
///     assert_eq!(entity, wall);
///     assert!((hit.distance - 19.0).abs() < 1e-4);
///     assert_eq!(query.point_hits(Vec2::new(-10.0, 0.5), &QueryFilter::default()), [ball]);
///
///     // Where would a 2×2 box moving right from the origin stop?
///     let block = Shape::rectangle(2.0, 2.0);
///     let (entity, stop) = query.cast_shape(&block, &Iso::IDENTITY, Vec2::new(20.0, 0.0), &filter).unwrap();
///     assert_eq!(entity, wall);
///     assert!((stop.fraction - 8.0 / 20.0).abs() < 1e-4);
///
///     // What is inside a radius of 3 around the ball?
///     let blast = Shape::circle(3.0);
///     let inside = query.shape_hits(&blast, &Iso::from_translation(Vec2::new(-10.0, 0.0)), &QueryFilter::default());
///     assert_eq!(inside.len(), 1);
///     assert_eq!(inside[0].0, ball);
/// };
/// app.world_mut().run_system_once(probe).unwrap();
/// ```
#[derive(SystemParam)]
pub struct SpatialQuery<'w> {
    world: Res<'w, CollisionWorld>,
    recorder: Recorder<'w>,
}

/// The overlay's query log, present once the overlay's plugin is added.
#[cfg(feature = "debug-overlay")]
type Recorder<'w> = Option<Res<'w, QueryRecorder>>;

/// Without the overlay there is nothing to record into, and nothing is compiled for it.
#[cfg(not(feature = "debug-overlay"))]
type Recorder<'w> = std::marker::PhantomData<&'w ()>;

impl SpatialQuery<'_> {
    /// The nearest collider that a ray from `origin` along `direction` meets within
    /// `max_distance`, with where it meets it (the collider's outward normal), or `None`.
    #[must_use]
    pub fn cast_ray(
        &self,
        origin: Vec2,
        direction: Dir2,
        max_distance: f32,
        filter: &QueryFilter,
    ) -> Option<(Entity, RayHit)> {
        let ray = checked_ray(origin, *direction, max_distance)?;
        let mut nearest: Option<(Entity, RayHit)> = None;
        self.walk_ray(&ray, max_distance, |placed| {
            if filter.accepts(placed)
                && let Some(hit) = sat2d::cast_ray(&placed.shape, &placed.iso, &ray, max_distance)
                && nearest.is_none_or(|best| ray_order(&(placed.entity, hit), &best).is_lt())
            {
                nearest = Some((placed.entity, hit));
            }
            nearest.map_or(max_distance, |(_, hit)| hit.distance)
        });
        #[cfg(feature = "debug-overlay")]
        self.record(|| RecordedQuery::CastRay {
            origin,
            direction,
            max_distance,
            hit: nearest,
        });
        nearest
    }

    /// Every collider that a ray from `origin` along `direction` meets within
    /// `max_distance`, nearest first (ties by entity), each with where the ray enters it.
    #[must_use]
    pub fn ray_hits(
        &self,
        origin: Vec2,
        direction: Dir2,
        max_distance: f32,
        filter: &QueryFilter,
    ) -> Vec<(Entity, RayHit)> {
        let mut hits = Vec::new();
        let Some(ray) = checked_ray(origin, *direction, max_distance) else {
            return hits;
        };
        self.walk_ray(&ray, max_distance, |placed| {
            if filter.accepts(placed)
                && let Some(hit) = sat2d::cast_ray(&placed.shape, &placed.iso, &ray, max_distance)
            {
                hits.push((placed.entity, hit));
            }
            max_distance
        });
        hits.sort_unstable_by(ray_order);
        #[cfg(feature = "debug-overlay")]
        self.record(|| RecordedQuery::RayHits {
            origin,
            direction,
            max_distance,
            hits: hits.clone(),
        });
        hits
    }

    /// The first collider that `shape`, placed by `iso` and moving by `motion` (over one
    /// unit of time, in a straight line, keeping its rotation; for a shape that turns
    /// too, see [`cast_turning_shape`](Self::cast_turning_shape)), touches, with when
    /// and where: the
    /// [`ShapeHit`]'s normal points from `shape` to the collider. A collider that
    /// already touches or overlaps `shape` at the start gives fraction 0.
    #[must_use]
    pub fn cast_shape(
        &self,
        shape: &Shape,
        iso: &Iso,
        motion: Vec2,
        filter: &QueryFilter,
    ) -> Option<(Entity, ShapeHit)> {
        if !(iso.is_finite() && motion.is_finite()) {
            warn_once!(
                "bevy_sat2d: SpatialQuery::cast_shape given a non-finite placement \
                 or motion; no hit (logged once)"
            );
            return None;
        }
        let start = shape.aabb(iso);
        let end = shape.aabb(&Iso {
            translation: iso.translation + motion,
            rotation: iso.rotation,
        });
        let first = self.earliest_hit(padded(start.merged(&end)), filter, |placed| {
            sat2d::cast_shape(shape, iso, motion, &placed.shape, &placed.iso, Vec2::ZERO)
        });
        #[cfg(feature = "debug-overlay")]
        self.record(|| RecordedQuery::CastShape {
            shape: shape.clone(),
            iso: *iso,
            motion,
            hit: first,
        });
        first
    }

    /// Every collider that `shape`, placed by `iso`, touches or overlaps, sorted by
    /// entity, each with its contact: normal from `shape` to the collider, and moving the
    /// collider by `contact.mtv()` separates them.
    #[must_use]
    pub fn shape_hits(
        &self,
        shape: &Shape,
        iso: &Iso,
        filter: &QueryFilter,
    ) -> Vec<(Entity, Contact)> {
        if !iso.is_finite() {
            warn_once!(
                "bevy_sat2d: SpatialQuery::shape_hits given a non-finite placement; \
                 no hit (logged once)"
            );
            return Vec::new();
        }
        let mut hits: Vec<(Entity, Contact)> = self
            .candidates(padded(shape.aabb(iso)))
            .filter(|placed| filter.accepts(placed))
            .filter_map(|placed| {
                let contact = sat2d::contact(shape, iso, &placed.shape, &placed.iso)?;
                Some((placed.entity, contact))
            })
            .collect();
        hits.sort_unstable_by_key(|(entity, _)| *entity);
        #[cfg(feature = "debug-overlay")]
        self.record(|| RecordedQuery::ShapeHits {
            shape: shape.clone(),
            iso: *iso,
            hits: hits.iter().map(|(entity, _)| *entity).collect(),
        });
        hits
    }

    /// Every collider that holds `point` (boundary included), sorted.
    #[must_use]
    pub fn point_hits(&self, point: Vec2, filter: &QueryFilter) -> Vec<Entity> {
        if !point.is_finite() {
            warn_once!(
                "bevy_sat2d: SpatialQuery::point_hits given a non-finite point; \
                 no hit (logged once)"
            );
            return Vec::new();
        }
        let mut entities: Vec<Entity> = self
            .candidates(point_box(point))
            .filter(|placed| filter.accepts(placed))
            .filter(|placed| sat2d::contains_point(&placed.shape, &placed.iso, point))
            .map(|placed| placed.entity)
            .collect();
        entities.sort_unstable();
        #[cfg(feature = "debug-overlay")]
        self.record(|| RecordedQuery::PointHits {
            point,
            hits: entities.clone(),
        });
        entities
    }

    /// The collision world the queries read.
    #[must_use]
    pub fn collision_world(&self) -> &CollisionWorld {
        &self.world
    }

    /// Hands the overlay's log the query that `query` builds, if the overlay is added
    /// and recording; otherwise builds nothing.
    #[cfg(feature = "debug-overlay")]
    #[inline]
    fn record(&self, query: impl FnOnce() -> RecordedQuery) {
        if let Some(recorder) = self.recorder.as_deref()
            && recorder.is_recording()
        {
            recorder.record(query());
        }
    }

    /// The placed colliders whose box meets `aabb`, in id order.
    /// The earliest of the hits `cast` gives on the colliders `filter` accepts whose
    /// boxes meet `region`: the least fraction, a tie going to the lower entity (so the
    /// answer does not hang on the order the broad phase lists them in).
    fn earliest_hit(
        &self,
        region: sat2d::Aabb,
        filter: &QueryFilter,
        mut cast: impl FnMut(&PlacedCollider) -> Option<ShapeHit>,
    ) -> Option<(Entity, ShapeHit)> {
        let mut first: Option<(Entity, ShapeHit)> = None;
        for placed in self.candidates(region) {
            if filter.accepts(placed)
                && let Some(hit) = cast(placed)
                && first.is_none_or(|best| {
                    hit.fraction
                        .total_cmp(&best.1.fraction)
                        .then(placed.entity.cmp(&best.0))
                        .is_lt()
                })
            {
                first = Some((placed.entity, hit));
            }
        }
        first
    }

    fn candidates(&self, aabb: sat2d::Aabb) -> impl Iterator<Item = &PlacedCollider> {
        let mut ids = Vec::new();
        self.world.grid.query_aabb(&aabb, &mut ids);
        let colliders = &self.world.colliders;
        ids.into_iter().map(move |id| placed(colliders, id))
    }

    /// Calls `visit` once on each placed collider whose box may meet `ray` within
    /// `max_distance`, nearer cells first. `visit` returns how far along the ray a
    /// collider may still matter; the walk stops at the first cell beyond that.
    fn walk_ray(
        &self,
        ray: &Ray,
        max_distance: f32,
        mut visit: impl FnMut(&PlacedCollider) -> f32,
    ) {
        let grid = &self.world.grid;
        if grid.is_empty() {
            return;
        }
        let side = grid
            .cell_side()
            .filter(|&side| RayStretches::estimate(ray, max_distance, side) <= grid.len() as f32);
        let Some(side) = side else {
            // Not built yet, or the ray crosses more cells than there are colliders:
            // testing every collider is cheaper than walking.
            let placed_in_grid = self
                .world
                .colliders()
                .filter(|placed| placed.bounds.is_some());
            placed_in_grid.for_each(|placed| {
                visit(placed);
            });
            return;
        };
        let mut reach = max_distance;
        let mut seen = HashSet::new();
        let mut ids = Vec::new();
        for (start, end) in RayStretches::new(ray, max_distance, side) {
            if start > reach {
                break;
            }
            grid.query_aabb(&stretch_box(ray, start, end), &mut ids);
            for &id in &ids {
                if seen.insert(id) {
                    reach = reach.min(visit(placed(&self.world.colliders, id)));
                }
            }
        }
    }
}

/// The ray from `origin` along `direction`, or `None` (with one warning) when the input
/// cannot make a ray or `max_distance` is negative or NaN. The direction is checked
/// although it comes from a `Dir2`: `Dir2::new_unchecked` in a release build can hold
/// anything.
fn checked_ray(origin: Vec2, direction: Vec2, max_distance: f32) -> Option<Ray> {
    let ray = Ray::try_new(origin, direction);
    match ray {
        Ok(ray) if max_distance >= 0.0 => Some(ray),
        Ok(_) => {
            warn_once!(
                "bevy_sat2d: SpatialQuery ray cast with max_distance {max_distance}; it must \
                 not be negative or NaN; no hit (logged once)"
            );
            None
        }
        Err(error) => {
            warn_once!("bevy_sat2d: SpatialQuery ray cast: {error}; no hit (logged once)");
            None
        }
    }
}

/// Nearer first, then by entity.
fn ray_order(a: &(Entity, RayHit), b: &(Entity, RayHit)) -> std::cmp::Ordering {
    a.1.distance.total_cmp(&b.1.distance).then(a.0.cmp(&b.0))
}

mod cast_turning;

#[cfg(test)]
mod tests;
