//! [`ConcavePolygon`]: a simple concave outline split into convex parts.

use glam::Vec2;

use super::polygon_metrics::PolygonMetrics;
use crate::decompose::ear_clipping::ear_clip;
use crate::decompose::hertel_mehlhorn::merge_triangles;
use crate::decompose::outline::{clean_outline, signed_area};
use crate::{ConvexPolygon, ShapeError};

/// A simple (non-self-intersecting) concave polygon.
///
/// The outline is ear-clipped into triangles, and the triangles are merged into as few
/// convex parts as Hertel–Mehlhorn finds (at most four times the optimum). Queries run
/// on the parts but answer for the polygon as a whole.
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
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct ConcavePolygon {
    outline: Vec<Vec2>,
    triangles: Vec<[u32; 3]>,
    parts: Vec<ConvexPolygon>,
    metrics: PolygonMetrics,
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

    /// Decomposes an outline already known to be simple and counter-clockwise.
    pub(crate) fn from_simple_ccw(outline: Vec<Vec2>) -> Result<Self, ShapeError> {
        let triangles = ear_clip(&outline)?;
        let parts: Vec<ConvexPolygon> = merge_triangles(&outline, &triangles)
            .into_iter()
            .filter_map(|indices| {
                let points: Vec<Vec2> = indices.iter().map(|&i| outline[i as usize]).collect();
                let points = without_collinear(points);
                // Merging accepts turns a hair past straight; what is left of such a
                // sliver can be three points on a line, turning either way in f32.
                // It has no area to collide with: drop it.
                is_convex_ccw(&points).then(|| ConvexPolygon::from_convex_ccw(points))
            })
            .collect();
        if parts.is_empty() {
            return Err(ShapeError::Triangulation {
                remaining: outline.len(),
            });
        }
        let metrics = PolygonMetrics::of_outline(&outline);
        Ok(Self {
            outline,
            triangles,
            parts,
            metrics,
        })
    }

    /// The outline, counter-clockwise, with duplicate and collinear points removed.
    #[inline]
    #[must_use]
    pub fn outline(&self) -> &[Vec2] {
        &self.outline
    }

    /// The ear-clipping triangles, as counter-clockwise indices into [`Self::outline`].
    #[inline]
    #[must_use]
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// The convex parts after merging triangles. Their union is the polygon (less any
    /// sliver of no area that rounding left flat).
    #[inline]
    #[must_use]
    pub fn parts(&self) -> &[ConvexPolygon] {
        &self.parts
    }

    /// Area, centroid and extents of the whole outline.
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

/// Drops vertices where a merged part runs straight on (merging can create them).
fn without_collinear(mut points: Vec<Vec2>) -> Vec<Vec2> {
    let mut i = 0;
    while points.len() > 3 && i < points.len() {
        let n = points.len();
        let previous = points[(i + n - 1) % n];
        let next = points[(i + 1) % n];
        let incoming = points[i] - previous;
        let outgoing = next - points[i];
        if incoming.perp_dot(outgoing) <= 1e-6 * incoming.length() * outgoing.length() {
            points.remove(i);
        } else {
            i += 1;
        }
    }
    points
}
