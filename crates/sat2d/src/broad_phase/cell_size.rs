//! [`CellSize`]: how big a grid cell is, fixed or tuned to the colliders.

use super::Bounds;

/// The side of a [`SpatialHashGrid`](super::SpatialHashGrid) cell.
///
/// `Auto` (the default) sets the side to [`AUTO_CELL_FACTOR`] × the median of the
/// colliders' larger box extents, sampled over at most [`AUTO_SAMPLE`] colliders, when
/// pairs are first asked for (with colliders present); it re-tunes (one rebuild) when, after
/// as many inserts, updates and removals as there are colliders, the median has drifted by
/// more than 2×.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum CellSize {
    /// Derived from the colliders' sizes and re-tuned as they change.
    #[default]
    Auto,
    /// A fixed side, in world units. Must be finite and positive.
    Fixed(f32),
}

/// The multiple of the median collider extent that `CellSize::Auto` picks.
pub const AUTO_CELL_FACTOR: f32 = 3.0;

/// How many colliders `CellSize::Auto` samples to estimate the median extent.
pub const AUTO_SAMPLE: usize = 1024;

/// The side used when there is nothing to measure (no colliders, or only points).
pub(super) const FALLBACK_SIDE: f32 = 1.0;

/// The automatic side for `bounds`, of which there are `count`: an evenly strided sample
/// of at most [`AUTO_SAMPLE`], read without collecting the rest. `extents` is scratch
/// room, kept by the caller so that re-tuning every step allocates nothing.
pub(super) fn auto_side<'a>(
    bounds: impl Iterator<Item = &'a Bounds>,
    count: usize,
    extents: &mut Vec<f32>,
) -> f32 {
    let stride = count.div_ceil(AUTO_SAMPLE).max(1);
    extents.clear();
    extents.extend(bounds.step_by(stride).map(|bounds| {
        let size = bounds.aabb.size();
        size.x.max(size.y)
    }));
    if extents.is_empty() {
        return FALLBACK_SIDE;
    }
    let middle = extents.len() / 2;
    let (_, median, _) = extents.select_nth_unstable_by(middle, f32::total_cmp);
    let side = *median * AUTO_CELL_FACTOR;
    if side.is_finite() && side > 0.0 {
        side
    } else {
        FALLBACK_SIDE
    }
}
