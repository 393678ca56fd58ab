//! [`AlphaMask`]: an image's coverage, one value per pixel.

use super::TraceError;

/// Grid edges are numbered below this, so that a `u32` holds an edge plus one, or a
/// loop, with a bit to spare (see `marching_squares.rs`).
const MAX_EDGES: u128 = (1 << 31) - 1;

/// A row-major grid of alpha values (`0.0` transparent to `1.0` opaque), top row
/// first, as images store them. Every value is finite; values outside `0..=1` are
/// read as they are (compared with the threshold, interpolated along the outline).
///
/// ```
/// use sat2d::image_trace::AlphaMask;
/// let alpha = [0.0, 1.0, 1.0, 0.0];
/// let mask = AlphaMask::try_new(2, 2, &alpha).unwrap();
/// assert_eq!(mask.alpha(1, 0), 1.0);
/// assert!(AlphaMask::try_new(3, 2, &alpha).is_err()); // 6 values needed
/// // A NaN (a float image's undefined alpha) is refused, naming its pixel.
/// let alpha = [0.0, 1.0, f32::NAN, 0.0];
/// assert!(matches!(
///     AlphaMask::try_new(2, 2, &alpha),
///     Err(sat2d::image_trace::TraceError::NonFiniteAlpha { x: 0, y: 1, .. })
/// ));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct AlphaMask<'a> {
    width: u32,
    height: u32,
    alpha: &'a [f32],
}

impl<'a> AlphaMask<'a> {
    /// A mask of `width × height` pixels over `alpha`, row by row from the top.
    ///
    /// # Errors
    /// [`TraceError::ZeroSize`] when a side is zero, [`TraceError::TooLarge`] when the
    /// mask has more pixels than can be traced (about 2³⁰, see there),
    /// [`TraceError::LengthMismatch`] when `alpha` does not hold exactly one value per
    /// pixel, and [`TraceError::NonFiniteAlpha`] naming the first pixel (row by row from
    /// the top) whose alpha is NaN or infinite.
    pub fn try_new(width: u32, height: u32, alpha: &'a [f32]) -> Result<Self, TraceError> {
        if width == 0 || height == 0 {
            return Err(TraceError::ZeroSize { width, height });
        }
        // Tracing numbers the grid edges between samples (two per sample, the samples
        // being the pixels and a ring around them) below 2³¹.
        let edges = (u128::from(width) + 2) * (u128::from(height) + 2) * 2;
        if edges >= MAX_EDGES {
            return Err(TraceError::TooLarge { width, height });
        }
        let expected = width as usize * height as usize;
        if alpha.len() != expected {
            return Err(TraceError::LengthMismatch {
                expected,
                actual: alpha.len(),
            });
        }
        if let Some(index) = alpha.iter().position(|value| !value.is_finite()) {
            return Err(TraceError::NonFiniteAlpha {
                x: (index % width as usize) as u32,
                y: (index / width as usize) as u32,
                value: alpha[index],
            });
        }
        Ok(Self {
            width,
            height,
            alpha,
        })
    }

    /// The width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The alpha of pixel `(x, y)`, `y` counted from the top.
    ///
    /// # Panics
    /// If the pixel is outside the mask.
    #[must_use]
    pub fn alpha(&self, x: u32, y: u32) -> f32 {
        assert!(
            x < self.width && y < self.height,
            "pixel ({x}, {y}) is outside the mask"
        );
        self.alpha[y as usize * self.width as usize + x as usize]
    }

    /// The values, row by row from the top.
    #[must_use]
    pub fn values(&self) -> &'a [f32] {
        self.alpha
    }
}
