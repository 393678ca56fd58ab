//! [`update_until`]: steps an app that loads assets until they have arrived. Shared by
//! the test crates that read files through a real `AssetServer` (included with
//! `#[path]`).

use std::time::Duration;

use bevy::prelude::*;

/// Updates until `done` or about five seconds pass; whether `done` was reached.
pub fn update_until(app: &mut App, done: impl Fn(&mut App) -> bool) -> bool {
    for _ in 0..500 {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}
