use bevy::camera::{CameraProjection, OrthographicProjection, ScalingMode};

use super::*;

fn projection(scale: f32, scaling_mode: ScalingMode) -> OrthographicProjection {
    let mut projection = OrthographicProjection {
        scale,
        scaling_mode,
        ..OrthographicProjection::default_2d()
    };
    projection.update(1280.0, 720.0);
    projection
}

#[test]
fn window_size_scaling_is_one_unit_per_pixel_times_the_zoom() {
    let one = projection(1.0, ScalingMode::WindowSize);
    assert_eq!(world_per_pixel(&one, 720.0, 1.0), Some(1.0));
    let zoomed_in = projection(0.25, ScalingMode::WindowSize);
    assert_eq!(world_per_pixel(&zoomed_in, 720.0, 1.0), Some(0.25));
}

#[test]
fn fixed_scaling_modes_and_a_scaled_camera_count() {
    let vertical = projection(
        1.0,
        ScalingMode::FixedVertical {
            viewport_height: 1440.0,
        },
    );
    assert_eq!(world_per_pixel(&vertical, 720.0, 1.0), Some(2.0));
    assert_eq!(world_per_pixel(&vertical, 720.0, 0.5), Some(1.0));
}

#[test]
fn an_empty_viewport_has_no_scale() {
    let one = projection(1.0, ScalingMode::WindowSize);
    assert_eq!(world_per_pixel(&one, 0.0, 1.0), None);
}

#[test]
fn pixels_convert_to_world_units() {
    let scale = PixelScale {
        world_per_pixel: 0.5,
        ..PixelScale::IDENTITY
    };
    assert_eq!(scale.world(12.0), 6.0);
    assert_eq!(PixelScale::IDENTITY.world(12.0), 12.0);
}
