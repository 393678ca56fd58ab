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
//!    never letting a loop cross itself or another (`simplify.rs`).
//! 4. **Shape** each region: its outline and holes become one
//!    [`Shape::polygon_with_holes`] (a convex region without holes a
//!    [`Shape::Polygon`]). A region with holes is one shape, exact as a whole: its
//!    contact is the shortest push out of the region, whichever of its convex parts
//!    are touched.
//!
//! Frame: the shapes' local frame has its origin at [`TraceSettings::pivot`], x right
//! and y up, one unit per [`TraceSettings::pixels_per_unit`] pixels, as a sprite of
//! that image drawn at that scale and anchor.

mod alpha_mask;
mod error;
mod marching_squares;
mod regions;
mod simplify;
mod trace_settings;

pub use alpha_mask::AlphaMask;
pub use error::TraceError;
pub use trace_settings::TraceSettings;

use glam::Vec2;

use crate::{MAX_POLYGON_POINTS, Shape, ShapeError};
use marching_squares::trace_loops;
use regions::{Boundary, region_shape, regions};
use simplify::simplify_loops;

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
/// [`TraceError::AllRegionsTooSmall`] when every region is below the minimum area, and
/// [`TraceError::Shape`] when a traced region cannot be a shape (see there).
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
    let boundaries: Vec<Boundary> = trace_loops(mask, threshold)
        .into_iter()
        .map(|walk| Boundary::new(walk.into_iter().map(|p| Vec2::new(p.x, -p.y)).collect()))
        .collect();
    let (mut found, dropped) = regions(&boundaries, settings.min_area);
    if found.is_empty() {
        return Err(TraceError::AllRegionsTooSmall { dropped });
    }
    found.sort_by(|a, b| {
        boundaries[b.outer]
            .area
            .total_cmp(&boundaries[a.outer].area)
    });
    // Simplified, every loop keeps at least three points: a region with more loops than
    // a shape can hold fails now, before simplifying them (a checkerboard's thousands
    // of one-pixel holes).
    for region in &found {
        let count = 3 * (1 + region.holes.len());
        if count > MAX_POLYGON_POINTS {
            let max = MAX_POLYGON_POINTS;
            return Err(ShapeError::TooManyPoints { count, max }.into());
        }
    }
    // Every kept loop simplified together, so that none crosses another.
    let kept: Vec<usize> = found
        .iter()
        .flat_map(|region| std::iter::once(region.outer).chain(region.holes.iter().copied()))
        .collect();
    let kept_loops: Vec<Vec<Vec2>> = kept
        .iter()
        .map(|&index| boundaries[index].points.clone())
        .collect();
    let mut simplified = vec![Vec::new(); boundaries.len()];
    for (index, walk) in kept
        .iter()
        .zip(simplify_loops(&kept_loops, settings.tolerance))
    {
        simplified[*index] = walk;
    }
    let origin = Vec2::new(
        settings.pivot.x * mask.width() as f32,
        -settings.pivot.y * mask.height() as f32,
    );
    let scale = settings.pixels_per_unit.recip();
    let place = |point: Vec2| (point - origin) * scale;
    found
        .iter()
        .map(|region| region_shape(&boundaries, &simplified, region, settings.tolerance, place))
        .collect()
}
