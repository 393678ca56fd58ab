//! [`TraceSettings`]: how an alpha mask becomes shapes.

use glam::Vec2;

use super::TraceError;

/// How [`trace_shapes`](super::trace_shapes) reads a mask and shapes its outlines.
///
/// ```
/// use sat2d::image_trace::TraceSettings;
/// use sat2d::Vec2;
/// let settings = TraceSettings {
///     pixels_per_unit: 16.0,            // a 32-pixel sprite is 2 units wide
///     pivot: Vec2::new(0.5, 1.0),       // origin at the bottom centre
///     ..TraceSettings::default()
/// };
/// assert_eq!(settings.threshold, 0.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct TraceSettings {
    /// A pixel is opaque when its alpha is at least this, in `(0, 1]`. Outlines run
    /// where the alpha, interpolated between pixel centres, crosses it.
    pub threshold: f32,
    /// How far, in pixels, a simplified outline may stray from the traced one
    /// (Douglas–Peucker). `0` keeps every traced point. Simplifying cuts chords across
    /// curves, so a round bulge loses up to this much: a small sprite may want `0.25`.
    pub tolerance: f32,
    /// Pixels per world unit: the shapes' size is the image's divided by this.
    pub pixels_per_unit: f32,
    /// Where the shapes' local origin lies, as a fraction of the image's width and
    /// height from its top-left corner: `(0.5, 0.5)` (the default) is the centre, as a
    /// Bevy sprite's default anchor.
    pub pivot: Vec2,
    /// Regions and holes smaller than this many square pixels are dropped (a small
    /// hole is filled), so specks do not become slivers.
    pub min_area: f32,
}

impl Default for TraceSettings {
    fn default() -> Self {
        Self {
            threshold: 0.5,
            tolerance: 1.0,
            pixels_per_unit: 1.0,
            pivot: Vec2::splat(0.5),
            min_area: 4.0,
        }
    }
}

impl TraceSettings {
    /// Checks every setting's range.
    ///
    /// # Errors
    /// [`TraceError::InvalidSetting`] naming the first setting out of range.
    pub fn validate(&self) -> Result<(), TraceError> {
        let invalid = |what, expected, value| {
            Err(TraceError::InvalidSetting {
                what,
                expected,
                value,
            })
        };
        if !(self.threshold > 0.0 && self.threshold <= 1.0) {
            return invalid("threshold", "in (0, 1]", self.threshold);
        }
        if !(self.tolerance.is_finite() && self.tolerance >= 0.0) {
            return invalid("tolerance", "finite and not negative", self.tolerance);
        }
        if !(self.pixels_per_unit.is_finite() && self.pixels_per_unit > 0.0) {
            return invalid(
                "pixels per unit",
                "finite and positive",
                self.pixels_per_unit,
            );
        }
        if !self.pivot.is_finite() {
            let value = if self.pivot.x.is_finite() {
                self.pivot.y
            } else {
                self.pivot.x
            };
            return invalid("pivot", "finite", value);
        }
        if !(self.min_area.is_finite() && self.min_area >= 0.0) {
            return invalid("minimum area", "finite and not negative", self.min_area);
        }
        Ok(())
    }
}
