//! The debug overlay (cargo feature `debug-overlay`): gizmo drawings of every collider,
//! bound, grid cell and contact, of the spatial queries made this frame, an egui panel
//! with step statistics, a collider list and an inspector, and the SAT explainer: its
//! own window and figures beside the pair, as the SAT tutorials draw them. Add
//! [`SatDebugPlugin`] after `DefaultPlugins` and [`SatPlugin`](crate::SatPlugin).

pub(crate) mod colors;
pub(crate) mod explainer_drawing;
pub(crate) mod explainer_text;
pub(crate) mod explainer_window;
pub(crate) mod gizmo_drawing;
#[cfg(test)]
pub(crate) mod headless_test_app;
pub(crate) mod mover_drawing;
pub(crate) mod panel;
pub(crate) mod part_core;
pub(crate) mod picking;
pub(crate) mod pixel_scale;
pub(crate) mod projection_drawing;
pub(crate) mod query_drawing;
pub(crate) mod query_recorder;
pub(crate) mod state;
pub(crate) mod step_keys;
pub(crate) mod step_through;
pub(crate) mod strokes;
pub(crate) mod tile_drawing;
pub(crate) mod window_placement;

use bevy::prelude::*;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

pub use colors::*;
pub use explainer_text::{
    axis_source_text, containment_text, decision_text, interval_text, overlap_text, short_number,
    step_text,
};
pub use explainer_window::EXPLAINER_TITLE;
pub use gizmo_drawing::SatGizmos;
pub use panel::PANEL_WIDTH;
pub use part_core::PlacedCore;
pub use picking::{collider_at, cursor_world_position, pointer_over_ui};
pub use pixel_scale::{PixelScale, world_per_pixel};
pub use projection_drawing::{ProjectionDrawing, figure_side, projection_drawing};
pub use query_recorder::{QueryRecorder, RecordedQuery};
pub use state::{SatDebugDraw, SatDebugState};
pub use step_through::{AxisWalk, StepOutcome, deciding_axis, first_gap, last_step, step_outcome};
pub use strokes::dashes;
pub use window_placement::window_position;

use crate::sat_systems::SatSystems;

/// The overlay. It adds `EguiPlugin` if the app has none.
///
/// - [`Self::TOGGLE_KEY`] (F1) shows or hides it; hidden, none of its systems run.
/// - Click a collider to inspect it (clicks on the panel are ignored); Shift+click a
///   second one, or click one of the selected collider's contacts in the panel, to see
///   the SAT explainer for the pair: the "SAT explainer" window lists every candidate
///   axis with its source, both shadows, the overlap or gap and the deciding axis; the
///   figures beside the pair show the shadows as bars. ← / → step through the axes in
///   the order the test tries them ([`AxisWalk`]).
/// - "Draw queries" (off by default; [`SatDebugDraw::queries`] from code) draws every
///   [`SpatialQuery`](crate::SpatialQuery) call made since the last frame's drawing:
///   rays up to their hit or their reach, hit points with normals, cast shapes at their
///   start and where they stopped, and what overlap and point queries found. See
///   [`QueryRecorder`] for which frame a query shows in.
/// - "Draw movers" (on by default) marks each
///   [`CharacterMover`](crate::CharacterMover)'s last move: the ground's surface and
///   normal when grounded, a ring when in the air, what it ran into, how far it moved.
///
/// - "Draw tile cells" (off by default) draws the cells inside each merged
///   [`TileCollider`](crate::TileCollider) of a [`TileLevel`](crate::TileLevel).
///
/// ```no_run
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::debug_overlay::{SatDebugDraw, SatDebugPlugin, SatDebugState};
/// App::new()
///     .add_plugins((DefaultPlugins, SatPlugin::default(), SatDebugPlugin::default()))
///     .run();
///
/// // With the queries drawn from the start:
/// let overlay = SatDebugPlugin {
///     state: SatDebugState {
///         draw: SatDebugDraw { queries: true, ..default() },
///         ..default()
///     },
/// };
/// App::new()
///     .add_plugins((DefaultPlugins, SatPlugin::default(), overlay))
///     .run();
/// ```
#[derive(Clone, Debug, Default)]
pub struct SatDebugPlugin {
    /// The initial state (switches, visibility).
    pub state: SatDebugState,
}

impl SatDebugPlugin {
    /// The key that shows or hides the overlay.
    pub const TOGGLE_KEY: KeyCode = KeyCode::F1;
}

fn overlay_visible(state: Res<SatDebugState>) -> bool {
    state.visible
}

fn toggle_overlay(keys: Res<ButtonInput<KeyCode>>, mut state: ResMut<SatDebugState>) {
    if keys.just_pressed(SatDebugPlugin::TOGGLE_KEY) {
        state.visible = !state.visible;
        if !state.visible {
            state.panel_width = 0.0;
        }
    }
}

impl Plugin for SatDebugPlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<EguiPlugin>() {
            app.add_plugins(EguiPlugin::default());
        }
        app.insert_resource(self.state.clone())
            .init_gizmo_group::<SatGizmos>()
            .add_systems(
                Update,
                (
                    toggle_overlay,
                    (picking::pick_colliders, step_keys::step_with_keys).run_if(overlay_visible),
                )
                    .chain(),
            )
            .add_systems(
                PostUpdate,
                (
                    gizmo_drawing::draw_overlay,
                    explainer_drawing::draw_explainer,
                )
                    .after(SatSystems::Events)
                    .run_if(overlay_visible),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (panel::draw_panel, explainer_window::draw_explainer_window)
                    .chain()
                    .run_if(overlay_visible),
            );
        query_drawing::add_query_drawing(app);
        mover_drawing::add_mover_drawing(app);
        tile_drawing::add_tile_drawing(app);
    }
}
