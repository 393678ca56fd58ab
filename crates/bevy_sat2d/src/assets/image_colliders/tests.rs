use bevy::asset::RenderAssetUsages;
use wgpu_types::{Extent3d, TextureDimension};

use super::*;

/// A `width × height` image of `format` whose pixel `(x, y)` has alpha `alpha(x, y)`
/// (in `0..=1`), every other channel full.
fn image_of(
    width: u32,
    height: u32,
    format: TextureFormat,
    alpha: impl Fn(u32, u32) -> f32,
) -> Image {
    let mut data = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let a = alpha(x, y);
            match format {
                TextureFormat::Rgba8UnormSrgb | TextureFormat::Bgra8Unorm => {
                    data.extend([255, 255, 255, (a * 255.0).round() as u8]);
                }
                TextureFormat::R8Unorm => data.push((a * 255.0).round() as u8),
                TextureFormat::Rgba16Unorm => {
                    for channel in [1.0, 1.0, 1.0, a] {
                        data.extend(((channel * 65535.0).round() as u16).to_le_bytes());
                    }
                }
                TextureFormat::Rgba16Float => {
                    for channel in [1.0, 1.0, 1.0, a] {
                        data.extend(half::f16::from_f32(channel).to_le_bytes());
                    }
                }
                TextureFormat::Rgba32Float => {
                    for channel in [1.0f32, 1.0, 1.0, a] {
                        data.extend(channel.to_le_bytes());
                    }
                }
                TextureFormat::Rg8Unorm => data.extend([255, (a * 255.0) as u8]),
                other => panic!("no test data for {other:?}"),
            }
        }
    }
    let size = Extent3d {
        width,
        height,
        depth_or_array_layers: 1,
    };
    Image::new(
        size,
        TextureDimension::D2,
        data,
        format,
        RenderAssetUsages::default(),
    )
}

/// A disc of radius 10 at (16, 16) in a 32×32 image, anti-aliased over a pixel.
fn disc(x: u32, y: u32) -> f32 {
    let distance = Vec2::new(x as f32 + 0.5 - 16.0, y as f32 + 0.5 - 16.0).length();
    (10.5 - distance).clamp(0.0, 1.0)
}

#[test]
fn every_supported_format_traces_the_same_disc() {
    let area = std::f32::consts::PI * 100.0;
    for format in [
        TextureFormat::Rgba8UnormSrgb,
        TextureFormat::Bgra8Unorm,
        TextureFormat::R8Unorm,
        TextureFormat::Rgba16Unorm,
        TextureFormat::Rgba16Float,
        TextureFormat::Rgba32Float,
    ] {
        let image = image_of(32, 32, format, disc);
        // A quarter-pixel tolerance: the simplified outline's chords lose under 3%.
        let settings = ImageColliderSettings {
            trace: TraceSettings {
                tolerance: 0.25,
                ..TraceSettings::default()
            },
            ..ImageColliderSettings::default()
        };
        let colliders = Collider::from_image(&image, &settings).unwrap();
        assert_eq!(colliders.len(), 1, "{format:?}");
        let shape = colliders[0].shape();
        assert!(
            (shape.area() - area).abs() < 0.03 * area,
            "{format:?}: {}",
            shape.area()
        );
        // Centred on the image (the default pivot), y up.
        let centre = shape.aabb(&sat2d::Iso::IDENTITY).center();
        assert!(centre.length() < 0.3, "{format:?}: {centre}");
    }
}

#[test]
fn other_formats_and_missing_data_are_typed_errors() {
    let image = image_of(4, 4, TextureFormat::Rg8Unorm, |_, _| 1.0);
    assert_eq!(
        Collider::from_image(&image, &ImageColliderSettings::default()),
        Err(ImageColliderError::UnsupportedFormat(
            TextureFormat::Rg8Unorm
        ))
    );
    let error = ImageColliderError::UnsupportedFormat(TextureFormat::Rg8Unorm).to_string();
    assert!(error.contains("Rg8Unorm"), "{error}");
    let mut empty = image_of(4, 4, TextureFormat::Rgba8UnormSrgb, |_, _| 1.0);
    empty.data = None;
    assert_eq!(
        Collider::from_image(&empty, &ImageColliderSettings::default()),
        Err(ImageColliderError::NoPixelData)
    );
    let clear = image_of(4, 4, TextureFormat::Rgba8UnormSrgb, |_, _| 0.0);
    assert!(matches!(
        Collider::from_image(&clear, &ImageColliderSettings::default()),
        Err(ImageColliderError::Trace(TraceError::NoOpaquePixels { .. }))
    ));
}

#[test]
fn an_atlas_frame_traces_only_its_pixels_around_its_own_centre() {
    // Two 16×16 frames side by side: a full square on the left, a 6×6 block in the
    // right frame's top-left corner.
    let image = image_of(32, 16, TextureFormat::Rgba8UnormSrgb, |x, y| {
        if x < 16 || (x < 22 && y < 6) {
            1.0
        } else {
            0.0
        }
    });
    let right = URect::new(16, 0, 32, 16);
    let settings = ImageColliderSettings {
        rect: Some(right),
        trace: TraceSettings {
            tolerance: 0.0,
            ..TraceSettings::default()
        },
    };
    let colliders = Collider::from_image(&image, &settings).unwrap();
    assert_eq!(colliders.len(), 1);
    let aabb = colliders[0].shape().aabb(&sat2d::Iso::IDENTITY);
    // The block spans x 0..6 and y 0..6 of the frame, whose centre is (8, 8): in the
    // collider's frame (y up) x from -8 to -2 and y from 2 to 8.
    assert!(
        (aabb.min - Vec2::new(-8.0, 2.0)).length() < 1e-3,
        "{aabb:?}"
    );
    assert!(
        (aabb.max - Vec2::new(-2.0, 8.0)).length() < 1e-3,
        "{aabb:?}"
    );
    let outside = ImageColliderSettings {
        rect: Some(URect::new(16, 0, 40, 16)),
        ..ImageColliderSettings::default()
    };
    assert!(matches!(
        Collider::from_image(&image, &outside),
        Err(ImageColliderError::RectOutside { .. })
    ));
}

#[test]
fn a_baked_trace_loads_back_as_the_same_shape() {
    // A ring (a disc with a hole) traced, baked as a `.collider.ron` of plain points
    // and holes (what the `bake_collider` example writes), and loaded back.
    let image = image_of(48, 48, TextureFormat::Rgba8UnormSrgb, |x, y| {
        let distance = Vec2::new(x as f32 + 0.5 - 24.0, y as f32 + 0.5 - 24.0).length();
        if (8.0..20.0).contains(&distance) {
            1.0
        } else {
            0.0
        }
    });
    let traced = Collider::from_image(&image, &ImageColliderSettings::default()).unwrap();
    let data = sat2d::ShapeData::from(traced[0].shape());
    let baked = ron::ser::to_string_pretty(&data, ron::ser::PrettyConfig::new()).unwrap();
    assert!(baked.contains("holes"), "{baked}");
    let loaded = crate::ColliderAsset::from_ron(&baked).unwrap();
    assert_eq!(&loaded.shape, traced[0].shape());
}
