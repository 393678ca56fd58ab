//! [`TraceError`]: why an alpha mask gave no shapes.

use crate::ShapeError;

/// Why [`trace_shapes`](super::trace_shapes) or [`AlphaMask::try_new`](super::AlphaMask::try_new)
/// failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TraceError {
    /// A width or a height of zero.
    #[error("the image is {width}×{height}: it has no pixels")]
    ZeroSize {
        /// The width given.
        width: u32,
        /// The height given.
        height: u32,
    },
    /// The alpha slice does not hold one value per pixel.
    #[error("expected {expected} alpha values (width × height), got {actual}")]
    LengthMismatch {
        /// `width × height`.
        expected: usize,
        /// The slice's length.
        actual: usize,
    },
    /// The size's pixel count overflows `usize`.
    #[error("{width}×{height} pixels overflow the address space")]
    TooLarge {
        /// The width given.
        width: u32,
        /// The height given.
        height: u32,
    },
    /// A setting is out of its range: the tolerance and the minimum area must be finite
    /// and not negative, the scale and the threshold finite and positive (the
    /// threshold at most 1), the pivot finite.
    #[error("the {what} must be {expected}, got {value}")]
    InvalidSetting {
        /// Which setting.
        what: &'static str,
        /// What it must be.
        expected: &'static str,
        /// The value given.
        value: f32,
    },
    /// No pixel's alpha reaches the threshold.
    #[error("no pixel is opaque: none reaches the alpha threshold {threshold}")]
    NoOpaquePixels {
        /// The threshold used.
        threshold: f32,
    },
    /// Opaque regions were found, but every one is smaller than the minimum area.
    #[error("all {dropped} opaque regions are smaller than the minimum area")]
    AllRegionsTooSmall {
        /// How many regions were dropped.
        dropped: usize,
    },
    /// A region's outline could not become a shape (for example more points than
    /// [`MAX_POLYGON_POINTS`](crate::MAX_POLYGON_POINTS) even at the tolerance given:
    /// raise the tolerance).
    #[error("a traced region is not a valid shape: {0}")]
    Shape(#[from] ShapeError),
}
