//! [`ConvexWindow`]: a convex core with many points cut down to what lies in a box, in
//! one pass over its points, so that a Minkowski difference built from it has only the
//! few edges that can matter there (a concave shape's big central part against a
//! small part of the other shape).
//!
//! Frame-free: the core and the box are in one frame.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Aabb;
use crate::math::segment::edge_normal;
use crate::shape::boundary_flags::{BOUNDARY_EDGE, EVERYWHERE};
use crate::shape::rounded_convex::RoundedConvex;

/// Cores with at most this many points are used whole: cutting them saves nothing.
/// (A difference of two such cores is the same in every window.)
pub(crate) const SMALL: usize = 16;

/// A convex core's points and normals, cut down to a box.
#[expect(
    clippy::large_enum_variant,
    reason = "lives on the stack while one difference is built; boxing would allocate per pair"
)]
pub(crate) enum ConvexWindow<'a> {
    /// Nothing of the core lies in the box.
    Outside,
    /// The core as given (small, or wholly relevant), with its boundary flags.
    Whole(RoundedConvex<'a>, Option<&'a [u8]>),
    /// A convex polygon through some of the core's points that has the same
    /// intersection with the box; each kept point keeps its corner flag, each kept
    /// edge its edge flag, and a chord that replaces a run is on no boundary.
    Cut {
        points: SmallVec<[Vec2; SMALL]>,
        normals: SmallVec<[Vec2; SMALL]>,
        flags: SmallVec<[u8; SMALL]>,
        radius: f32,
    },
}

impl<'a> ConvexWindow<'a> {
    /// `core` (a point, a segment or a polygon) cut down to `region`: every run of
    /// vertices lying beyond one and the same side of the box loses its inner vertices.
    ///
    /// ```text
    /// keep vertex 0; run = the sides of the box it lies beyond
    /// for each next vertex v:
    ///     if v and the vertex after it both lie beyond a side the run shares: drop v,
    ///         run = the sides all of them lie beyond
    ///     else keep v; run = its own sides
    /// ```
    /// The chord that replaces a dropped run, and the piece of the polygon it cuts off,
    /// lie beyond that side too (a half-plane is convex), so the polygon's part in the
    /// box is unchanged. Fewer than three points left means the polygon lies beyond
    /// the box (its two pieces each beyond a side).
    /// `flags`: the core's [boundary flags](crate::shape::boundary_flags) (`None`:
    /// every edge and corner on the boundary).
    pub fn new(core: RoundedConvex<'a>, flags: Option<&'a [u8]>, region: &Aabb) -> Self {
        let count = core.points.len();
        if count <= SMALL {
            return Self::Whole(core, flags);
        }
        let sides = |point: Vec2| {
            u8::from(point.x < region.min.x)
                | (u8::from(point.x > region.max.x) << 1)
                | (u8::from(point.y < region.min.y) << 2)
                | (u8::from(point.y > region.max.y) << 3)
        };
        // The kept vertices' indices: an edge between two that were neighbours keeps
        // its normal (one recomputed from two close rounded points can be off by
        // thousandths of a radian); only the chords that replace runs get new ones.
        let mut kept: SmallVec<[usize; SMALL]> = SmallVec::new();
        kept.push(0);
        let mut run = sides(core.points[0]);
        let mut next = sides(core.points[1]);
        for k in 1..count {
            let here = next;
            next = sides(core.points[(k + 1) % count]);
            if run & here & next != 0 {
                run &= here;
            } else {
                kept.push(k);
                run = here;
            }
        }
        if kept.len() < 3 {
            return Self::Outside;
        }
        if kept.len() == count {
            return Self::Whole(core, flags);
        }
        let flag = |index: usize| flags.map_or(EVERYWHERE, |flags| flags[index]);
        let points: SmallVec<[Vec2; SMALL]> = kept.iter().map(|k| core.points[*k]).collect();
        let normals = (0..kept.len())
            .map(|k| {
                let (from, to) = (kept[k], kept[(k + 1) % kept.len()]);
                if to == (from + 1) % count {
                    core.normals[from]
                } else {
                    edge_normal(points[k], points[(k + 1) % points.len()])
                }
            })
            .collect();
        let flags = (0..kept.len())
            .map(|k| {
                let (from, to) = (kept[k], kept[(k + 1) % kept.len()]);
                if to == (from + 1) % count {
                    flag(from)
                } else {
                    flag(from) & !BOUNDARY_EDGE
                }
            })
            .collect();
        Self::Cut {
            points,
            normals,
            flags,
            radius: core.radius,
        }
    }

    /// The core to read, or `None` when nothing of it lies in the box.
    pub fn view(&self) -> Option<RoundedConvex<'_>> {
        match self {
            Self::Outside => None,
            Self::Whole(core, _) => Some(*core),
            Self::Cut {
                points,
                normals,
                radius,
                ..
            } => Some(RoundedConvex {
                points,
                normals,
                radius: *radius,
            }),
        }
    }

    /// The boundary flags of [`view`](Self::view)'s points (`None`: all set).
    pub fn flags(&self) -> Option<&[u8]> {
        match self {
            Self::Outside => None,
            Self::Whole(_, flags) => *flags,
            Self::Cut { flags, .. } => Some(flags),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::core_intersection::core_intersection;
    use crate::query::kernel::ConvexCore;
    use crate::query::regular_core::RegularCore;

    #[test]
    fn a_many_sided_polygon_keeps_its_part_in_the_box() {
        let polygon = RegularCore::new(400, 3.0);
        let core = polygon.core();
        let region = Aabb::new(Vec2::new(2.5, -0.5), Vec2::new(3.5, 0.5));
        let window = ConvexWindow::new(core, None, &region);
        let cut = window.view().unwrap();
        assert!(cut.points.len() < 60, "{} points left", cut.points.len());
        // The same part of the box is covered: compare the clipped areas.
        let corners = [
            region.min,
            Vec2::new(region.max.x, region.min.y),
            region.max,
            Vec2::new(region.min.x, region.max.y),
        ];
        let box_normals = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];
        let square = RoundedConvex {
            points: &corners,
            normals: &box_normals,
            radius: 0.0,
        };
        let area = |core: RoundedConvex<'_>| {
            crate::decompose::outline::signed_area(core_intersection(core, square).into_iter())
        };
        assert!((area(core) - area(cut)).abs() < 1e-5);
        for probe in [
            Vec2::new(2.9, 0.0),
            Vec2::new(2.99, 0.2),
            Vec2::new(2.6, -0.49),
        ] {
            assert_eq!(
                core.contains(probe, 0.0),
                cut.contains(probe, 0.0),
                "{probe}"
            );
        }
        // A box beyond the polygon leaves nothing; a small polygon is kept whole.
        let far = Aabb::new(Vec2::new(4.0, 4.0), Vec2::new(5.0, 5.0));
        assert!(ConvexWindow::new(core, None, &far).view().is_none());
        let small = RoundedConvex {
            points: &corners,
            normals: &box_normals,
            radius: 0.0,
        };
        assert!(matches!(
            ConvexWindow::new(small, None, &far),
            ConvexWindow::Whole(..)
        ));
    }
}
