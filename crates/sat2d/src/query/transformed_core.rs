//! [`TransformedCore`]: a convex part carried into another frame, once per query.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Iso;
use crate::shape::rounded_convex::RoundedConvex;

/// Points (and normals) a placed core holds without allocating: a segment's. Polygons
/// of up to 16 vertices are placed in lane form instead
/// ([`PlacedCore`](super::core_form::PlacedCore)), so the cores placed here are
/// circles, segments, capsules and the rare larger polygon.
const INLINE: usize = 2;

/// A core's points and normals expressed in another frame (usually A's local frame).
/// Inline up to 2 vertices, so circles, segments and capsules allocate nothing.
pub(crate) struct TransformedCore {
    points: SmallVec<[Vec2; INLINE]>,
    normals: SmallVec<[Vec2; INLINE]>,
    radius: f32,
}

impl TransformedCore {
    /// `core` placed by `iso` (its pose in the target frame).
    #[inline]
    pub fn new(core: RoundedConvex<'_>, iso: &Iso) -> Self {
        Self {
            points: placed(core.points, |p| iso.transform_point(p)),
            normals: placed(core.normals, |n| iso.transform_vector(n)),
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

/// `vectors` each mapped by `place`, written into an array and handed over whole when
/// they fit (`collect` pushes one at a time, checking the capacity each time).
#[inline]
fn placed(vectors: &[Vec2], place: impl Fn(Vec2) -> Vec2) -> SmallVec<[Vec2; INLINE]> {
    if vectors.len() > INLINE {
        return vectors.iter().map(|v| place(*v)).collect();
    }
    let mut buffer = [Vec2::ZERO; INLINE];
    for (vector, moved) in vectors.iter().zip(&mut buffer) {
        *moved = place(*vector);
    }
    SmallVec::from_buf_and_len(buffer, vectors.len())
}
