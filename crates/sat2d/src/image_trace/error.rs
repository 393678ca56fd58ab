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
    /// The size's pixel count overflows `usize`, or the mask is too large to trace:
    /// tracing indexes the edges between samples, two per pixel, with 31 bits, so a
    /// mask traces up to about 2³⁰ pixels (32768 × 32768).
    #[error("{width}×{height} pixels are more than can be traced")]
    TooLarge {
        /// The width given.
        width: u32,
        /// The height given.
        height: u32,
    },
    /// A pixel's alpha is NaN or infinite: the alpha must be finite (any finite value
    /// is read as it is, compared with the threshold). The first such pixel, row by row
    /// from the top.
    #[error("the alpha of pixel ({x}, {y}) is {value}: alpha values must be finite")]
    NonFiniteAlpha {
        /// The pixel's column, from the left.
        x: u32,
        /// The pixel's row, from the top.
        y: u32,
        /// Its alpha: NaN, or an infinity.
        value: f32,
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
    /// The shapes would hold more than
    /// [`MAX_TRACED_POINTS`](super::MAX_TRACED_POINTS) points in all (a noisy or
    /// speckled image, where every speck is a region): raise the minimum area or the
    /// tolerance. Refused as soon as the count passes the maximum, before simplifying
    /// or repairing, so the count is a lower bound.
    #[error(
        "the traced shapes would hold at least {count} points in all, more than {max}: \
         raise the minimum area or the tolerance"
    )]
    TooManyTracedPoints {
        /// How many points were counted when the maximum was passed (at least).
        count: usize,
        /// [`MAX_TRACED_POINTS`](super::MAX_TRACED_POINTS).
        max: usize,
    },
    /// A region's outline could not become a shape (for example more points than
    /// [`MAX_POLYGON_POINTS`](crate::MAX_POLYGON_POINTS) even at the tolerance given:
    /// raise the tolerance).
    #[error("a traced region is not a valid shape: {0}")]
    Shape(#[from] ShapeError),
}
