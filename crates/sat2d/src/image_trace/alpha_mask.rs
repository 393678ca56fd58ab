//! [`AlphaMask`]: an image's coverage, one value per pixel.

use super::TraceError;

/// A row-major grid of alpha values (`0.0` transparent to `1.0` opaque), top row
/// first, as images store them.
///
/// ```
/// use sat2d::image_trace::AlphaMask;
/// let alpha = [0.0, 1.0, 1.0, 0.0];
/// let mask = AlphaMask::try_new(2, 2, &alpha).unwrap();
/// assert_eq!(mask.alpha(1, 0), 1.0);
/// assert!(AlphaMask::try_new(3, 2, &alpha).is_err()); // 6 values needed
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
    /// pixel count overflows, [`TraceError::LengthMismatch`] when `alpha` does not hold
    /// exactly one value per pixel.
    pub fn try_new(width: u32, height: u32, alpha: &'a [f32]) -> Result<Self, TraceError> {
        if width == 0 || height == 0 {
            return Err(TraceError::ZeroSize { width, height });
        }
        let expected = (width as usize)
            .checked_mul(height as usize)
            .ok_or(TraceError::TooLarge { width, height })?;
        if alpha.len() != expected {
            return Err(TraceError::LengthMismatch {
                expected,
                actual: alpha.len(),
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
