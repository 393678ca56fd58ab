//! Helpers shared by the windowed examples: app set-up, screenshots for the visual
//! check, filled shape meshes, dragging and rotating, and MTV push-out.
//!
//! Each example uses a subset of these.
#![allow(dead_code)]

pub mod dragging;
pub mod fills;
pub mod push_out;
pub mod screenshot;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_sat2d::debug_overlay::{PANEL_WIDTH, SatDebugPlugin};
use bevy_sat2d::prelude::*;

/// The background.
pub const BACKGROUND: Color = Color::srgb(0.08, 0.09, 0.11);

/// A 1280×720 window titled `title`, with the collision plugin, the overlay, a 2D
/// camera, and `--screenshot PATH --frames N` support.
pub fn windowed_app(title: &str) -> App {
    windowed_app_with(title, SatPlugin::default())
}

/// [`windowed_app`] with the collision plugin `plugin` (another schedule, say).
pub fn windowed_app_with(title: &str, plugin: SatPlugin) -> App {
    let mut app = App::new();
    app.insert_resource(ClearColor(BACKGROUND))
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: title.into(),
                resolution: WindowResolution::new(1280, 720),
                // In a web page (`scripts/web.sh`): draw into the page's canvas and
                // follow its parent's size. Native windows ignore both.
                canvas: Some("#bevy".into()),
                fit_canvas_to_parent: true,
                ..default()
            }),
            ..default()
        }))
        .add_plugins((plugin, SatDebugPlugin::default()))
        .add_plugins(screenshot::ScreenshotPlugin::from_args())
        .add_systems(Startup, spawn_camera);
    app
}

/// A 2D camera shifted so that the world origin sits in the middle of the area right of
/// the overlay panel.
fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, Transform::from_xyz(-PANEL_WIDTH * 0.5, 0.0, 0.0)));
}
