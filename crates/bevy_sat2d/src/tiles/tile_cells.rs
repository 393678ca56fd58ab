//! [`TileCells`]: which cell of a [`TileLevel`] a contact, ray hit, shape-cast hit or
//! overlap landed on.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use sat2d::tile_grid::{TileGrid, TileGridError, TileRect};
use sat2d::{Iso, RayHit, Shape, ShapeHit};

use super::tile_collider::{TileCollider, TileHit};
use super::tile_level::TileLevel;
use crate::events::collision_event::{CollisionEvent, CollisionStarted};
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_collider::PlacedCollider;
use crate::world::placement::placement;

/// Names the cells that hits on a [`TileLevel`]'s colliders land on: a system
/// parameter over the [`CollisionWorld`], the [`TileCollider`]s and the levels.
///
/// # The rule
///
/// A hit gives a world point on (or in) a tile collider and a normal. The point is
/// taken into the level's frame through the collider's placement as the last step saw
/// it (translation, rotation and scale of its `GlobalTransform`: the level's, moved to
/// the rectangle's centre), and [`TileRect::hit_cell`] names the cell: the point is
/// clamped into the rectangle, and a point on the line between two cells goes to the
/// one the normal points into. The answer is always a cell of the collider's
/// rectangle, so it was solid when the step saw it. A point that is not on the
/// collider names the rectangle's cell nearest to it.
///
/// Each method returns `None` when the entity is no tile collider, or was not placed
/// by the last step. Ask in the step's schedule after
/// [`SatSystems::Events`](crate::SatSystems) (or in `Update` for the default
/// `PostUpdate` step), as for contacts.
///
/// It also changes the cells it names ([`Self::set_cell`]): it holds the levels
/// mutably, so a system that names cells and destroys them needs no second query
/// (which would conflict with this one).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// // Every tile a collision starts on is destroyed.
/// fn crumble(mut events: MessageReader<CollisionEvent>, mut cells: TileCells) {
///     for event in events.read().filter(|event| event.is_started()) {
///         for hit in cells.collision_cells(event) {
///             if let Err(error) = cells.set_cell(hit, false) {
///                 warn!("not crumbled: {error}");
///             }
///         }
///     }
/// }
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default(), TileLevelPlugin::default()))
///     .add_systems(Update, crumble);
/// app.update();
/// ```
#[derive(SystemParam)]
pub struct TileCells<'w, 's> {
    world: Res<'w, CollisionWorld>,
    tiles: Query<'w, 's, &'static TileCollider>,
    levels: Query<'w, 's, (&'static mut TileLevel, &'static GlobalTransform)>,
}

impl TileCells<'_, '_> {
    /// Makes the cell `hit` names solid or empty ([`TileLevel::set_cell`]); returns
    /// whether it changed. `Ok(false)` if the level is gone.
    ///
    /// # Errors
    /// [`TileGridError::CellOutsideGrid`] if the cell lies outside the level's grid (a
    /// hit never names one, but a `TileHit` made by hand may); nothing is changed.
    pub fn set_cell(&mut self, hit: TileHit, solid: bool) -> Result<bool, TileGridError> {
        match self.levels.get_mut(hit.level) {
            Ok((mut level, _)) => level.set_cell(hit.cell, solid),
            Err(_) => Ok(false),
        }
    }

    /// The [`TileCollider`] of `entity`, if it is one: its level and rectangle. A
    /// [`CollisionEnded`](crate::CollisionEnded) carries no point, so it names no
    /// cell; this names the rectangle that was left, while its collider exists.
    #[must_use]
    pub fn tile(&self, entity: Entity) -> Option<TileCollider> {
        self.tiles.get(entity).ok().copied()
    }

    /// The cell that a hit at the world `point` on the tile collider `collider` names;
    /// `inward` points into the collider (see [the rule](Self#the-rule)).
    #[must_use]
    pub fn hit_cell(&self, collider: Entity, point: Vec2, inward: Option<Vec2>) -> Option<TileHit> {
        let (tile, grid, placed) = self.placed_tile(collider)?;
        let local = rect_frame_point(placed, point) + tile.rect.center(grid);
        let inward = inward.map(|direction| rect_frame_vector(placed, direction));
        Some(TileHit {
            level: tile.level,
            cell: tile.rect.hit_cell(grid, local, inward),
        })
    }

    /// The cell at the first point of `event`'s contact, on whichever entity of the
    /// pair is a tile collider (`a` if both are). `None` for `Ended`, a pair that no
    /// longer touches, or a pair with no tile collider.
    #[must_use]
    pub fn collision_cell(&self, event: &CollisionEvent) -> Option<TileHit> {
        self.collision_cells(event).into_iter().next()
    }

    /// The cells at every point of `event`'s contact, each once, in the contact's
    /// order; see [`Self::collision_cell`].
    #[must_use]
    pub fn collision_cells(&self, event: &CollisionEvent) -> Vec<TileHit> {
        let (a, b) = event.entities();
        let Some(contact) = event.contact(&self.world) else {
            return Vec::new();
        };
        // The normal points from `a` to `b`: into `b`, out of `a`.
        let (tile, inward) = if self.tiles.contains(a) {
            (a, -contact.normal)
        } else {
            (b, contact.normal)
        };
        let mut hits = Vec::with_capacity(contact.points().len());
        for &point in contact.points() {
            if let Some(hit) = self.hit_cell(tile, point, Some(inward))
                && !hits.contains(&hit)
            {
                hits.push(hit);
            }
        }
        hits
    }

    /// The cell a [`CollisionStarted`] names: at the first contact point, on whichever
    /// of the observed entity and the other is a tile collider (the observed one if
    /// both are).
    #[must_use]
    pub fn started_cell(&self, started: &CollisionStarted) -> Option<TileHit> {
        let contact = &started.contact;
        let point = *contact.points().first()?;
        // The normal points from the observed entity to the other.
        if self.tiles.contains(started.entity) {
            self.hit_cell(started.entity, point, Some(-contact.normal))
        } else {
            self.hit_cell(started.other, point, Some(contact.normal))
        }
    }

    /// The cell a ray hit on `collider` names, from
    /// [`SpatialQuery::cast_ray`](crate::SpatialQuery::cast_ray) or `ray_hits`.
    #[must_use]
    pub fn ray_cell(&self, collider: Entity, hit: &RayHit) -> Option<TileHit> {
        // The ray hit's normal points out of the collider.
        self.hit_cell(collider, hit.point, Some(-hit.normal))
    }

    /// The cell a shape-cast hit on `collider` names, from
    /// [`SpatialQuery::cast_shape`](crate::SpatialQuery::cast_shape).
    #[must_use]
    pub fn shape_cast_cell(&self, collider: Entity, hit: &ShapeHit) -> Option<TileHit> {
        // The cast's normal points from the moving shape to the collider.
        self.hit_cell(collider, hit.point, Some(hit.normal))
    }

    /// Every solid cell of `collider`'s rectangle that `shape` at `iso` touches or
    /// overlaps (by [`sat2d::intersects`] against the cell's box, as placed by the last
    /// step), row by row from the bottom; for each hit of
    /// [`SpatialQuery::shape_hits`](crate::SpatialQuery::shape_hits). Empty if
    /// `collider` is no tile collider.
    ///
    /// Only the cells under the shape's bounding box are tested: at most the
    /// rectangle's cells, 64 × 64 with the default chunks.
    #[must_use]
    pub fn overlap_cells(&self, collider: Entity, shape: &Shape, iso: &Iso) -> Vec<TileHit> {
        let Some((tile, grid, placed)) = self.placed_tile(collider) else {
            return Vec::new();
        };
        // In the collider's frame, unscaled: the cells are axis-aligned boxes there.
        let shape_iso = placed.iso.inverse_mul(iso);
        let cell_shape = Shape::rectangle(
            (grid.cell_size() * placed.scale).x.abs(),
            (grid.cell_size() * placed.scale).y.abs(),
        );
        let center = tile.rect.center(grid);
        let bounds = shape.aabb(&shape_iso);
        let (corner_a, corner_b) = (bounds.min / placed.scale, bounds.max / placed.scale);
        let to_cells = |corner: Vec2| (corner + center - grid.origin()) / grid.cell_size();
        let (low, high) = (
            to_cells(corner_a.min(corner_b)),
            to_cells(corner_a.max(corner_b)),
        );
        // One cell of slack each side: closed boxes touch across a cell line.
        let first = cell_index(low - Vec2::ONE, tile.rect);
        let last = cell_index(high + Vec2::ONE, tile.rect);
        let mut hits = Vec::new();
        for y in first.y..=last.y {
            for x in first.x..=last.x {
                let cell = UVec2::new(x, y);
                let cell_center = grid.cell_bounds(cell).center() - center;
                let cell_iso = Iso::from_translation(cell_center * placed.scale);
                if grid.is_solid(cell)
                    && sat2d::intersects(shape, &shape_iso, &cell_shape, &cell_iso)
                {
                    hits.push(TileHit {
                        level: tile.level,
                        cell,
                    });
                }
            }
        }
        hits
    }

    /// The cell of `level` under the world `point`, solid or empty, through the
    /// level's current `GlobalTransform`; `None` outside the grid, or if `level` has no
    /// [`TileLevel`] or cannot be placed (see [`placement`]).
    #[must_use]
    pub fn cell_at(&self, level: Entity, point: Vec2) -> Option<TileHit> {
        let (tiles, global) = self.levels.get(level).ok()?;
        let (iso, scale) = placement(global)?;
        let local = iso.inverse_transform_point(point) / scale;
        let cell = tiles.grid().cell_at(local)?;
        Some(TileHit { level, cell })
    }

    /// The tile collider `entity`, its level's grid and its placement by the last step.
    fn placed_tile(&self, entity: Entity) -> Option<(&TileCollider, &TileGrid, &PlacedCollider)> {
        let tile = self.tiles.get(entity).ok()?;
        let (level, _) = self.levels.get(tile.level).ok()?;
        let placed = self.world.collider(entity)?;
        Some((tile, level.grid(), placed))
    }
}

/// A world point in the collider's frame, in the level's units: rotated back and
/// unscaled, relative to the rectangle's centre.
fn rect_frame_point(placed: &PlacedCollider, point: Vec2) -> Vec2 {
    placed.iso.inverse_transform_point(point) / placed.scale
}

/// A world direction in the collider's frame; only its signs matter to
/// [`TileRect::hit_cell`], and dividing by the scale keeps them right when mirrored.
fn rect_frame_vector(placed: &PlacedCollider, vector: Vec2) -> Vec2 {
    placed.iso.inverse_transform_vector(vector) / placed.scale
}

/// The cell of `rect` nearest to the cell coordinate `at` (floored, clamped into the
/// rectangle; NaN goes to the lower edge).
fn cell_index(at: Vec2, rect: TileRect) -> UVec2 {
    let last = rect.end() - UVec2::ONE;
    let clamp = |value: f32, min: u32, max: u32| {
        let floored = value.floor();
        if floored.is_nan() || floored <= min as f32 {
            min
        } else if floored >= max as f32 {
            max
        } else {
            floored as u32
        }
    };
    UVec2::new(
        clamp(at.x, rect.min.x, last.x),
        clamp(at.y, rect.min.y, last.y),
    )
}
