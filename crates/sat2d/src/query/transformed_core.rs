//! [`TransformedCore`]: a convex part of B carried into A's frame, once per query.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Iso;
use crate::query::kernel::point_lanes::PointLanes;
use crate::shape::rounded_convex::RoundedConvex;

/// B's points and normals expressed in A's local frame, plus the points in
/// [`PointLanes`] for the SAT loop. Inline up to 12 vertices, so the common polygon
/// pairs allocate nothing.
pub(crate) struct TransformedCore {
    points: SmallVec<[Vec2; 12]>,
    normals: SmallVec<[Vec2; 12]>,
    radius: f32,
    pub lanes: PointLanes,
}

impl TransformedCore {
    /// `core` placed by `iso` (B's pose in A's frame).
    #[inline]
    pub fn new(core: RoundedConvex<'_>, iso: &Iso) -> Self {
        let mut points = SmallVec::with_capacity(core.points.len());
        for point in core.points {
            points.push(iso.transform_point(*point));
        }
        let mut normals = SmallVec::with_capacity(core.normals.len());
        for normal in core.normals {
            normals.push(iso.transform_vector(*normal));
        }
        let lanes = PointLanes::new(&points);
        Self {
            points,
            normals,
            radius: core.radius,
            lanes,
        }
    }

    /// A view the convex queries accept.
    #[inline]
    pub fn view(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: &self.points,
            normals: &self.normals,
            radius: self.radius,
        }
    }
}
