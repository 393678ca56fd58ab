//! [`PixelScale`]: how many world units one screen pixel spans, and which part of the
//! world the screen shows, so the explainer's figures keep their size in pixels at any
//! zoom.

use bevy::prelude::*;

/// The camera's scale as the overlay's drawings need it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PixelScale {
    /// World units per logical pixel.
    pub world_per_pixel: f32,
    /// The world rectangle visible right of the overlay panel.
    pub visible: Rect,
}

impl PixelScale {
    /// One world unit per pixel, the whole plane visible: for apps without a camera
    /// (headless tests).
    pub const IDENTITY: Self = Self {
        world_per_pixel: 1.0,
        visible: Rect {
            min: Vec2::splat(f32::NEG_INFINITY),
            max: Vec2::splat(f32::INFINITY),
        },
    };

    /// `pixels` screen pixels in world units.
    #[inline]
    #[must_use]
    pub fn world(&self, pixels: f32) -> f32 {
        pixels * self.world_per_pixel
    }

    /// The scale of the first active camera with an orthographic projection, the
    /// panel's `panel_width` pixels left out of the visible rectangle; `None` without
    /// one (or before its viewport is known).
    #[must_use]
    pub fn of_camera(
        camera: &Camera,
        transform: &GlobalTransform,
        projection: &Projection,
        panel_width: f32,
    ) -> Option<Self> {
        let Projection::Orthographic(orthographic) = projection else {
            return None;
        };
        let viewport = camera.logical_viewport_rect()?;
        let world_per_pixel = world_per_pixel(
            orthographic,
            viewport.height(),
            transform.compute_transform().scale.y,
        )?;
        let left = (viewport.min.x + panel_width).min(viewport.max.x);
        let corner = |x: f32, y: f32| camera.viewport_to_world_2d(transform, Vec2::new(x, y)).ok();
        let (top_left, bottom_right) = (
            corner(left, viewport.min.y)?,
            corner(viewport.max.x, viewport.max.y)?,
        );
        Some(Self {
            world_per_pixel,
            visible: Rect::from_corners(top_left, bottom_right),
        })
    }
}

/// World units per logical pixel for an orthographic `projection` whose area has been
/// computed for a viewport `viewport_height` pixels tall, seen by a camera scaled by
/// `camera_scale`; `None` for an empty viewport or a degenerate result.
///
/// ```
/// use bevy::camera::{CameraProjection, OrthographicProjection};
/// use bevy_sat2d::debug_overlay::world_per_pixel;
/// let mut projection = OrthographicProjection { scale: 2.0, ..OrthographicProjection::default_2d() };
/// projection.update(1280.0, 720.0);
/// assert_eq!(world_per_pixel(&projection, 720.0, 1.0), Some(2.0)); // zoomed out ×2
/// ```
#[must_use]
pub fn world_per_pixel(
    projection: &OrthographicProjection,
    viewport_height: f32,
    camera_scale: f32,
) -> Option<f32> {
    let scale = projection.area.height() / viewport_height * camera_scale.abs();
    (scale.is_finite() && scale > 0.0).then_some(scale)
}

#[cfg(test)]
mod tests;
