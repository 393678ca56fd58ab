//! [`TransformedCore`]: a convex part carried into another frame, once per query.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Iso;
use crate::shape::rounded_convex::RoundedConvex;

/// A core's points and normals expressed in another frame (usually A's local frame).
/// Inline up to 12 vertices, so the common pairs allocate nothing.
pub(crate) struct TransformedCore {
    points: SmallVec<[Vec2; 12]>,
    normals: SmallVec<[Vec2; 12]>,
    radius: f32,
}

impl TransformedCore {
    /// `core` placed by `iso` (its pose in the target frame).
    #[inline]
    pub fn new(core: RoundedConvex<'_>, iso: &Iso) -> Self {
        Self {
            points: core
                .points
                .iter()
                .map(|p| iso.transform_point(*p))
                .collect(),
            normals: core
                .normals
                .iter()
                .map(|n| iso.transform_vector(*n))
                .collect(),
            radius: core.radius,
        }
    }

    /// The placed core.
    #[inline]
    pub fn view(&self) -> RoundedConvex<'_> {
        RoundedConvex {
            points: &self.points,
            normals: &self.normals,
            radius: self.radius,
        }
    }
}
