//! Naming the cell a hit lands on: always a solid cell of the rectangle, touching the
//! point, on the side the inward direction points to.

use proptest::prelude::*;
use sat2d::tile_grid::{MergedTileGrid, TileGrid, TileRect, UVec2};
use sat2d::{Aabb, Iso, Shape, Vec2};

use crate::support::{level_spec, random_cells, seeded};

/// How far `point` is from the closed box.
fn distance(aabb: &Aabb, point: Vec2) -> f32 {
    (aabb.min - point)
        .max(point - aabb.max)
        .max(Vec2::ZERO)
        .length()
}

/// A direction into a rectangle: none, along an axis, or any.
fn inward() -> impl Strategy<Value = Option<Vec2>> {
    prop_oneof![
        Just(None),
        prop_oneof![Just(Vec2::X), Just(-Vec2::X), Just(Vec2::Y), Just(-Vec2::Y)].prop_map(Some),
        (0.0f32..std::f32::consts::TAU).prop_map(|angle| Some(Vec2::from_angle(angle))),
    ]
}

/// A coordinate in `min..=end` (cell units): anywhere, on an edge, or on a line
/// between cells.
fn place(kind: u8, unit: f32, min: u32, end: u32) -> f32 {
    let span = (end - min) as f32;
    match kind {
        0 => min as f32 + unit * span,
        1 => (if unit < 0.5 { min } else { end }) as f32,
        _ => (min + (unit * span).round() as u32) as f32,
    }
}

proptest! {
    #![proptest_config(seeded(512))]

    /// For points on or in a rectangle (inside, on its edges and corners, on lines
    /// between its cells), with grids off the origin and non-square cells: the named
    /// cell is solid, one of the rectangle's, its bounds touch the point (to `1e-4`
    /// relative), and on a line between cells it lies on the inward side.
    #[test]
    fn hit_cell_is_a_touching_solid_cell(
        spec in level_spec(90),
        pick in any::<prop::sample::Index>(),
        kinds in (0u8..3, 0u8..3),
        units in (0.0f32..=1.0, 0.0f32..=1.0),
        inward in inward(),
        origin in (-1000.0f32..1000.0, -1000.0f32..1000.0),
        cell_size in (0.05f32..20.0, 0.05f32..20.0),
    ) {
        let cells = random_cells(spec.width, spec.height, spec.seed, spec.style.max(1));
        let cell_size = Vec2::new(cell_size.0, cell_size.1);
        let origin = Vec2::new(origin.0, origin.1);
        let grid = TileGrid::try_from_cells(spec.width, spec.height, cell_size, &cells)
            .unwrap()
            .with_origin(origin);
        let merged = MergedTileGrid::try_with_chunk_size(grid, spec.chunk_size).unwrap();
        let rects: Vec<TileRect> = merged.rects().map(|(_, rect)| *rect).collect();
        prop_assume!(!rects.is_empty());
        let rect = *pick.get(&rects);
        let local = Vec2::new(
            place(kinds.0, units.0, rect.min.x, rect.end().x),
            place(kinds.1, units.1, rect.min.y, rect.end().y),
        );
        let grid = merged.grid();
        let point = origin + local * cell_size;
        let cell = rect.hit_cell(grid, point, inward);
        prop_assert!(rect.contains_cell(cell), "{cell} not in {rect:?}");
        prop_assert!(grid.is_solid(cell));
        let scale = cell_size.max_element().max(point.abs().max_element());
        let gap = distance(&grid.cell_bounds(cell), point);
        prop_assert!(gap <= 1e-4 * scale, "{point} is {gap} from cell {cell}");
        // On a line between two of the rectangle's cells, the inward side wins.
        let direction = inward.unwrap_or(Vec2::ZERO);
        for axis in 0..2 {
            let (line, min, end, toward) =
                (local[axis] as u32, rect.min[axis], rect.end()[axis], direction[axis]);
            if kinds_on_line(kinds, axis) && min < line && line < end && toward.abs() > 1e-3 {
                let expected = if toward < 0.0 { line - 1 } else { line };
                prop_assert_eq!(cell[axis], expected, "axis {} toward {}", axis, toward);
            }
        }
    }
}

/// Whether the coordinate on `axis` was placed on a whole-cell line.
fn kinds_on_line(kinds: (u8, u8), axis: usize) -> bool {
    (if axis == 0 { kinds.0 } else { kinds.1 }) != 0
}

/// Balls dropped onto a level: each contact point names a solid cell of the
/// rectangle hit, within the contact's depth of the point.
#[test]
fn contact_points_name_touched_cells() {
    let (width, height) = (120, 70);
    let cells = random_cells(width, height, 3, 2);
    let cell_size = Vec2::new(1.0, 0.5);
    let grid = TileGrid::try_from_cells(width, height, cell_size, &cells)
        .unwrap()
        .with_origin(Vec2::new(-60.0, 5.0));
    let merged = MergedTileGrid::try_with_chunk_size(grid, 16).unwrap();
    let grid = merged.grid();
    let colliders: Vec<(TileRect, Shape, Iso)> = merged
        .rects()
        .map(|(_, rect)| (*rect, rect.shape(grid), rect.iso(grid)))
        .collect();
    let mut rng = fastrand::Rng::with_seed(17);
    let mut named = 0;
    for _ in 0..400 {
        let radius = 0.2 + rng.f32() * 2.0;
        let ball = Shape::circle(radius);
        let bounds = grid.bounds();
        let at =
            Iso::from_translation(bounds.min + bounds.size() * Vec2::new(rng.f32(), rng.f32()));
        for (rect, shape, iso) in &colliders {
            let Some(contact) = sat2d::contact(shape, iso, &ball, &at) else {
                continue;
            };
            for &point in contact.points() {
                let cell = rect.hit_cell(grid, point, Some(-contact.normal));
                assert!(rect.contains_cell(cell) && grid.is_solid(cell));
                let gap = distance(&grid.cell_bounds(cell), point);
                assert!(gap <= contact.depth + 1e-3, "{point} is {gap} from {cell}");
                named += 1;
            }
        }
    }
    assert!(named > 100, "only {named} contact points");
}

#[test]
fn points_outside_name_the_nearest_cell() {
    let grid = TileGrid::new(10, 10, Vec2::ONE);
    let rect = TileRect::new(UVec2::new(2, 3), UVec2::new(4, 2));
    assert_eq!(
        rect.hit_cell(&grid, Vec2::new(-5.0, 4.5), None),
        UVec2::new(2, 4)
    );
    assert_eq!(
        rect.hit_cell(&grid, Vec2::new(50.0, -1.0), None),
        UVec2::new(5, 3)
    );
    assert_eq!(
        rect.hit_cell(&grid, Vec2::new(f32::NAN, 3.5), None),
        UVec2::new(2, 3)
    );
    // The far edges belong to the last cells, whatever the direction.
    assert_eq!(
        rect.hit_cell(&grid, Vec2::new(6.0, 5.0), Some(Vec2::ONE)),
        UVec2::new(5, 4)
    );
}
