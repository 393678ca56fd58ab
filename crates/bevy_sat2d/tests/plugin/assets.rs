//! `.collider.ron` files through a real `AssetServer`: a good file gives the entity a
//! `Collider`, a malformed one fails to load and leaves it without one.

use bevy::asset::{AssetPlugin, LoadState};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use crate::update_until::update_until;

fn app_reading(directory: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        AssetPlugin {
            file_path: directory.to_string_lossy().into_owned(),
            ..default()
        },
        SatPlugin::default(),
    ));
    app
}

#[test]
fn good_files_become_colliders_and_bad_files_fail_to_load() {
    let directory = std::env::temp_dir().join(format!("bevy_sat2d_assets_{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    std::fs::write(
        directory.join("box.collider.ron"),
        "Rectangle(width: 4.0, height: 2.0)",
    )
    .unwrap();
    std::fs::write(
        directory.join("broken.collider.ron"),
        "Circle(radius: -3.0)",
    )
    .unwrap();
    let mut app = app_reading(&directory);
    let server = app.world().resource::<AssetServer>().clone();
    let good = app
        .world_mut()
        .spawn((
            ColliderHandle(server.load("box.collider.ron")),
            Transform::default(),
        ))
        .id();
    let broken_handle = server.load::<bevy_sat2d::ColliderAsset>("broken.collider.ron");
    let broken = app
        .world_mut()
        .spawn((ColliderHandle(broken_handle.clone()), Transform::default()))
        .id();

    assert!(
        update_until(&mut app, |app| app.world().get::<Collider>(good).is_some()),
        "the good file never became a Collider"
    );
    assert_eq!(
        *app.world().get::<Collider>(good).unwrap(),
        Collider::rectangle(4.0, 2.0)
    );
    assert!(update_until(&mut app, |_| matches!(
        server.load_state(&broken_handle),
        LoadState::Failed(_)
    )));
    if let LoadState::Failed(error) = server.load_state(&broken_handle) {
        assert!(
            error.to_string().contains("radius"),
            "the error names the problem: {error}"
        );
    }
    assert!(app.world().get::<Collider>(broken).is_none());
    std::fs::remove_dir_all(&directory).ok();
}
