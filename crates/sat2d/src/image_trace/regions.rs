//! Traced loops into regions: each outer boundary with the holes directly inside it,
//! small ones dropped, then one shape per region.
//!
//! A hole belongs to the region on its outer side: the opaque pixels around it. An
//! island inside a hole is a region of its own. The region is found along the grid,
//! not by testing the hole against every outer boundary:
//!
//! ```text
//! owner(hole):
//!     look left from the hole's leftmost crossing of a grid row, through opaque
//!     samples, to the first loop crossed: a boundary of the same region
//!     that loop is the region's outer boundary, or another of its holes, reaching
//!     further left: owner(that hole)
//! ```
//! Each look passes a run of opaque samples that ends at its hole's own crossing, so
//! no two looks share a sample, and the chains are remembered: finding every owner
//! takes time in proportion to the image.

use glam::Vec2;

use super::TraceError;
use super::simplify::simplify_loops;
use super::traced_loops::TracedLoops;
use crate::Shape;

/// Not yet known, in [`regions`]' tables.
const UNKNOWN: u32 = u32::MAX;

/// One opaque region: an outer boundary and its holes, as loop numbers.
pub(crate) struct Region {
    pub(crate) outer: usize,
    pub(crate) holes: Vec<usize>,
}

/// The regions of `loops`, leaving out loops of less than `min_area`, and how many
/// outer boundaries that left out.
pub(crate) fn regions(loops: &TracedLoops, min_area: f32) -> (Vec<Region>, usize) {
    let mut regions: Vec<Region> = Vec::new();
    let mut region_of = vec![UNKNOWN; loops.count()];
    let mut dropped = 0;
    for (index, region) in region_of.iter_mut().enumerate() {
        let area = loops.area(index);
        if area > 0.0 {
            if area >= min_area {
                *region = regions.len() as u32;
                regions.push(Region {
                    outer: index,
                    holes: Vec::new(),
                });
            } else {
                dropped += 1;
            }
        }
    }
    let mut owners = vec![UNKNOWN; loops.count()];
    for index in 0..loops.count() {
        let area = loops.area(index);
        if area > 0.0 || area.abs() < min_area {
            continue;
        }
        let region = region_of[owner(loops, &mut owners, index)];
        if region != UNKNOWN {
            regions[region as usize].holes.push(index);
        }
    }
    (regions, dropped)
}

/// The outer boundary of the region around `hole`, remembered in `owners` for every
/// hole on the way.
fn owner(loops: &TracedLoops, owners: &mut [u32], hole: usize) -> usize {
    let mut chain = Vec::new();
    let mut current = hole;
    let outer = loop {
        if loops.area(current) > 0.0 {
            break current;
        }
        if owners[current] != UNKNOWN {
            break owners[current] as usize;
        }
        chain.push(current);
        let beside = loops.loop_left_of(current);
        debug_assert_ne!(
            beside, current,
            "a hole's leftmost crossing has it on its right"
        );
        current = beside;
    };
    for index in chain {
        owners[index] = outer as u32;
    }
    outer
}

/// The shape of `region`, from its loops `simplified` (outer boundary first, then the
/// holes; every loop of the image simplified together, so that none crosses another)
/// mapped by `place`. Should they not make a
/// valid shape, the region's traced loops are simplified again alone with half the
/// `tolerance`, and so on down to the traced loops themselves.
///
/// # Errors
/// The traced loops' own [`ShapeError`](crate::ShapeError), as [`TraceError::Shape`].
pub(crate) fn region_shape(
    traced: &TracedLoops,
    simplified: Vec<Vec<Vec2>>,
    region: &Region,
    tolerance: f32,
    place: impl Fn(Vec2) -> Vec2,
) -> Result<Shape, TraceError> {
    let indices: Vec<usize> = std::iter::once(region.outer)
        .chain(region.holes.iter().copied())
        .collect();
    let traced: Vec<&[Vec2]> = indices.iter().map(|&index| traced.points(index)).collect();
    let mut loops = simplified;
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
                    traced.iter().map(|walk| walk.to_vec()).collect()
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::outline::winds_around;
    use crate::image_trace::AlphaMask;
    use crate::image_trace::marching_squares::trace_loops;
    use crate::image_trace::test_images::test_image;
    use crate::{Aabb, Vec2};

    /// The regions as before the grid lookup: each kept hole with the smallest outer
    /// boundary (larger than it) around its first point, testing every one.
    fn regions_by_testing_every_outer(
        loops: &TracedLoops,
        min_area: f32,
    ) -> Vec<(usize, Vec<usize>)> {
        let kept: Vec<usize> = (0..loops.count())
            .filter(|&index| loops.area(index).abs() >= min_area)
            .collect();
        let bounds: Vec<Aabb> = kept
            .iter()
            .map(|&index| Aabb::from_points(loops.points(index)).unwrap())
            .collect();
        let mut found: Vec<(usize, Vec<usize>)> = kept
            .iter()
            .filter(|&&index| loops.area(index) > 0.0)
            .map(|&index| (index, Vec::new()))
            .collect();
        for &hole in kept.iter().filter(|&&index| loops.area(index) <= 0.0) {
            let probe: Vec2 = loops.points(hole)[0];
            let parent = kept
                .iter()
                .zip(&bounds)
                .filter(|&(&outer, bounds)| {
                    loops.area(outer) > -loops.area(hole) && bounds.contains_point(probe)
                })
                .filter(|&(&outer, _)| winds_around(loops.points(outer), probe))
                .min_by(|a, b| loops.area(*a.0).total_cmp(&loops.area(*b.0)));
            if let Some((&outer, _)) = parent {
                let region = found.iter_mut().find(|(index, _)| *index == outer).unwrap();
                region.1.push(hole);
            }
        }
        found
    }

    /// Holes found along the grid belong to the same regions as when every outer
    /// boundary is tested, on nested rings, blobs and noise.
    #[test]
    fn holes_find_the_region_that_testing_every_outer_boundary_finds() {
        let (mut holes, mut islands) = (0, 0);
        for seed in 0..90 {
            let image = test_image(seed);
            let mask = AlphaMask::try_new(image.width, image.height, &image.alpha).unwrap();
            for (threshold, min_area) in [(0.5, 0.0), (0.3, 4.0), (0.7, 1.0)] {
                let loops = trace_loops(&mask, threshold, min_area);
                let (found, _) = regions(&loops, min_area);
                let found: Vec<(usize, Vec<usize>)> = found
                    .into_iter()
                    .map(|region| (region.outer, region.holes))
                    .collect();
                let expected = regions_by_testing_every_outer(&loops, min_area);
                assert_eq!(found, expected, "seed {seed}, threshold {threshold}");
                holes += found.iter().map(|region| region.1.len()).sum::<usize>();
                // An island: an outer boundary inside some hole.
                islands += found
                    .iter()
                    .filter(|(outer, _)| {
                        let probe = loops.points(*outer)[0];
                        found
                            .iter()
                            .flat_map(|region| &region.1)
                            .any(|&hole| winds_around(loops.points(hole), probe))
                    })
                    .count();
            }
        }
        assert!(
            holes > 1000 && islands > 50,
            "{holes} holes, {islands} islands"
        );
    }
}
