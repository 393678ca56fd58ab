//! Traced loops into regions: each outer boundary with the holes directly inside it,
//! small ones dropped, then one shape per region.
//!
//! Traced loops never touch, so whether one lies inside another is decided by any one
//! of its points. A hole belongs to the smallest outer boundary around it; an island
//! inside a hole is a region of its own.

use glam::Vec2;

use super::TraceError;
use super::simplify::simplify_loops;
use crate::decompose::outline::{signed_area, winds_around};
use crate::{Aabb, Shape};

/// A traced loop with y up (so outer boundaries run counter-clockwise, holes
/// clockwise) and its signed area.
pub(crate) struct Boundary {
    pub(crate) points: Vec<Vec2>,
    pub(crate) area: f32,
    /// The loop's bounding box, to rule out most containment tests.
    bounds: Aabb,
}

impl Boundary {
    /// A loop in y-up coordinates (at least one point).
    pub(crate) fn new(points: Vec<Vec2>) -> Self {
        let area = signed_area(points.iter().copied());
        let bounds = Aabb::from_points(&points).expect("a traced loop has points");
        Self {
            points,
            area,
            bounds,
        }
    }

    fn is_outer(&self) -> bool {
        self.area > 0.0
    }
}

/// One opaque region: an outer boundary and its holes, as indices into the loops.
pub(crate) struct Region {
    pub(crate) outer: usize,
    pub(crate) holes: Vec<usize>,
}

/// The regions of `boundaries`, leaving out loops of less than `min_area`, and how
/// many outer boundaries that left out.
pub(crate) fn regions(boundaries: &[Boundary], min_area: f32) -> (Vec<Region>, usize) {
    let large = |boundary: &&Boundary| boundary.area.abs() >= min_area;
    let mut regions: Vec<Region> = Vec::new();
    let mut region_of = vec![usize::MAX; boundaries.len()];
    let mut dropped = 0;
    for (index, boundary) in boundaries.iter().enumerate() {
        if boundary.is_outer() {
            if large(&boundary) {
                region_of[index] = regions.len();
                regions.push(Region {
                    outer: index,
                    holes: Vec::new(),
                });
            } else {
                dropped += 1;
            }
        }
    }
    for (index, hole) in boundaries.iter().enumerate() {
        if hole.is_outer() || !large(&hole) {
            continue;
        }
        let probe = hole.points[0];
        let parent = boundaries
            .iter()
            .enumerate()
            .filter(|(_, outer)| outer.is_outer() && outer.area > -hole.area)
            .filter(|(_, outer)| outer.bounds.contains_point(probe))
            .filter(|(_, outer)| winds_around(&outer.points, probe))
            .min_by(|a, b| a.1.area.total_cmp(&b.1.area));
        if let Some((outer, _)) = parent
            && region_of[outer] != usize::MAX
        {
            regions[region_of[outer]].holes.push(index);
        }
    }
    (regions, dropped)
}

/// The shape of `region`, from its loops in `simplified` (every loop simplified
/// together, so that none crosses another) mapped by `place`. Should they not make a
/// valid shape, the region's traced loops are simplified again alone with half the
/// `tolerance`, and so on down to the traced loops themselves.
///
/// # Errors
/// The traced loops' own [`ShapeError`](crate::ShapeError), as [`TraceError::Shape`].
pub(crate) fn region_shape(
    boundaries: &[Boundary],
    simplified: &[Vec<Vec2>],
    region: &Region,
    tolerance: f32,
    place: impl Fn(Vec2) -> Vec2,
) -> Result<Shape, TraceError> {
    let indices: Vec<usize> = std::iter::once(region.outer)
        .chain(region.holes.iter().copied())
        .collect();
    let traced: Vec<Vec<Vec2>> = indices
        .iter()
        .map(|&index| boundaries[index].points.clone())
        .collect();
    let mut loops: Vec<Vec<Vec2>> = indices
        .iter()
        .map(|&index| simplified[index].clone())
        .collect();
    let mut tolerance = tolerance;
    loop {
        let placed: Vec<Vec<Vec2>> = loops
            .iter()
            .map(|walk| walk.iter().map(|&point| place(point)).collect())
            .collect();
        match Shape::polygon_with_holes(&placed[0], &placed[1..]) {
            Ok(shape) => return Ok(shape),
            Err(error) if tolerance == 0.0 => return Err(error.into()),
            Err(_) => {
                tolerance = if tolerance > 1e-3 {
                    tolerance * 0.5
                } else {
                    0.0
                };
                loops = if tolerance > 0.0 {
                    simplify_loops(&traced, tolerance)
                } else {
                    traced.clone()
                };
            }
        }
    }
}
