//! `--screenshot PATH --frames N`: save a screenshot of the window after N frames, then
//! exit. The rendered visual check runs the examples this way.

use std::path::PathBuf;

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

/// Where and when to take the screenshot.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    pub frames: u32,
}

/// Takes the screenshot named on the command line, if any.
pub struct ScreenshotPlugin(pub Option<ScreenshotRequest>);

impl ScreenshotPlugin {
    /// Reads `--screenshot PATH` and `--frames N` (default 30) from the command line.
    pub fn from_args() -> Self {
        Self(parse(std::env::args().skip(1)))
    }
}

fn parse(mut args: impl Iterator<Item = String>) -> Option<ScreenshotRequest> {
    let (mut path, mut frames) = (None, 30);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--screenshot" => path = args.next().map(PathBuf::from),
            "--frames" => {
                frames = args
                    .next()
                    .and_then(|value| value.parse().ok())
                    .expect("--frames needs a number");
            }
            _ => {}
        }
    }
    path.map(|path| ScreenshotRequest { path, frames })
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        if let Some(request) = &self.0 {
            app.insert_resource(request.clone())
                .add_systems(Last, take_screenshot);
        }
    }
}

fn take_screenshot(
    mut commands: Commands,
    frames: Res<FrameCount>,
    request: Res<ScreenshotRequest>,
) {
    if frames.0 != request.frames {
        return;
    }
    let mut save = save_to_disk(request.path.clone());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            save(captured);
            exit.write(AppExit::Success);
        },
    );
}
