//! [`explain`]: the separating-axis test laid out axis by axis, for debug views.

use glam::Vec2;

use crate::query::closest_points::closest_points;
use crate::query::transformed_core::TransformedCore;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Iso, Shape};

/// Where a candidate axis comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisSource {
    /// The outward normal of edge `index` of A's part.
    FaceOfA(usize),
    /// The outward normal of edge `index` of B's part.
    FaceOfB(usize),
    /// The direction between the closest points of the two cores: the axis a circle or
    /// capsule end adds (the tutorials' "axis toward the nearest vertex").
    ClosestFeatures,
}

/// Both shapes projected on one candidate axis, in world space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisProjection {
    /// The unit axis.
    pub axis: Vec2,
    /// Where it comes from.
    pub source: AxisSource,
    /// A's projection interval `(min, max)` on the axis.
    pub a: (f32, f32),
    /// B's projection interval `(min, max)` on the axis.
    pub b: (f32, f32),
    /// `min(a.max − b.min, b.max − a.min)`: the push needed along the axis (the
    /// containment-aware overlap), negative when the intervals have a gap.
    pub overlap: f32,
}

impl AxisProjection {
    /// The push along this axis that moves B out of A: the axis, oriented away from A
    /// (toward B's side of the projections), times the overlap. Meaningful when the
    /// intervals overlap; for the deciding axis of convex polygons it is the MTV.
    #[must_use]
    pub fn push(&self) -> Vec2 {
        let b_further = self.b.0 + self.b.1 >= self.a.0 + self.a.1;
        let direction = if b_further { self.axis } else { -self.axis };
        direction * self.overlap
    }
}

/// The SAT test of a pair, axis by axis.
#[derive(Clone, Debug, PartialEq)]
pub struct SatExplanation {
    /// The convex part of A examined (0 unless A is concave).
    pub part_a: usize,
    /// The convex part of B examined.
    pub part_b: usize,
    /// Every candidate axis with both projections.
    pub axes: Vec<AxisProjection>,
    /// The axis that decided: the one with the smallest overlap — a separating axis
    /// when that overlap is negative, else the minimum-translation axis.
    pub deciding: usize,
}

impl SatExplanation {
    /// Whether some axis separates the parts.
    #[must_use]
    pub fn separated(&self) -> bool {
        self.axes[self.deciding].overlap < 0.0
    }
}

/// Lays out the separating-axis test of A and B: every candidate axis (face normals of
/// both parts, plus the closest-feature axis when a circle or capsule is involved), both
/// projection intervals and the overlap on each.
///
/// For concave shapes it examines the pair of convex parts that overlaps the most (or
/// is nearest), since the whole-shape result is built from part pairs. For
/// convex polygon pairs the deciding overlap equals [`contact`](crate::contact)'s depth.
///
/// Meant for display, it explains whatever it is given: for a placement that is not
/// [in range](Iso::is_in_range), where the other queries answer "no contact", it still
/// projects (never panicking), and the numbers may be non-finite. Check
/// [`Iso::is_in_range`] first to match them.
///
/// ```
/// use sat2d::{Iso, Shape, Vec2, explain};
/// let a = Shape::rectangle(2.0, 2.0);
/// let b = Shape::rectangle(2.0, 2.0);
/// let explanation = explain(&a, &Iso::IDENTITY, &b, &Iso::from_translation(Vec2::new(1.5, 0.0)));
/// assert_eq!(explanation.axes.len(), 8);
/// let deciding = explanation.axes[explanation.deciding];
/// assert!((deciding.overlap - 0.5).abs() < 1e-6);
/// assert!(deciding.axis.x.abs() > 0.99);
/// assert!(!explanation.separated());
/// assert!((deciding.push() - Vec2::new(0.5, 0.0)).length() < 1e-6); // B moves right
/// ```
#[must_use]
pub fn explain(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> SatExplanation {
    let mut best: Option<SatExplanation> = None;
    for part_a in 0..a.part_count() {
        let core_a = TransformedCore::new(a.part(part_a), iso_a);
        for part_b in 0..b.part_count() {
            let core_b = TransformedCore::new(b.part(part_b), iso_b);
            let axes = candidate_axes(core_a.view(), core_b.view());
            let deciding = (0..axes.len())
                .min_by(|&i, &j| axes[i].overlap.total_cmp(&axes[j].overlap))
                .expect("every pair has at least one axis");
            let candidate = SatExplanation {
                part_a,
                part_b,
                axes,
                deciding,
            };
            let better = best.as_ref().is_none_or(|best| {
                candidate.axes[candidate.deciding].overlap > best.axes[best.deciding].overlap
            });
            if better {
                best = Some(candidate);
            }
        }
    }
    best.expect("every shape has at least one part")
}

fn candidate_axes(a: RoundedConvex<'_>, b: RoundedConvex<'_>) -> Vec<AxisProjection> {
    let mut axes = Vec::new();
    // A segment's two normals are opposite: one axis.
    for (index, normal) in a.normals.iter().take(a.edge_count()).enumerate() {
        axes.push(project(a, b, *normal, AxisSource::FaceOfA(index)));
    }
    for (index, normal) in b.normals.iter().take(b.edge_count()).enumerate() {
        axes.push(project(a, b, *normal, AxisSource::FaceOfB(index)));
    }
    // The face normals are all the axes SAT needs unless a core is rounded, or both
    // are points or segments (collinear segments are apart only along their line).
    let both_degenerate = !a.is_polygon() && !b.is_polygon();
    if a.radius > 0.0 || b.radius > 0.0 || both_degenerate {
        let closest = closest_points(a, b);
        let between = closest.on_b - closest.on_a;
        let axis = if between.length_squared() > 0.0 {
            between.normalize()
        } else {
            Vec2::Y
        };
        axes.push(project(a, b, axis, AxisSource::ClosestFeatures));
    }
    axes
}

fn interval(core: RoundedConvex<'_>, axis: Vec2) -> (f32, f32) {
    let (min, max) = core
        .points
        .iter()
        .map(|point| point.dot(axis))
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), d| {
            (lo.min(d), hi.max(d))
        });
    (min - core.radius, max + core.radius)
}

fn project(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    axis: Vec2,
    source: AxisSource,
) -> AxisProjection {
    let (interval_a, interval_b) = (interval(a, axis), interval(b, axis));
    let overlap = (interval_a.1 - interval_b.0).min(interval_b.1 - interval_a.0);
    AxisProjection {
        axis,
        source,
        a: interval_a,
        b: interval_b,
        overlap,
    }
}
