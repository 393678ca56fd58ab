//! Colliders traced from images: [`Collider::from_image`] reads a Bevy [`Image`]'s
//! alpha and traces it with [`sat2d::image_trace`] into exact colliders, holes
//! included.

use bevy::image::{Image, TextureFormatPixelInfo};
use bevy::math::URect;
use bevy::prelude::*;
use sat2d::image_trace::{AlphaMask, TraceError, TraceSettings, trace_shapes};
use wgpu_types::TextureFormat;

use crate::components::collider::Collider;

/// How [`Collider::from_image`] reads an image: the tracing settings (threshold,
/// tolerance, scale, pivot, minimum area; see [`TraceSettings`]) and, for a texture
/// atlas, the frame to read.
///
/// The defaults match a Bevy `Sprite` of the image with no custom size: one pixel per
/// world unit, origin at the centre (of the frame, with `rect`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ImageColliderSettings {
    /// Threshold, tolerance, scale, pivot and minimum area.
    pub trace: TraceSettings,
    /// The pixels to read, as a texture atlas frame (`TextureAtlasLayout::textures`),
    /// or the whole image when `None`.
    pub rect: Option<URect>,
}

/// Why [`Collider::from_image`] gave no colliders.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ImageColliderError {
    /// The image's pixel format has no alpha that can be read here. Supported:
    /// RGBA8 and BGRA8 (unorm or sRGB), R8 (the value is the alpha), RGBA16 (unorm or
    /// float) and RGBA32 float.
    #[error("cannot read the alpha of {0:?} images (supported: RGBA8, BGRA8, R8, RGBA16, RGBA32F)")]
    UnsupportedFormat(TextureFormat),
    /// The image has no pixels on the CPU side (a render target, or an image whose
    /// data was dropped after upload).
    #[error("the image has no pixel data on the CPU")]
    NoPixelData,
    /// The atlas frame reaches outside the image.
    #[error("the frame {rect:?} is outside the {width}×{height} image")]
    RectOutside {
        /// The frame asked for.
        rect: URect,
        /// The image's width.
        width: u32,
        /// The image's height.
        height: u32,
    },
    /// The image a collider file names could not be loaded.
    #[error("could not load the image {path}: {message}")]
    Load {
        /// The image's path, as the collider file gives it.
        path: String,
        /// Why.
        message: String,
    },
    /// The pixel data is shorter than the image's size says.
    #[error("the image's data holds {actual} bytes, {expected} expected")]
    DataTooShort {
        /// Bytes the size and format call for.
        expected: usize,
        /// Bytes present.
        actual: usize,
    },
    /// Tracing failed: no opaque pixel, all regions too small, a setting out of range,
    /// or a region that cannot be a shape.
    #[error(transparent)]
    Trace(#[from] TraceError),
}

impl Collider {
    /// One collider per connected opaque region of `image` (largest first), traced
    /// from its alpha with `settings`: outlines at sub-pixel precision, simplified,
    /// holes kept as holes, each region exact as a whole. Spawn each on its own entity
    /// (children of one body, with [`ColliderOf`](crate::ColliderOf), to move them
    /// together).
    ///
    /// Tracing a 256 × 256 sprite takes under a millisecond: fine at load time. To pay
    /// nothing in a shipped game, bake the shapes into `.collider.ron` files (the
    /// `bake_collider` example).
    ///
    /// ```
    /// use bevy::asset::RenderAssetUsages;
    /// use bevy::image::Image;
    /// use wgpu_types::{Extent3d, TextureDimension, TextureFormat};
    /// use bevy_sat2d::prelude::*;
    /// // An 8×8 RGBA image, opaque in its middle 4×4.
    /// let pixels: Vec<u8> = (0..64)
    ///     .flat_map(|index| {
    ///         let (x, y) = (index % 8, index / 8);
    ///         let alpha = if (2..6).contains(&x) && (2..6).contains(&y) { 255 } else { 0 };
    ///         [255, 255, 255, alpha]
    ///     })
    ///     .collect();
    /// let size = Extent3d { width: 8, height: 8, depth_or_array_layers: 1 };
    /// let image = Image::new(size, TextureDimension::D2, pixels, TextureFormat::Rgba8UnormSrgb,
    ///     RenderAssetUsages::default());
    /// let colliders = Collider::from_image(&image, &ImageColliderSettings::default()).unwrap();
    /// assert_eq!(colliders.len(), 1);
    /// // 16 square pixels, less what the corners lose to the outline's chords.
    /// let area = colliders[0].shape().area();
    /// assert!(area > 12.0 && area <= 16.0, "{area}");
    /// ```
    ///
    /// # Errors
    /// [`ImageColliderError::UnsupportedFormat`] naming the format,
    /// [`ImageColliderError::NoPixelData`], [`ImageColliderError::RectOutside`],
    /// [`ImageColliderError::DataTooShort`], or the tracing's
    /// [`ImageColliderError::Trace`].
    pub fn from_image(
        image: &Image,
        settings: &ImageColliderSettings,
    ) -> Result<Vec<Collider>, ImageColliderError> {
        let (width, height, alpha) = image_alpha(image, settings.rect)?;
        let mask = AlphaMask::try_new(width, height, &alpha)?;
        Ok(trace_shapes(&mask, &settings.trace)?
            .into_iter()
            .map(Collider::from)
            .collect())
    }
}

/// The alpha of `image` within `rect` (all of it for `None`), row by row from the top,
/// with the frame's width and height.
///
/// # Errors
/// As [`Collider::from_image`], bar tracing.
pub(crate) fn image_alpha(
    image: &Image,
    rect: Option<URect>,
) -> Result<(u32, u32, Vec<f32>), ImageColliderError> {
    let format = image.texture_descriptor.format;
    let read: fn(&[u8]) -> f32 = match format {
        TextureFormat::Rgba8Unorm
        | TextureFormat::Rgba8UnormSrgb
        | TextureFormat::Bgra8Unorm
        | TextureFormat::Bgra8UnormSrgb => |pixel| f32::from(pixel[3]) / 255.0,
        TextureFormat::R8Unorm => |pixel| f32::from(pixel[0]) / 255.0,
        TextureFormat::Rgba16Unorm => {
            |pixel| f32::from(u16::from_le_bytes([pixel[6], pixel[7]])) / 65535.0
        }
        TextureFormat::Rgba16Float => {
            |pixel| half::f16::from_le_bytes([pixel[6], pixel[7]]).to_f32()
        }
        TextureFormat::Rgba32Float => {
            |pixel| f32::from_le_bytes([pixel[12], pixel[13], pixel[14], pixel[15]])
        }
        other => return Err(ImageColliderError::UnsupportedFormat(other)),
    };
    let data = image
        .data
        .as_deref()
        .ok_or(ImageColliderError::NoPixelData)?;
    let (width, height) = (image.width(), image.height());
    let rect = rect.unwrap_or(URect::new(0, 0, width, height));
    if rect.max.x > width
        || rect.max.y > height
        || rect.min.x > rect.max.x
        || rect.min.y > rect.max.y
    {
        return Err(ImageColliderError::RectOutside {
            rect,
            width,
            height,
        });
    }
    let pixel_size = format.pixel_size().unwrap_or(4);
    let expected = width as usize * height as usize * pixel_size;
    if data.len() < expected {
        return Err(ImageColliderError::DataTooShort {
            expected,
            actual: data.len(),
        });
    }
    let row_bytes = width as usize * pixel_size;
    let alpha = (rect.min.y..rect.max.y)
        .flat_map(|y| {
            let row = &data[y as usize * row_bytes..(y as usize + 1) * row_bytes];
            row.chunks_exact(pixel_size)
                .skip(rect.min.x as usize)
                .take(rect.width() as usize)
                .map(read)
        })
        .map(|alpha| {
            if alpha.is_nan() {
                0.0
            } else {
                alpha.clamp(0.0, 1.0)
            }
        })
        .collect();
    Ok((rect.width(), rect.height(), alpha))
}

#[cfg(test)]
mod tests;
