//! [`SatDebugState`]: what the overlay shows and what is selected.

use bevy::prelude::*;

use super::step_through::AxisWalk;

/// The overlay's switches and selection. Change it from code to preset the overlay.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SatDebugState {
    /// Whether the overlay (panel and drawings) is shown. Toggled by
    /// [`SatDebugPlugin::TOGGLE_KEY`](super::SatDebugPlugin::TOGGLE_KEY); when hidden,
    /// no overlay system runs.
    pub visible: bool,
    /// Which drawings are on.
    pub draw: SatDebugDraw,
    /// The collider the inspector shows.
    pub selected: Option<Entity>,
    /// The second collider of the SAT explainer.
    pub partner: Option<Entity>,
    /// Text filter of the collider list (matches name, entity or shape kind).
    pub filter: String,
    /// The panel's width in logical pixels, so clicks on it do not select what lies
    /// behind it.
    pub panel_width: f32,
    /// The SAT explainer's step-through: which axes its window and drawings show.
    pub explainer: AxisWalk,
}

impl Default for SatDebugState {
    fn default() -> Self {
        Self {
            visible: true,
            draw: SatDebugDraw::default(),
            selected: None,
            partner: None,
            filter: String::new(),
            panel_width: 0.0,
            explainer: AxisWalk::default(),
        }
    }
}

/// Each drawing of the overlay, switchable in the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SatDebugDraw {
    /// Collider outlines, coloured idle / colliding / selected.
    pub outlines: bool,
    /// Axis-aligned bounding boxes.
    pub aabbs: bool,
    /// Bounding circles.
    pub bounding_circles: bool,
    /// Occupied broad-phase grid cells.
    pub grid_cells: bool,
    /// Contact points.
    pub contact_points: bool,
    /// Contact normals (from the first entity to the second).
    pub normals: bool,
    /// MTV arrows: how far and where the second entity must move to separate.
    pub mtv: bool,
    /// The SAT explainer for the selected pair: its window (axes, shadows, overlap or
    /// gap, step-through) and its figures beside the pair.
    pub explainer: bool,
    /// The [`SpatialQuery`](crate::SpatialQuery) calls made since the last drawing
    /// (off by default; while on, each query is copied into the
    /// [`QueryRecorder`](super::QueryRecorder)).
    pub queries: bool,
    /// Each [`CharacterMover`](crate::CharacterMover)'s last move: grounded (the
    /// ground's surface and normal) or airborne (a ring), its hits and its motion.
    pub movers: bool,
    /// The cells inside each merged [`TileCollider`](crate::TileCollider) of a
    /// [`TileLevel`](crate::TileLevel) (its outline is drawn with the others).
    pub tile_cells: bool,
    /// The convex parts of each concave collider, faint, inside its outline and holes
    /// (off by default: the outline is what collides; the parts are how the exact MTV
    /// reads it).
    pub concave_parts: bool,
}

impl Default for SatDebugDraw {
    fn default() -> Self {
        Self {
            outlines: true,
            aabbs: false,
            bounding_circles: false,
            grid_cells: false,
            contact_points: true,
            normals: true,
            mtv: true,
            explainer: true,
            queries: false,
            movers: true,
            tile_cells: false,
            concave_parts: false,
        }
    }
}
