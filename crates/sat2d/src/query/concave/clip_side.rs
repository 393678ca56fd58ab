//! One Sutherland–Hodgman step for [`MinkowskiDifference::clipped`](super::minkowski_difference::MinkowskiDifference::clipped):
//! a convex polygon whose points carry their leaving edge's normal and boundary flags,
//! cut to a half-plane.
//!
//! Frame-free: the polygon and the half-plane are in one frame.

use glam::Vec2;
use smallvec::SmallVec;

use crate::shape::boundary_flags::{BOUNDARY_EDGE, CONVEX_CORNER};

/// A polygon being clipped: each point with the normal of the edge leaving it and its
/// boundary flags.
pub(crate) type Edges = SmallVec<[(Vec2, Vec2, u8); 16]>;

/// One Sutherland–Hodgman step: the polygon `region` (each point with the normal of
/// the edge leaving it, and its flags) cut to the half-plane `side_normal · x ≤
/// offset`, into `kept`. An edge cut short keeps its normal and its edge flag; the
/// stretch along the side takes the side's normal, and the points and the stretch the
/// cut makes are on no boundary.
pub(crate) fn clip_by_side(
    region: &[(Vec2, Vec2, u8)],
    side_normal: Vec2,
    offset: f32,
    kept: &mut Edges,
) {
    kept.clear();
    for (index, &(start, normal, flags)) in region.iter().enumerate() {
        let (end, _, _) = region[(index + 1) % region.len()];
        let (start_side, end_side) = (
            side_normal.dot(start) - offset,
            side_normal.dot(end) - offset,
        );
        let crossing = || start.lerp(end, start_side / (start_side - end_side));
        if start_side <= 0.0 && end_side <= 0.0 {
            kept.push((start, normal, flags));
        } else if start_side <= 0.0 {
            // Leaving: on to the side, then along it.
            if start_side < 0.0 {
                kept.push((start, normal, flags));
                kept.push((crossing(), side_normal, 0));
            } else {
                kept.push((start, side_normal, flags & CONVEX_CORNER));
            }
        } else if end_side < 0.0 {
            // Entering: the rest of the edge.
            kept.push((crossing(), normal, flags & BOUNDARY_EDGE));
        }
    }
}
