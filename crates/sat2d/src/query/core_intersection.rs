//! The region two convex cores share (Sutherland–Hodgman clipping).

use glam::Vec2;
use smallvec::SmallVec;

use crate::math::segment::crossing_parameters;
use crate::shape::rounded_convex::RoundedConvex;

/// The points bounding `core(a) ∩ core(b)`: a polygon, a segment piece or a crossing
/// point; empty when the cores are apart.
///
/// ```text
/// subject = the core with fewer faces needed, clipper = a polygon core
/// for each face of the clipper: keep the subject's part behind it
/// two segments: their crossing point
/// ```
pub(crate) fn core_intersection(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
) -> SmallVec<[Vec2; 16]> {
    let (subject, clipper) = if b.points.len() >= 3 {
        (a, b)
    } else if a.points.len() >= 3 {
        (b, a)
    } else {
        return crossing(a, b).into_iter().collect();
    };
    let mut region: SmallVec<[Vec2; 16]> = SmallVec::from_slice(subject.points);
    let mut next: SmallVec<[Vec2; 16]> = SmallVec::new();
    for (vertex, normal) in clipper.points.iter().zip(clipper.normals) {
        next.clear();
        let count = region.len();
        for index in 0..count {
            let start = region[index];
            let end = region[(index + 1) % count];
            let start_side = normal.dot(start - *vertex);
            let end_side = normal.dot(end - *vertex);
            if start_side <= 0.0 {
                next.push(start);
            }
            if (start_side < 0.0 && end_side > 0.0) || (start_side > 0.0 && end_side < 0.0) {
                next.push(start.lerp(end, start_side / (start_side - end_side)));
            }
        }
        core::mem::swap(&mut region, &mut next);
        if region.is_empty() {
            break;
        }
    }
    region
}

/// Where two cores of at most two points each cross, if they do (parallel or
/// single-point cores never cross).
pub(crate) fn crossing(a: RoundedConvex<'_>, b: RoundedConvex<'_>) -> Option<Vec2> {
    let (a0, a1) = (a.points[0], *a.points.last()?);
    let (b0, b1) = (b.points[0], *b.points.last()?);
    let (t, u) = crossing_parameters(a0, a1, b0, b1)?;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then(|| a0.lerp(a1, t))
}
