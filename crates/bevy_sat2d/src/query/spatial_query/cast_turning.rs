//! [`SpatialQuery::cast_turning_shape`]: the first collider a shape that moves and turns
//! touches.

use bevy::prelude::*;
use sat2d::{Aabb, RigidMotion, Shape, ShapeHit};

use super::SpatialQuery;
#[cfg(feature = "debug-overlay")]
use crate::debug_overlay::RecordedQuery;
use crate::query::query_filter::QueryFilter;
use crate::query::ray_walk::padded;

impl SpatialQuery<'_> {
    /// The first collider that `shape`, moving and turning by `motion` over one unit of
    /// time ([`RigidMotion`]: a start placement, a linear and an angular velocity, a
    /// centre of rotation), touches, with when and where: the [`ShapeHit`]'s normal
    /// points from `shape` to the collider. A collider that already touches or overlaps
    /// `shape` at the start gives fraction 0. Colliders stand still where the last step
    /// placed them.
    ///
    /// Each collider is cast with [`sat2d::cast_turning_shape`]: the time is never later
    /// than the first touch, and at it the shapes are within that function's stated gap
    /// (10 × the pair's tolerance). The candidates are the colliders whose boxes meet
    /// the box around the disc the shape sweeps (its reach around its centre of
    /// rotation, from the start to the end of the motion).
    ///
    /// ```
    /// use bevy::ecs::system::RunSystemOnce;
    /// use bevy::prelude::*;
    /// use bevy_sat2d::prelude::*;
    /// use sat2d::{Iso, RigidMotion};
    ///
    /// let mut app = App::new();
    /// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    /// // A thin wall 3 units right of a blade 10 long standing upright.
    /// let wall = app
    ///     .world_mut()
    ///     .spawn((Collider::rectangle(0.1, 20.0), StaticCollider, Transform::from_xyz(3.0, 0.0, 0.0)))
    ///     .id();
    /// app.update();
    /// let probe = move |query: SpatialQuery| {
    ///     let blade = Shape::rectangle(0.2, 10.0);
    ///     // A quarter turn clockwise sweeps its top end through the wall.
    ///     let spin = RigidMotion::new(Iso::IDENTITY, Vec2::ZERO, -core::f32::consts::FRAC_PI_2);
    ///     let (entity, hit) = query.cast_turning_shape(&blade, &spin, &QueryFilter::default()).unwrap();
    ///     assert_eq!(entity, wall);
    ///     assert!(hit.fraction > 0.3 && hit.fraction < 0.5);
    ///     // Without the turn it touches nothing.
    ///     let still = RigidMotion::still(Iso::IDENTITY);
    ///     assert!(query.cast_turning_shape(&blade, &still, &QueryFilter::default()).is_none());
    /// };
    /// app.world_mut().run_system_once(probe).unwrap();
    /// ```
    #[must_use]
    pub fn cast_turning_shape(
        &self,
        shape: &Shape,
        motion: &RigidMotion,
        filter: &QueryFilter,
    ) -> Option<(Entity, ShapeHit)> {
        if !motion.is_in_range() {
            warn_once!(
                "bevy_sat2d: SpatialQuery::cast_turning_shape given a motion that is not \
                 finite or beyond the working range; no hit (logged once)"
            );
            return None;
        }
        // The shape stays within its reach (plus the centre's distance from its origin)
        // of its centre of rotation, which moves in a straight line.
        let radius = Vec2::splat(shape.reach() + motion.local_center.length());
        let center = motion.start.transform_point(motion.local_center);
        let swept = Aabb::from_center_half_extents(center, radius).merged(
            &Aabb::from_center_half_extents(center + motion.linear_velocity, radius),
        );
        let first = self.earliest_hit(padded(swept), filter, |placed| {
            sat2d::cast_turning_shape(
                shape,
                motion,
                &placed.shape,
                &RigidMotion::still(placed.iso),
            )
        });
        #[cfg(feature = "debug-overlay")]
        self.record(|| RecordedQuery::CastTurningShape {
            shape: shape.clone(),
            motion: *motion,
            hit: first,
        });
        first
    }
}
