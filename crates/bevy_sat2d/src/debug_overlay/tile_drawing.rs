//! The overlay's drawing of tile levels' cells: the lines between the cells inside each
//! merged [`TileCollider`] (its outline is drawn with every collider's), so the cells a
//! level is made of show, and which of them one collider stands for.

use bevy::prelude::*;
use sat2d::Iso;

use super::colors;
use super::gizmo_drawing::SatGizmos;
use super::state::SatDebugState;
use crate::sat_systems::SatSystems;
use crate::tiles::tile_collider::TileCollider;
use crate::world::collision_world::CollisionWorld;

/// Adds the cell drawing to the overlay.
pub(crate) fn add_tile_drawing(app: &mut App) {
    app.add_systems(
        PostUpdate,
        draw_tile_cells
            .after(SatSystems::Events)
            .run_if(super::overlay_visible.and_then(tile_cells_drawn)),
    );
}

fn tile_cells_drawn(state: Res<SatDebugState>) -> bool {
    state.draw.tile_cells
}

/// The inner cell lines of every tile collider, where the last step placed it.
fn draw_tile_cells(
    mut gizmos: Gizmos<SatGizmos>,
    world: Res<CollisionWorld>,
    tiles: Query<(Entity, &TileCollider)>,
) {
    for (entity, tile) in &tiles {
        let Some(placed) = world.collider(entity) else {
            continue;
        };
        let half = placed.shape.aabb(&Iso::IDENTITY).half_extents();
        for (from, to) in cell_lines(half, tile.rect.size) {
            gizmos.line_2d(
                placed.iso.transform_point(from),
                placed.iso.transform_point(to),
                colors::TILE_CELL,
            );
        }
    }
}

/// The lines between the cells of a box of half extents `half` split into `cells`
/// columns and rows, in the box's frame (centred on it); none for a single cell.
pub(crate) fn cell_lines(half: Vec2, cells: UVec2) -> Vec<(Vec2, Vec2)> {
    let cells = cells.max(UVec2::ONE);
    let step = 2.0 * half / cells.as_vec2();
    let columns = (1..cells.x).map(|k| {
        let x = -half.x + step.x * k as f32;
        (Vec2::new(x, -half.y), Vec2::new(x, half.y))
    });
    let rows = (1..cells.y).map(|k| {
        let y = -half.y + step.y * k as f32;
        (Vec2::new(-half.x, y), Vec2::new(half.x, y))
    });
    columns.chain(rows).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_of_three_by_two_cells_has_two_column_lines_and_one_row_line() {
        let lines = cell_lines(Vec2::new(24.0, 16.0), UVec2::new(3, 2));
        assert_eq!(
            lines,
            vec![
                (Vec2::new(-8.0, -16.0), Vec2::new(-8.0, 16.0)),
                (Vec2::new(8.0, -16.0), Vec2::new(8.0, 16.0)),
                (Vec2::new(-24.0, 0.0), Vec2::new(24.0, 0.0)),
            ]
        );
        assert!(cell_lines(Vec2::splat(8.0), UVec2::ONE).is_empty());
    }
}
