//! [`ConcavePolygon`]: a simple concave outline, maybe with holes, split into convex
//! parts.

use glam::Vec2;

use super::boundary_flags::part_boundary_flags;
use super::polygon_metrics::PolygonMetrics;
use crate::decompose::bridge_holes::bridge_holes;
use crate::decompose::ear_clipping::ear_clip;
use crate::decompose::hertel_mehlhorn::merge_triangles;
use crate::decompose::outline::{clean_outline, first_meeting, signed_area, winds_around};
use crate::{ConvexPolygon, ShapeError};

/// A simple (non-self-intersecting) concave polygon, maybe with holes.
///
/// The outline is ear-clipped into triangles (holes first bridged into it, so one walk
/// goes round the whole boundary), and the triangles are merged into as few convex
/// parts as Hertel–Mehlhorn finds (at most four times the optimum). Queries run on the
/// parts but answer for the polygon as a whole: a hole is outside it, and its edges are
/// boundary like the outline's.
///
/// ```
/// use sat2d::{ConcavePolygon, Vec2};
/// // An L shape: six corners, four triangles, two convex parts.
/// let l = ConcavePolygon::try_new(&[
///     Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0), Vec2::new(2.0, 1.0),
///     Vec2::new(1.0, 1.0), Vec2::new(1.0, 2.0), Vec2::new(0.0, 2.0),
/// ]).unwrap();
/// assert_eq!(l.triangles().len(), 4);
/// assert_eq!(l.parts().len(), 2);
/// assert!((l.metrics().area - 3.0).abs() < 1e-5);
/// ```
///
/// Everything but the metrics sits in one heap allocation, so that a
/// [`Shape`](crate::Shape) is as small as its convex variants need (72 bytes, where
/// the decomposition's five lists inline made every shape 160).
/// Reflected as one opaque value: its parts are kept consistent by its constructors.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
#[cfg_attr(feature = "bevy_reflect", reflect(opaque, Clone, Debug, PartialEq))]
pub struct ConcavePolygon {
    decomposition: Box<Decomposition>,
    metrics: PolygonMetrics,
}

/// A concave polygon's boundary and its split into convex parts.
#[derive(Clone, Debug, PartialEq)]
struct Decomposition {
    /// The outline's points, then each hole's.
    points: Vec<Vec2>,
    /// Where each hole's points start in `points` (the outline's start at 0).
    hole_starts: Vec<u32>,
    triangles: Vec<[u32; 3]>,
    parts: Vec<ConvexPolygon>,
    /// Each part's points' [`boundary_flags`](super::boundary_flags): which of its
    /// edges and corners lie on the polygon's boundary.
    part_flags: Vec<Vec<u8>>,
}

impl ConcavePolygon {
    /// A concave polygon from a simple outline in any winding.
    ///
    /// # Errors
    /// Any outline error of [`Shape::polygon`](crate::Shape::polygon) (among them
    /// [`ShapeError::OutOfRange`] for a coordinate or an extent outside the working
    /// range); [`ShapeError::NotConcave`] if the outline is convex (use
    /// [`ConvexPolygon`], or [`Shape::polygon`](crate::Shape::polygon) which picks the
    /// right one).
    pub fn try_new(points: &[Vec2]) -> Result<Self, ShapeError> {
        let outline = clean_outline(points)?;
        if outline.is_convex {
            return Err(ShapeError::NotConcave);
        }
        Self::from_simple_ccw(outline.points)
    }

    /// A polygon with holes: a simple `outline` and simple `holes` (each in any
    /// winding), every hole strictly inside the outline and apart from the others (no
    /// shared point). With no holes, the same as [`Self::try_new`].
    ///
    /// ```
    /// use sat2d::{ConcavePolygon, Vec2};
    /// let square = |half: f32| [
    ///     Vec2::new(-half, -half), Vec2::new(half, -half),
    ///     Vec2::new(half, half), Vec2::new(-half, half),
    /// ];
    /// let frame = ConcavePolygon::try_with_holes(&square(2.0), &[square(1.0).to_vec()]).unwrap();
    /// assert!((frame.metrics().area - 12.0).abs() < 1e-5);
    /// assert_eq!(frame.holes().count(), 1);
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::TooManyPoints`] when the outline and the holes together have more
    /// than [`MAX_POLYGON_POINTS`](crate::MAX_POLYGON_POINTS) points; the outline errors
    /// of [`Self::try_new`] for the outline or a hole (a convex outline is fine when
    /// there are holes); [`ShapeError::HoleOutside`] for a hole not
    /// strictly inside the outline; [`ShapeError::LoopsMeet`] when two of the loops
    /// touch or cross.
    pub fn try_with_holes(outline: &[Vec2], holes: &[Vec<Vec2>]) -> Result<Self, ShapeError> {
        if holes.is_empty() {
            return Self::try_new(outline);
        }
        let count = outline.len() + holes.iter().map(Vec::len).sum::<usize>();
        if count > crate::MAX_POLYGON_POINTS {
            return Err(ShapeError::TooManyPoints {
                count,
                max: crate::MAX_POLYGON_POINTS,
            });
        }
        let outer = clean_outline(outline)?.points;
        let mut loops = vec![outer];
        for hole in holes {
            let mut points = clean_outline(hole)?.points;
            points.reverse();
            loops.push(points);
        }
        let views: Vec<&[Vec2]> = loops.iter().map(Vec::as_slice).collect();
        if let Some(((first, _), (second, _))) = first_meeting(&views) {
            return Err(ShapeError::LoopsMeet { first, second });
        }
        // No loop touches another, so a hole with one point inside the outline lies
        // inside it, and a hole inside another hole has its first point there.
        for (index, hole) in loops.iter().enumerate().skip(1) {
            let inside_outline = winds_around(&loops[0], hole[0]);
            let inside_hole = loops
                .iter()
                .enumerate()
                .skip(1)
                .any(|(other, walk)| other != index && winds_around(walk, hole[0]));
            if !inside_outline || inside_hole {
                return Err(ShapeError::HoleOutside { hole: index - 1 });
            }
        }
        Self::from_loops(loops)
    }

    /// Decomposes an outline already known to be simple and counter-clockwise.
    pub(crate) fn from_simple_ccw(outline: Vec<Vec2>) -> Result<Self, ShapeError> {
        Self::from_loops(vec![outline])
    }

    /// Decomposes a region: `loops[0]` a simple counter-clockwise outline, the others
    /// clockwise holes strictly inside it and apart.
    fn from_loops(loops: Vec<Vec<Vec2>>) -> Result<Self, ShapeError> {
        let walk = bridge_holes(&loops);
        let mut hole_starts = Vec::with_capacity(loops.len() - 1);
        let mut points: Vec<Vec2> = Vec::with_capacity(walk.len());
        for (index, each) in loops.iter().enumerate() {
            if index > 0 {
                hole_starts.push(points.len() as u32);
            }
            points.extend_from_slice(each);
        }
        let walked: Vec<Vec2> = walk.iter().map(|&index| points[index as usize]).collect();
        let triangles: Vec<[u32; 3]> = ear_clip(&walked)?
            .into_iter()
            .map(|triangle| triangle.map(|corner| walk[corner as usize]))
            .collect();
        // Merging accepts turns a hair past straight; what is left of such a sliver
        // can be three points on a line, turning either way in f32. It has no area to
        // collide with: drop it (before the flags: an edge along a dropped sliver has
        // no twin, so it counts as boundary).
        let walks: Vec<Vec<u32>> = merge_triangles(&points, &triangles)
            .into_iter()
            .map(|indices| without_collinear(indices, &points))
            .filter(|walk| {
                let corners: Vec<Vec2> = walk.iter().map(|&i| points[i as usize]).collect();
                is_convex_ccw(&corners)
            })
            .collect();
        let part_flags = part_boundary_flags(&points, &hole_starts, &walks);
        let parts: Vec<ConvexPolygon> = walks
            .iter()
            .map(|walk| {
                ConvexPolygon::from_convex_ccw(walk.iter().map(|&i| points[i as usize]).collect())
            })
            .collect();
        if parts.is_empty() {
            return Err(ShapeError::Triangulation {
                remaining: points.len(),
            });
        }
        let holes: Vec<&[Vec2]> = loops[1..].iter().map(Vec::as_slice).collect();
        let metrics = PolygonMetrics::of_region(&loops[0], &holes);
        Ok(Self {
            decomposition: Box::new(Decomposition {
                points,
                hole_starts,
                triangles,
                parts,
                part_flags,
            }),
            metrics,
        })
    }

    /// The outline, counter-clockwise, with duplicate and collinear points removed.
    #[inline]
    #[must_use]
    pub fn outline(&self) -> &[Vec2] {
        let end = self
            .decomposition
            .hole_starts
            .first()
            .map_or(self.decomposition.points.len(), |&start| start as usize);
        &self.decomposition.points[..end]
    }

    /// Each hole, clockwise (the region on the left of every boundary edge, as on the
    /// outline), with duplicate and collinear points removed.
    pub fn holes(&self) -> impl Iterator<Item = &[Vec2]> {
        let ends = self
            .decomposition
            .hole_starts
            .iter()
            .skip(1)
            .map(|&end| end as usize);
        let ends = ends.chain([self.decomposition.points.len()]);
        self.decomposition
            .hole_starts
            .iter()
            .zip(ends)
            .map(|(&start, end)| &self.decomposition.points[start as usize..end])
    }

    /// Every boundary point: the outline's, then each hole's ([`Self::triangles`]
    /// index into it).
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[Vec2] {
        &self.decomposition.points
    }

    /// The ear-clipping triangles, as counter-clockwise indices into [`Self::points`].
    #[inline]
    #[must_use]
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.decomposition.triangles
    }

    /// The convex parts after merging triangles. Their union is the polygon (less any
    /// sliver of no area that rounding left flat).
    #[inline]
    #[must_use]
    pub fn parts(&self) -> &[ConvexPolygon] {
        &self.decomposition.parts
    }

    /// Which edges and corners of part `index` lie on the polygon's boundary, one
    /// [`boundary_flags`](super::boundary_flags) byte per point of the part.
    #[inline]
    pub(crate) fn part_flags(&self, index: usize) -> &[u8] {
        &self.decomposition.part_flags[index]
    }

    /// Area, centroid and extents of the whole polygon (holes taken out).
    #[inline]
    #[must_use]
    pub fn metrics(&self) -> &PolygonMetrics {
        &self.metrics
    }
}

/// Whether `points` turn left at every vertex and enclose a positive area (in `f64`).
fn is_convex_ccw(points: &[Vec2]) -> bool {
    let count = points.len();
    count >= 3
        && signed_area(points.iter().copied()) > 0.0
        && (0..count).all(|i| {
            let (previous, current, next) = (
                points[(i + count - 1) % count],
                points[i],
                points[(i + 1) % count],
            );
            (current - previous).perp_dot(next - current) > 0.0
        })
}

/// Drops vertices where a merged part runs straight on (merging can create them), from
/// a walk of indices into `points`.
fn without_collinear(mut walk: Vec<u32>, points: &[Vec2]) -> Vec<u32> {
    let mut i = 0;
    while walk.len() > 3 && i < walk.len() {
        let n = walk.len();
        let previous = points[walk[(i + n - 1) % n] as usize];
        let here = points[walk[i] as usize];
        let next = points[walk[(i + 1) % n] as usize];
        let incoming = here - previous;
        let outgoing = next - here;
        if incoming.perp_dot(outgoing) <= 1e-6 * incoming.length() * outgoing.length() {
            walk.remove(i);
        } else {
            i += 1;
        }
    }
    walk
}

#[cfg(test)]
mod tests {
    use crate::Shape;

    /// A concave polygon keeps its decomposition behind one pointer, so a shape of any
    /// kind is no larger than a convex polygon with its tag: the five lists inline
    /// made every shape 160 bytes, and a query reading shapes out of cache pays for
    /// every line a shape spans.
    #[test]
    fn a_shape_is_as_small_as_its_convex_variants() {
        assert_eq!(core::mem::size_of::<super::ConcavePolygon>(), 48);
        assert!(
            core::mem::size_of::<Shape>() <= 72,
            "{}",
            core::mem::size_of::<Shape>()
        );
    }
}
