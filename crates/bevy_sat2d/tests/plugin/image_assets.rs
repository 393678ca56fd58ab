//! Collider files that name an image, through a real `AssetServer` watching its folder:
//! the collider is traced when the image loads, holes included, and traced again when
//! the image changes on disk (the collider file depends on the image, so the watcher
//! reloads the file too).

#![cfg(feature = "image")]

use std::path::Path;

use bevy::asset::{AssetPlugin, LoadState};
use bevy::image::{CompressedImageFormats, ImageLoader, ImagePlugin};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use crate::update_until::update_until;

fn app_reading(directory: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        AssetPlugin {
            file_path: directory.to_string_lossy().into_owned(),
            watch_for_changes_override: Some(true),
            ..default()
        },
        ImagePlugin::default(),
        SatPlugin::default(),
    ));
    // The renderer registers the image loader; a headless app registers it itself.
    app.register_asset_loader(ImageLoader::new(CompressedImageFormats::empty()));
    app
}

/// Writes a 48×48 PNG: an opaque disc of radius 20, with a hole of radius 8 in its
/// middle when `hole`.
fn write_rock(path: &Path, hole: bool) {
    let rock = image::RgbaImage::from_fn(48, 48, |x, y| {
        let distance = Vec2::new(x as f32 + 0.5 - 24.0, y as f32 + 0.5 - 24.0).length();
        let opaque = distance < 20.0 && !(hole && distance < 8.0);
        image::Rgba([120, 100, 80, if opaque { 255 } else { 0 }])
    });
    rock.save(path).unwrap();
}

fn holes(collider: &Collider) -> usize {
    match collider.shape() {
        Shape::Concave(polygon) => polygon.holes().count(),
        _ => 0,
    }
}

#[test]
fn an_image_collider_file_is_traced_and_retraced_when_the_image_changes() {
    let directory = std::env::temp_dir().join(format!("bevy_sat2d_image_{}", std::process::id()));
    std::fs::create_dir_all(directory.join("rocks")).unwrap();
    write_rock(&directory.join("rocks/rock.png"), true);
    std::fs::write(
        directory.join("rocks/rock.collider.ron"),
        "Image(path: \"rock.png\", tolerance: 0.5, pixels_per_unit: 8.0)",
    )
    .unwrap();
    std::fs::write(
        directory.join("rocks/missing.collider.ron"),
        "Image(path: \"nowhere.png\")",
    )
    .unwrap();
    let mut app = app_reading(&directory);
    let server = app.world().resource::<AssetServer>().clone();
    let rock = app
        .world_mut()
        .spawn(ColliderHandle(server.load("rocks/rock.collider.ron")))
        .id();
    assert!(
        update_until(&mut app, |app| app.world().get::<Collider>(rock).is_some()),
        "the image never became a collider"
    );
    let traced = app.world().get::<Collider>(rock).unwrap().clone();
    assert_eq!(holes(&traced), 1, "the ring keeps its hole");
    // 48 pixels at 8 per unit: radius 20 px is 2.5 units; the hole's 8 px is 1 unit.
    let area = std::f32::consts::PI * (2.5f32.powi(2) - 1.0);
    assert!(
        (traced.shape().area() - area).abs() < 0.05 * area,
        "{}",
        traced.shape().area()
    );

    // The image changes on disk: the watcher reloads it and the collider file that
    // depends on it, and the entity's collider follows.
    write_rock(&directory.join("rocks/rock.png"), false);
    assert!(
        update_until(&mut app, |app| app
            .world()
            .get::<Collider>(rock)
            .is_some_and(|collider| holes(collider) == 0)),
        "the collider was not traced again"
    );

    let missing = server.load::<bevy_sat2d::ColliderAsset>("rocks/missing.collider.ron");
    assert!(update_until(&mut app, |_| matches!(
        server.load_state(&missing),
        LoadState::Failed(_)
    )));
    if let LoadState::Failed(error) = server.load_state(&missing) {
        assert!(error.to_string().contains("nowhere.png"), "{error}");
    }
    std::fs::remove_dir_all(&directory).ok();
}
