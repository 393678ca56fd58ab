//! The overlay's palette, used by the gizmo drawings. `scripts/check_screenshot.py` (the
//! rendered visual check) looks for `IDLE` and `COLLIDING` by value, so change it with
//! them.

use bevy::color::Color;

/// Outline of a collider touching nothing.
pub const IDLE: Color = Color::srgb(0.0, 0.78, 1.0);
/// Outline of a collider touching something.
pub const COLLIDING: Color = Color::srgb(1.0, 0.31, 0.16);
/// Outline of the selected collider.
pub const SELECTED: Color = Color::srgb(1.0, 0.9, 0.0);
/// Outline of the explainer's second collider.
pub const PARTNER: Color = Color::srgb(0.85, 0.3, 1.0);
/// Bounding boxes.
pub const AABB: Color = Color::srgba(0.6, 0.6, 0.6, 0.6);
/// Bounding circles.
pub const BOUNDING_CIRCLE: Color = Color::srgba(0.45, 0.45, 0.7, 0.6);
/// Broad-phase cells.
pub const GRID_CELL: Color = Color::srgba(0.2, 0.7, 0.3, 0.35);
/// Contact points.
pub const CONTACT_POINT: Color = Color::srgb(1.0, 1.0, 1.0);
/// Contact normals.
pub const NORMAL: Color = Color::srgb(0.3, 1.0, 0.3);
/// MTV arrows.
pub const MTV: Color = Color::srgb(1.0, 0.1, 0.4);
/// Candidate axes of the explainer.
pub const AXIS: Color = Color::srgba(0.8, 0.8, 0.8, 0.25);
/// The deciding axis of the explainer.
pub const DECIDING_AXIS: Color = Color::srgb(0.9, 0.9, 0.9);
/// The explainer's dashed projection lines, from a shape's extreme points to its shadow.
pub const PROJECTOR: Color = Color::srgb(0.75, 0.75, 0.75);
/// A gap between projections (separated).
pub const GAP: Color = Color::srgb(0.2, 1.0, 0.5);
/// An overlap between projections (kept apart from `COLLIDING` for the visual check).
pub const OVERLAP: Color = Color::srgb(1.0, 0.0, 0.0);
/// A recorded spatial query: a ray up to its first hit, a cast shape at its start and
/// its path, an overlap shape or point that found nothing.
pub const QUERY: Color = Color::srgb(1.0, 0.55, 0.85);
/// A recorded query's reach beyond its first hit, and where a cast shape would have
/// ended had it hit nothing.
pub const QUERY_REACH: Color = Color::srgba(1.0, 0.55, 0.85, 0.3);
/// What a recorded query found: hit points and normals, a cast shape where it stopped,
/// the colliders an overlap or point query returned.
pub const QUERY_HIT: Color = Color::srgb(1.0, 0.65, 0.1);
/// A character mover standing on ground: the ground's surface and normal under it.
pub const MOVER_GROUNDED: Color = Color::srgb(0.3, 0.9, 0.35);
/// A character mover in the air: a ring at its centre.
pub const MOVER_AIRBORNE: Color = Color::srgb(0.95, 0.6, 0.1);
/// What a character mover ran into while sliding: the hit point and its normal.
pub const MOVER_HIT: Color = Color::srgb(1.0, 0.2, 0.2);
/// How far a character mover moved in the last step.
pub const MOVER_MOVE: Color = Color::srgba(1.0, 1.0, 1.0, 0.7);
/// The lines between the cells inside a merged tile collider.
pub const TILE_CELL: Color = Color::srgba(0.0, 0.78, 1.0, 0.3);
