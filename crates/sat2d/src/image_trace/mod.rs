//! Layer 5, from pixels to shapes: an image's alpha traced into exact colliders.
//!
//! [`trace_shapes`] turns an [`AlphaMask`] into one [`Shape`] per connected opaque
//! region:
//!
//! 1. **Trace** every boundary with marching squares, at sub-pixel precision along the
//!    alpha threshold (`marching_squares.rs`): outer boundaries and holes.
//! 2. **Drop** regions and holes smaller than [`TraceSettings::min_area`] (a small hole
//!    is filled).
//! 3. **Simplify** with Douglas–Peucker within [`TraceSettings::tolerance`] pixels,
//!    never letting a loop cross itself or another, nor leave the loops it was inside
//!    (`simplify.rs`): each hole stays in its outline, each island in its hole.
//! 4. **Shape** each region: its outline and holes become one
//!    [`Shape::polygon_with_holes`] (a convex region without holes a
//!    [`Shape::Polygon`]). A region with holes is one shape, exact as a whole: its
//!    contact is the shortest push out of the region, whichever of its convex parts
//!    are touched.
//!
//! Frame: the shapes' local frame has its origin at [`TraceSettings::pivot`], x right
//! and y up, one unit per [`TraceSettings::pixels_per_unit`] pixels, as a sprite of
//! that image drawn at that scale and anchor.
//!
//! **Bounds.** Any image is traced, or refused with a typed error, in time about in
//! proportion to its pixels: a 4096 × 4096 image of any content in under 2 s (release
//! build), a 1024 × 1024 one in under 200 ms (the `image_trace` bench). Each hole
//! finds its region by looking along one row of the grid (`regions.rs`); a crossing
//! left by simplifying is repaired testing only the edges near it
//! (`crossing_repair.rs`); the farthest point of a long stretch of outline comes from
//! convex hulls (`farthest_point.rs`); and an outline that cannot fit is refused as soon as its
//! count shows it, before it is simplified or repaired: a region needing more than
//! [`MAX_POLYGON_POINTS`](crate::MAX_POLYGON_POINTS) points, or all shapes together
//! more than [`MAX_TRACED_POINTS`] (noise, where every speck is a region).

mod alpha_mask;
mod crossing_repair;
mod edge_grid;
mod error;
mod farthest_point;
mod marching_squares;
mod regions;
mod simplify;
mod swept_region;
#[cfg(test)]
mod test_images;
mod trace_settings;
mod traced_loops;

pub use alpha_mask::AlphaMask;
pub use error::TraceError;
pub use trace_settings::TraceSettings;

use glam::Vec2;

use crate::{MAX_POLYGON_POINTS, Shape, ShapeError};
use crossing_repair::repair_crossings;
use marching_squares::trace_loops;
use regions::{Region, region_shape, regions};
use simplify::douglas_peucker;

/// The most points the simplified outlines of [`trace_shapes`] may hold in all, counted
/// before crossings are repaired (which adds a few): 32 ×
/// [`MAX_POLYGON_POINTS`](crate::MAX_POLYGON_POINTS), more than a collider needs and few
/// enough that every image traces in bounded time. An image over it (noise, a speckled
/// texture) is refused with [`TraceError::TooManyTracedPoints`].
pub const MAX_TRACED_POINTS: usize = 32 * MAX_POLYGON_POINTS;

/// One shape per connected opaque region of `mask`, largest first (see the
/// [module docs](self) for the steps and the frame).
///
/// ```
/// use sat2d::image_trace::{AlphaMask, TraceSettings, trace_shapes};
/// use sat2d::{Iso, Vec2};
/// // A 16×16 image: an opaque ring (a square with a square hole).
/// let alpha: Vec<f32> = (0..16 * 16)
///     .map(|index| {
///         let (x, y) = ((index % 16) as i32, (index / 16) as i32);
///         let ring = (2..14).contains(&x) && (2..14).contains(&y);
///         let hole = (6..10).contains(&x) && (6..10).contains(&y);
///         if ring && !hole { 1.0 } else { 0.0 }
///     })
///     .collect();
/// let mask = AlphaMask::try_new(16, 16, &alpha)?;
/// let shapes = trace_shapes(&mask, &TraceSettings::default())?;
/// assert_eq!(shapes.len(), 1); // one region, its hole included
/// let ball = sat2d::Shape::circle(1.0);
/// // In the middle of the hole: no contact with the ring.
/// assert!(sat2d::contact(&shapes[0], &Iso::IDENTITY, &ball, &Iso::IDENTITY).is_none());
/// # Ok::<(), sat2d::image_trace::TraceError>(())
/// ```
///
/// # Errors
/// [`TraceError::InvalidSetting`] for a setting out of range,
/// [`TraceError::NoOpaquePixels`] when no alpha reaches the threshold,
/// [`TraceError::AllRegionsTooSmall`] when every region is below the minimum area,
/// [`TraceError::TooManyTracedPoints`] when the shapes would hold more than
/// [`MAX_TRACED_POINTS`] points in all, and [`TraceError::Shape`] when a traced region
/// cannot be a shape (see there): [`ShapeError::TooManyPoints`] when it would need
/// more than [`MAX_POLYGON_POINTS`](crate::MAX_POLYGON_POINTS) points, refused as
/// soon as its count passes that (so its `count` may be a lower bound).
pub fn trace_shapes(
    mask: &AlphaMask<'_>,
    settings: &TraceSettings,
) -> Result<Vec<Shape>, TraceError> {
    settings.validate()?;
    let threshold = settings.threshold;
    if !mask.values().iter().any(|&alpha| alpha >= threshold) {
        return Err(TraceError::NoOpaquePixels { threshold });
    }
    // y up from here: outer boundaries counter-clockwise.
    let traced = trace_loops(mask, threshold, settings.min_area);
    let (mut found, dropped) = regions(&traced, settings.min_area);
    if found.is_empty() {
        return Err(TraceError::AllRegionsTooSmall { dropped });
    }
    found.sort_by(|a, b| traced.area(b.outer).total_cmp(&traced.area(a.outer)));
    // Simplified, every loop keeps at least three points: too many loops fail now,
    // before simplifying them (a checkerboard's thousands of one-pixel holes).
    let mut total = 0;
    for region in &found {
        let count = 3 * (1 + region.holes.len());
        total += count;
        if count > MAX_POLYGON_POINTS {
            let max = MAX_POLYGON_POINTS;
            return Err(ShapeError::TooManyPoints { count, max }.into());
        }
    }
    if total > MAX_TRACED_POINTS {
        let max = MAX_TRACED_POINTS;
        return Err(TraceError::TooManyTracedPoints { count: total, max });
    }
    // Every kept loop simplified together, so that none crosses another.
    let loops: Vec<&[Vec2]> = found
        .iter()
        .flat_map(|region| std::iter::once(region.outer).chain(region.holes.iter().copied()))
        .map(|index| traced.points(index))
        .collect();
    let kept = simplify_within_limits(&found, &loops, settings.tolerance)?;
    let mut simplified = repair_crossings(&loops, &kept).into_iter();
    let origin = Vec2::new(
        settings.pivot.x * mask.width() as f32,
        -settings.pivot.y * mask.height() as f32,
    );
    let scale = settings.pixels_per_unit.recip();
    let place = |point: Vec2| (point - origin) * scale;
    found
        .iter()
        .map(|region| {
            let region_loops = simplified.by_ref().take(1 + region.holes.len()).collect();
            region_shape(&traced, region_loops, region, settings.tolerance, place)
        })
        .collect()
}

/// Each of `loops` (the regions `found`, each outer boundary then its holes)
/// simplified by Douglas–Peucker within `tolerance`, before the crossing repair.
/// Repairing only adds points, and a lower tolerance keeps more (the region's shape
/// is retried at lower tolerances), so a count over a limit now is final: the
/// simplification stops as soon as one is passed.
///
/// # Errors
/// [`ShapeError::TooManyPoints`] for the first region whose loops keep more than
/// [`MAX_POLYGON_POINTS`](crate::MAX_POLYGON_POINTS) points, or
/// [`TraceError::TooManyTracedPoints`] when all of them keep more than
/// [`MAX_TRACED_POINTS`]; either `count` a lower bound.
fn simplify_within_limits(
    found: &[Region],
    loops: &[&[Vec2]],
    tolerance: f32,
) -> Result<Vec<Vec<usize>>, TraceError> {
    let mut kept = Vec::with_capacity(loops.len());
    let mut total = 0;
    let mut walks = loops.iter();
    for region in found {
        let mut count = 0;
        for walk in walks.by_ref().take(1 + region.holes.len()) {
            let limit = MAX_POLYGON_POINTS
                .saturating_sub(count)
                .min(MAX_TRACED_POINTS.saturating_sub(total));
            let indices = douglas_peucker(walk, tolerance, limit);
            count += indices.len();
            total += indices.len();
            if count > MAX_POLYGON_POINTS {
                let max = MAX_POLYGON_POINTS;
                return Err(ShapeError::TooManyPoints { count, max }.into());
            }
            if total > MAX_TRACED_POINTS {
                let max = MAX_TRACED_POINTS;
                return Err(TraceError::TooManyTracedPoints { count: total, max });
            }
            kept.push(indices);
        }
    }
    Ok(kept)
}
