//! For the overlay's unit tests: a headless app with the collision plugin and the
//! overlay's gizmo group (the panel and picking need a window), and whether a frame
//! drew in that group.

use std::any::TypeId;

use bevy::gizmos::{GizmoAsset, GizmoHandles};
use bevy::prelude::*;

use super::{SatDebugState, SatGizmos};
use crate::plugin::SatPlugin;

/// `MinimalPlugins`, transforms, assets, [`SatPlugin`], gizmo storage, the overlay's
/// gizmo group and `state`; the drawing under test is added by the caller.
pub(crate) fn headless_overlay_app(state: SatDebugState) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        AssetPlugin::default(),
        SatPlugin::default(),
    ))
    .init_asset::<GizmoAsset>()
    .init_gizmo_group::<SatGizmos>()
    .insert_resource(state);
    app
}

/// Whether the last frame drew anything in the overlay's gizmo group (in these apps
/// only the drawing under test uses it).
pub(crate) fn drew_something(app: &App) -> bool {
    let handles = app.world().resource::<GizmoHandles>().handles();
    handles[&TypeId::of::<SatGizmos>()].is_some()
}
