//! [`ImageColliderFile`]: the `Image(..)` form of a `.collider.ron` file, a collider
//! traced from an image, loaded as a dependency of the collider file so that changing
//! the image reloads it.

use bevy::asset::LoadContext;
use bevy::image::Image;
use bevy::math::URect;
use bevy::prelude::*;
use sat2d::image_trace::TraceSettings;

use crate::assets::image_colliders::{ImageColliderError, ImageColliderSettings};
use crate::components::collider::Collider;

/// `Image(path: "rock.png", threshold: 0.5, tolerance: 1.0, ..)`: the image and how to
/// trace it (see [`ColliderAsset`](crate::ColliderAsset) for the fields and their
/// defaults).
///
/// ```
/// use bevy_sat2d::ImageColliderFile;
/// let file = ImageColliderFile::parse("Image(path: \"rock.png\", tolerance: 0.5)").unwrap();
/// assert_eq!(file.image_path(), "rock.png");
/// assert_eq!(file.settings().trace.tolerance, 0.5);
/// assert_eq!(file.settings().trace.threshold, 0.5); // the default
/// ```
#[derive(serde::Deserialize, Clone, Debug, PartialEq)]
#[serde(rename = "Image", deny_unknown_fields)]
pub struct ImageColliderFile {
    path: String,
    #[serde(default = "defaults::threshold")]
    threshold: f32,
    #[serde(default = "defaults::tolerance")]
    tolerance: f32,
    #[serde(default = "defaults::pixels_per_unit")]
    pixels_per_unit: f32,
    #[serde(default = "defaults::pivot")]
    pivot: (f32, f32),
    #[serde(default = "defaults::min_area")]
    min_area: f32,
    #[serde(default)]
    rect: Option<(u32, u32, u32, u32)>,
}

/// The defaults of [`TraceSettings`], one function per field for serde.
mod defaults {
    use sat2d::image_trace::TraceSettings;

    pub(super) fn threshold() -> f32 {
        TraceSettings::default().threshold
    }
    pub(super) fn tolerance() -> f32 {
        TraceSettings::default().tolerance
    }
    pub(super) fn pixels_per_unit() -> f32 {
        TraceSettings::default().pixels_per_unit
    }
    pub(super) fn pivot() -> (f32, f32) {
        TraceSettings::default().pivot.into()
    }
    pub(super) fn min_area() -> f32 {
        TraceSettings::default().min_area
    }
}

impl ImageColliderFile {
    /// Parses the text of an `Image(..)` collider file.
    ///
    /// # Errors
    /// The RON error, with its line and column, when the text is not an `Image(..)`
    /// value (a shape file, or a typo in a field name).
    pub fn parse(text: &str) -> Result<Self, ron::error::SpannedError> {
        ron::from_str(text)
    }

    /// The image's path, relative to the collider file.
    #[must_use]
    pub fn image_path(&self) -> &str {
        &self.path
    }

    /// The tracing settings the file asks for.
    #[must_use]
    pub fn settings(&self) -> ImageColliderSettings {
        ImageColliderSettings {
            trace: TraceSettings {
                threshold: self.threshold,
                tolerance: self.tolerance,
                pixels_per_unit: self.pixels_per_unit,
                pivot: self.pivot.into(),
                min_area: self.min_area,
            },
            rect: self.rect.map(|(x0, y0, x1, y1)| URect::new(x0, y0, x1, y1)),
        }
    }

    /// Loads the image (relative to the collider file) as a dependency of the file
    /// being loaded, and traces it: one collider per opaque region, largest first.
    ///
    /// # Errors
    /// [`ImageColliderError::Load`] when the image does not load, else as
    /// [`Collider::from_image`].
    pub(crate) async fn load(
        &self,
        load_context: &mut LoadContext<'_>,
    ) -> Result<Vec<Collider>, ImageColliderError> {
        let failed = |message: String| ImageColliderError::Load {
            path: self.path.clone(),
            message,
        };
        let path = load_context
            .path()
            .resolve_embed_str(&self.path)
            .map_err(|error| failed(error.to_string()))?;
        let loaded = load_context
            .load_builder()
            .load_value::<Image>(path)
            .await
            .map_err(|error| failed(error.to_string()))?;
        Collider::from_image(loaded.get(), &self.settings())
    }
}
