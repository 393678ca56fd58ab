//! [`QueryRecorder`]: the log of the [`SpatialQuery`](crate::SpatialQuery) calls the
//! overlay draws, and [`RecordedQuery`], one entry of it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use bevy::prelude::*;
use sat2d::{Iso, RayHit, RigidMotion, Shape, ShapeHit};

/// The spatial queries made since the overlay last drew them, for the overlay's "Draw
/// queries" switch ([`SatDebugDraw::queries`](super::SatDebugDraw::queries)).
///
/// [`SatDebugPlugin`](super::SatDebugPlugin) inserts it, switched off. Each frame, in
/// `First`, the overlay switches recording on when it is visible and its `queries`
/// drawing is on, and off (dropping the log) otherwise. While it records, every
/// [`SpatialQuery`](crate::SpatialQuery) call with valid input appends one
/// [`RecordedQuery`] with its answer; the overlay draws the log in `PostUpdate` and
/// empties it. A query is therefore drawn once, by the first draw after it was made:
/// queries from `FixedUpdate`, `Update` and `PostUpdate` systems ordered before
/// [`SatSystems::Events`](crate::SatSystems::Events) show in the frame they were made;
/// later ones show the next frame. A `FixedUpdate` query shows only in the frames in
/// which a fixed step ran.
///
/// `SpatialQuery` reads this resource through a shared reference (recording takes a
/// lock only while switched on), so query systems still run in parallel. Switched off,
/// a query pays one atomic load and allocates nothing.
///
/// ```
/// use bevy::prelude::*;
/// use bevy::ecs::system::RunSystemOnce;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::debug_overlay::{QueryRecorder, RecordedQuery};
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()))
///     .init_resource::<QueryRecorder>();
/// app.world_mut().spawn((Collider::circle(1.0), Transform::from_xyz(5.0, 0.0, 0.0)));
/// app.update();
///
/// let probe = |query: SpatialQuery| query.cast_ray(Vec2::ZERO, Dir2::X, 10.0, &QueryFilter::default());
/// // Off by default: the query is answered but not recorded.
/// app.world_mut().run_system_once(probe).unwrap();
/// assert!(app.world().resource::<QueryRecorder>().queries().is_empty());
/// ```
#[derive(Resource, Debug, Default)]
pub struct QueryRecorder {
    recording: AtomicBool,
    queries: Mutex<Vec<RecordedQuery>>,
}

impl QueryRecorder {
    /// Whether queries are being recorded.
    #[inline]
    #[must_use]
    pub fn is_recording(&self) -> bool {
        self.recording.load(Ordering::Relaxed)
    }

    /// A copy of the queries recorded since the last draw, in the order they were
    /// recorded (queries from systems running in parallel interleave in any order).
    #[must_use]
    pub fn queries(&self) -> Vec<RecordedQuery> {
        self.log().clone()
    }

    /// Switches recording on or off; off also drops what was recorded.
    pub(crate) fn set_recording(&self, recording: bool) {
        self.recording.store(recording, Ordering::Relaxed);
        if !recording {
            self.log().clear();
        }
    }

    /// Appends `query` to the log, if recording. Callers check
    /// [`is_recording`](Self::is_recording) first so that they build nothing when it is
    /// off; the check here catches a switch-off in between.
    pub(crate) fn record(&self, query: RecordedQuery) {
        if self.is_recording() {
            self.log().push(query);
        }
    }

    /// Moves the log into `buffer` (which must be empty) and leaves `buffer`'s old
    /// storage in its place, so that neither side allocates once both have grown.
    pub(crate) fn take_into(&self, buffer: &mut Vec<RecordedQuery>) {
        debug_assert!(
            buffer.is_empty(),
            "the draw buffer is emptied after each draw"
        );
        std::mem::swap(&mut *self.log(), buffer);
    }

    /// The log. A panic while it was held (a clone or a push) leaves it whole, so a
    /// poisoned lock is taken as is.
    fn log(&self) -> MutexGuard<'_, Vec<RecordedQuery>> {
        self.queries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One [`SpatialQuery`](crate::SpatialQuery) call and its answer, as the overlay draws
/// it. Each variant is named after the method and holds its arguments (the filter
/// left out) and what it returned.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordedQuery {
    /// [`SpatialQuery::cast_ray`](crate::SpatialQuery::cast_ray).
    CastRay {
        /// Where the ray starts.
        origin: Vec2,
        /// Where it points.
        direction: Dir2,
        /// How far it reaches (may be infinite).
        max_distance: f32,
        /// The nearest collider it met, or `None` for a miss.
        hit: Option<(Entity, RayHit)>,
    },
    /// [`SpatialQuery::ray_hits`](crate::SpatialQuery::ray_hits).
    RayHits {
        /// Where the ray starts.
        origin: Vec2,
        /// Where it points.
        direction: Dir2,
        /// How far it reaches (may be infinite).
        max_distance: f32,
        /// Every collider it met, nearest first; empty for a miss.
        hits: Vec<(Entity, RayHit)>,
    },
    /// [`SpatialQuery::cast_shape`](crate::SpatialQuery::cast_shape).
    CastShape {
        /// The moving shape.
        shape: Shape,
        /// Where it starts.
        iso: Iso,
        /// How far it moves (translation only).
        motion: Vec2,
        /// The first collider it touched, or `None` if it moved the whole way.
        hit: Option<(Entity, ShapeHit)>,
    },
    /// [`SpatialQuery::cast_turning_shape`](crate::SpatialQuery::cast_turning_shape).
    CastTurningShape {
        /// The moving, turning shape.
        shape: Shape,
        /// How it moves and turns over the unit of time.
        motion: RigidMotion,
        /// The first collider it touched, or `None` if it moved the whole way.
        hit: Option<(Entity, ShapeHit)>,
    },
    /// [`SpatialQuery::shape_hits`](crate::SpatialQuery::shape_hits).
    ShapeHits {
        /// The shape tested.
        shape: Shape,
        /// Where it was placed.
        iso: Iso,
        /// The colliders it touched or overlapped, sorted; empty for none.
        hits: Vec<Entity>,
    },
    /// [`SpatialQuery::point_hits`](crate::SpatialQuery::point_hits).
    PointHits {
        /// The point tested.
        point: Vec2,
        /// The colliders holding it, sorted; empty for none.
        hits: Vec<Entity>,
    },
}

impl RecordedQuery {
    /// Whether the query found any collider.
    #[must_use]
    pub fn is_hit(&self) -> bool {
        match self {
            Self::CastRay { hit, .. } => hit.is_some(),
            Self::CastShape { hit, .. } | Self::CastTurningShape { hit, .. } => hit.is_some(),
            Self::RayHits { hits, .. } => !hits.is_empty(),
            Self::ShapeHits { hits, .. } | Self::PointHits { hits, .. } => !hits.is_empty(),
        }
    }
}

#[cfg(test)]
mod tests;
