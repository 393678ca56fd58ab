//! Which collision shapes of a tileset's tiles are whole cells (merged into the
//! tilemap's [`TileLevel`](crate::TileLevel)) and which are shapes of their own, and
//! where a tile's shape lies in its tilemap's frame.

use bevy::math::Affine2;
use bevy::prelude::*;
use bevy_ecs_tiled::prelude::tiled::{ObjectData, ObjectShape, TileId, Tileset};
use bevy_ecs_tiled::prelude::{TileFlip, TiledFilter};

/// A tileset tile's collision shapes that pass the map's `tiles_objects_filter`: whether
/// one of them covers the whole cell, and the others.
#[derive(Clone, Debug, Default)]
pub(super) struct TileShapes {
    /// One shape is a rectangle over the whole tile, unturned, and the tile is the
    /// map's cell size: the tile is a solid cell of the level.
    pub full_cell: bool,
    /// The other shapes, each a collider of its own on every tile that uses it.
    pub shapes: Vec<ObjectData>,
}

/// The collision shapes of tile `id` of `tileset` that `filter` keeps, split into a
/// whole cell and the rest; `cell_size` is the map's grid size.
pub(super) fn tile_shapes(
    tileset: &Tileset,
    id: TileId,
    filter: &TiledFilter,
    cell_size: Vec2,
) -> TileShapes {
    let Some(tile) = tileset.get_tile(id) else {
        return TileShapes::default();
    };
    let tile_size = Vec2::new(tileset.tile_width as f32, tileset.tile_height as f32);
    let collision = tile.collision.as_ref();
    let mut split = TileShapes::default();
    for object in collision
        .map(|layer| layer.object_data())
        .unwrap_or_default()
    {
        if !filter.matches(&object.name) {
            continue;
        }
        if tile_size == cell_size && covers_cell(object, tile_size) {
            split.full_cell = true;
        } else {
            split.shapes.push(object.clone());
        }
    }
    split
}

/// Whether `object` is a rectangle over the whole tile (to within a thousandth of a
/// pixel), unturned.
fn covers_cell(object: &ObjectData, tile_size: Vec2) -> bool {
    let ObjectShape::Rect { width, height } = object.shape else {
        return false;
    };
    let near = |a: f32, b: f32| (a - b).abs() <= 1e-3;
    near(object.x, 0.0)
        && near(object.y, 0.0)
        && near(object.rotation.rem_euclid(360.0), 0.0)
        && near(width, tile_size.x)
        && near(height, tile_size.y)
}

/// The map from a collision object's own frame (Tiled's: pixels, y down, turned
/// clockwise by its rotation about its position) to the frame of the tile's parent, y
/// up: the object's place in the tile image, the tile's flips (diagonal first, then
/// horizontal and vertical, as Tiled applies them), and the tile image's place (its
/// top-left corner at `top_left`, `scale` map units per image pixel, y down).
pub(super) fn tile_object_frame(
    object: &ObjectData,
    tile_size: Vec2,
    flip: TileFlip,
    top_left: Vec2,
    scale: Vec2,
) -> Affine2 {
    let position = Vec2::new(object.x, object.y);
    placed_frame(position, object.rotation, tile_size, flip, top_left, scale)
}

/// [`tile_object_frame`] for an object at `position`, turned `rotation` degrees.
fn placed_frame(
    position: Vec2,
    rotation: f32,
    tile_size: Vec2,
    flip: TileFlip,
    top_left: Vec2,
    scale: Vec2,
) -> Affine2 {
    // In the tile image (pixels, y down).
    let in_tile = Affine2::from_angle_translation(rotation.to_radians(), position);
    let mut flips = Affine2::IDENTITY;
    if flip.d {
        flips = Affine2::from_mat2(Mat2::from_cols(Vec2::Y, Vec2::X)) * flips;
    }
    if flip.x {
        flips = Affine2::from_scale_angle_translation(
            Vec2::new(-1.0, 1.0),
            0.0,
            Vec2::new(tile_size.x, 0.0),
        ) * flips;
    }
    if flip.y {
        flips = Affine2::from_scale_angle_translation(
            Vec2::new(1.0, -1.0),
            0.0,
            Vec2::new(0.0, tile_size.y),
        ) * flips;
    }
    let to_parent =
        Affine2::from_translation(top_left) * Affine2::from_scale(scale * Vec2::new(1.0, -1.0));
    to_parent * flips * in_tile
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_shape_lands_in_its_cell_and_flips_with_the_tile() {
        let tile = Vec2::splat(16.0);
        // A 16 × 16 tile with its top-left corner at (0, 16): its image pixel (4, 2) is
        // at (4, 14), y up.
        let object_at = |flip| {
            placed_frame(
                Vec2::new(4.0, 2.0),
                0.0,
                tile,
                flip,
                Vec2::new(0.0, 16.0),
                Vec2::ONE,
            )
            .transform_point2(Vec2::ZERO)
        };
        assert_eq!(object_at(TileFlip::default()), Vec2::new(4.0, 14.0));
        let mirrored = TileFlip {
            x: true,
            ..default()
        };
        assert_eq!(object_at(mirrored), Vec2::new(12.0, 14.0));
        let upside_down = TileFlip {
            y: true,
            ..default()
        };
        assert_eq!(object_at(upside_down), Vec2::new(4.0, 2.0));
        let diagonal = TileFlip {
            d: true,
            ..default()
        };
        assert_eq!(object_at(diagonal), Vec2::new(2.0, 12.0));
    }
}
