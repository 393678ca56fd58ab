//! Tile levels: merged rectangles spawned as colliders placed where the level is, cells named by contacts,
//! observer events and queries, chunk-local rebuilds when cells change, and digs
//! outside the level refused with an error.

pub mod cave;
mod moving_levels;
mod outside_cells;
mod queries;
mod rebuilds;

use std::collections::HashMap;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_sat2d::BodyColliders;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::tile_grid::{TileGrid, TileRect};

use crate::common::{self, EventLog};

const CELL: f32 = 16.0;

/// Five rectangles: the floor, a left wall, a block, a ledge, a right post.
const LEVEL: &str = "
#..........#
#...##.....#
#...##..####
############
";

fn tile_app() -> App {
    let mut app = common::app();
    app.add_plugins(TileLevelPlugin::default());
    app
}

fn text_grid(text: &str) -> TileGrid {
    TileGrid::try_from_text(text, '#', Vec2::splat(CELL)).expect("a rectangular grid")
}

/// Spawns a level of `grid` at `transform` from a `Startup` system, runs the first
/// frame, and returns the level.
fn startup_level(app: &mut App, grid: TileGrid, transform: Transform) -> Entity {
    let mut grid = Some(grid);
    app.add_systems(Startup, move |mut commands: Commands| {
        let grid = grid.take().expect("Startup runs once");
        commands.spawn((TileLevel::new(grid), transform));
    });
    app.update();
    let mut levels = app.world_mut().query_filtered::<Entity, With<TileLevel>>();
    levels.single(app.world()).expect("one level")
}

/// The level's tile colliders, by rectangle; panics on a duplicate rectangle or on one
/// that is parented (a child of the level makes Bevy walk them all at each dig).
fn tile_colliders(app: &mut App, level: Entity) -> HashMap<TileRect, Entity> {
    let mut query = app
        .world_mut()
        .query::<(Entity, &TileCollider, Has<ChildOf>)>();
    let mut colliders = HashMap::new();
    for (entity, tile, parented) in query.iter(app.world()) {
        if tile.level == level {
            assert!(!parented, "{tile:?} has a parent");
            assert!(
                colliders.insert(tile.rect, entity).is_none(),
                "{tile:?} twice"
            );
        }
    }
    colliders
}

fn level_rects(app: &App, level: Entity) -> Vec<TileRect> {
    let tiles = app.world().get::<TileLevel>(level).expect("a level");
    tiles.merged().rects().map(|(_, rect)| *rect).collect()
}

/// Asserts that `hit` names a solid cell whose closed box, in the level's frame, holds
/// the world `point` (to a thousandth of a cell).
fn assert_touches(app: &App, hit: TileHit, point: Vec2) {
    let tiles = app.world().get::<TileLevel>(hit.level).expect("a level");
    assert!(tiles.grid().is_solid(hit.cell), "{hit:?} is empty");
    let global = app
        .world()
        .get::<GlobalTransform>(hit.level)
        .expect("placed");
    let (iso, _) = bevy_sat2d::placement(global).expect("a placeable level");
    let local = iso.inverse_transform_point(point);
    let bounds = tiles.grid().cell_bounds(hit.cell);
    let slack = Vec2::splat(1e-3 * CELL);
    let inside = local.cmpge(bounds.min - slack).all() && local.cmple(bounds.max + slack).all();
    assert!(
        inside,
        "{hit:?} ({bounds:?}) does not touch {local} (world {point})"
    );
}

#[test]
fn a_startup_level_spawns_exactly_its_merged_rectangles() {
    let mut app = tile_app();
    let offset = Vec2::new(100.0, -50.0);
    let level = startup_level(&mut app, text_grid(LEVEL), common::at(offset.x, offset.y));
    let rect = |x, y, width, height| TileRect::new(UVec2::new(x, y), UVec2::new(width, height));
    let expected = [
        rect(0, 0, 12, 1),
        rect(0, 1, 1, 3),
        rect(4, 1, 2, 2),
        rect(8, 1, 4, 1),
        rect(11, 2, 1, 2),
    ];
    assert_eq!(level_rects(&app, level), expected);
    let children = tile_colliders(&mut app, level);
    assert_eq!(children.len(), expected.len());
    let world = app.world();
    assert!(world.get::<Children>(level).is_none());
    let body = world.get::<BodyColliders>(level).unwrap();
    assert_eq!(body.colliders().len(), expected.len());
    let tiles = world.get::<TileLevel>(level).unwrap();
    assert!(tiles.is_up_to_date());
    let collisions = world.resource::<CollisionWorld>();
    for rect in &expected {
        let entity = children[rect];
        assert_eq!(tiles.collider(rect), Some(entity));
        assert_eq!(tiles.collider_at(rect.min), Some(entity));
        let size = rect.size.as_vec2() * CELL;
        let shape = world.get::<Collider>(entity).unwrap().shape();
        assert_eq!(shape, &Shape::rectangle(size.x, size.y));
        assert!(world.get::<StaticCollider>(entity).is_some());
        assert_eq!(world.get::<ColliderOf>(entity), Some(&ColliderOf(level)));
        let name = format!(
            "tiles {},{} {}×{}",
            rect.min.x, rect.min.y, rect.size.x, rect.size.y
        );
        assert_eq!(
            world.get::<Name>(entity).map(Name::as_str),
            Some(name.as_str())
        );
        let center = (rect.min.as_vec2() + rect.size.as_vec2() * 0.5) * CELL;
        // Its `Transform` is in the world frame: the level's, moved to the centre.
        let transform = world.get::<Transform>(entity).unwrap();
        assert!((transform.translation - (offset + center).extend(0.0)).length() < 1e-3);
        // Placed by the first frame's step, where the level puts it.
        let placed = collisions
            .collider(entity)
            .expect("placed at the first step");
        assert!((placed.iso.translation - (offset + center)).length() < 1e-3);
    }
}

#[derive(Resource, Default)]
struct Started(Vec<(TileHit, Vec2)>);

#[test]
fn a_box_spawned_on_a_startup_level_collides_at_the_first_step() {
    let mut app = tile_app();
    app.init_resource::<Started>();
    app.add_observer(
        |started: On<CollisionStarted>, cells: TileCells, mut seen: ResMut<Started>| {
            if let Some(hit) = cells.started_cell(&started) {
                seen.0.push((hit, started.contact.points()[0]));
            }
        },
    );
    // Sunk 2 units into the floor, over cells 2 and 3.
    let crate_ = app
        .world_mut()
        .spawn((Collider::rectangle(20.0, 10.0), common::at(48.0, 19.0)))
        .id();
    let mut log = EventLog::new(&app);
    let level = startup_level(&mut app, text_grid(LEVEL), Transform::default());
    let events = log.drain(&app);
    assert!(
        events
            .iter()
            .any(|event| event.is_started() && event.involves(crate_))
    );
    let seen = std::mem::take(&mut app.world_mut().resource_mut::<Started>().0);
    assert_eq!(seen.len(), 2, "both entities of the pair are observed");
    for (hit, point) in seen {
        assert_eq!(hit.level, level);
        assert_touches(&app, hit, point);
        assert!(
            hit.cell == UVec2::new(2, 0) || hit.cell == UVec2::new(3, 0),
            "{hit:?}"
        );
    }
}

#[test]
fn a_falling_box_names_the_solid_cells_under_its_contact() {
    let mut app = tile_app();
    let level = startup_level(&mut app, text_grid(LEVEL), common::at(-40.0, 10.0));
    // Centred on the line between cells 6 and 7, over the floor.
    let falling = app
        .world_mut()
        .spawn((
            Collider::rectangle(20.0, 10.0),
            common::at(-40.0 + 112.0, 70.0),
        ))
        .id();
    let mut log = EventLog::new(&app);
    let started = (0..40).find_map(|frame| {
        let height = 70.0 - 3.0 * frame as f32;
        common::move_to(&mut app, falling, Vec2::new(72.0, height));
        let events = log.step(&mut app);
        events.into_iter().find(|event| event.is_started())
    });
    let event = started.expect("the box lands");
    assert!(event.involves(falling));
    let contact = event
        .contact(app.world().resource::<CollisionWorld>())
        .unwrap();
    let (first, all) = app
        .world_mut()
        .run_system_once(move |cells: TileCells| {
            (cells.collision_cell(&event), cells.collision_cells(&event))
        })
        .unwrap();
    assert_eq!(first, all.first().copied());
    assert!(!all.is_empty() && all.len() <= contact.points().len());
    for hit in &all {
        assert_eq!(hit.level, level);
        assert!(
            hit.cell == UVec2::new(6, 0) || hit.cell == UVec2::new(7, 0),
            "{hit:?}"
        );
        let touched = contact.points().iter().any(|point| {
            let cell = app
                .world_mut()
                .run_system_once(probe_cell(event, *point))
                .unwrap();
            cell == Some(*hit)
        });
        assert!(touched);
    }
    for point in contact.points() {
        let hit = app
            .world_mut()
            .run_system_once(probe_cell(event, *point))
            .unwrap();
        assert_touches(&app, hit.expect("a tile at every contact point"), *point);
    }
}

/// A system naming the cell of `event`'s tile collider at `point`.
fn probe_cell(event: CollisionEvent, point: Vec2) -> impl Fn(TileCells) -> Option<TileHit> {
    move |cells: TileCells| {
        let (a, b) = event.entities();
        let tile = if cells.tile(a).is_some() { a } else { b };
        cells.hit_cell(tile, point, None)
    }
}

#[test]
fn removing_cells_opens_holes_where_they_were_and_only_there() {
    let mut app = tile_app();
    let level = startup_level(
        &mut app,
        text_grid("####################\n".repeat(2).as_str()),
        Transform::default(),
    );
    let down = |x: u32| {
        move |query: SpatialQuery, cells: TileCells| {
            let origin = Vec2::new(x as f32 * CELL + CELL * 0.5, 100.0);
            let hit = query.cast_ray(origin, Dir2::NEG_Y, 200.0, &QueryFilter::default());
            hit.map(|(entity, hit)| (cells.ray_cell(entity, &hit), hit.point))
        }
    };
    let mut tiles = app.world_mut().get_mut::<TileLevel>(level).unwrap();
    for x in 5..8 {
        for y in 0..2 {
            assert_eq!(tiles.set_cell(UVec2::new(x, y), false), Ok(true));
        }
    }
    assert!(!tiles.is_up_to_date());
    app.update();
    assert!(app.world().get::<TileLevel>(level).unwrap().is_up_to_date());
    for x in 0..20 {
        let hit = app.world_mut().run_system_once(down(x)).unwrap();
        if (5..8).contains(&x) {
            assert_eq!(hit, None, "the ray down column {x} passes through the hole");
        } else {
            let (cell, point) = hit.expect("the rest of the floor still stops rays");
            let cell = cell.expect("a tile collider");
            assert_eq!(cell.cell, UVec2::new(x, 1));
            assert_touches(&app, cell, point);
        }
    }
    let rects = level_rects(&app, level);
    let children = tile_colliders(&mut app, level);
    assert_eq!(children.len(), rects.len());
    let collisions = app.world().resource::<CollisionWorld>();
    assert_eq!(collisions.colliders().count(), rects.len());
}

#[test]
fn an_all_empty_grid_spawns_no_colliders() {
    let mut app = tile_app();
    let level = startup_level(
        &mut app,
        TileGrid::new(300, 70, Vec2::ONE),
        Transform::default(),
    );
    assert!(tile_colliders(&mut app, level).is_empty());
    assert!(app.world().get::<Children>(level).is_none());
    assert_eq!(
        app.world().resource::<CollisionWorld>().colliders().count(),
        0
    );
    assert!(app.world().get::<TileLevel>(level).unwrap().is_up_to_date());
}

#[test]
fn a_thousand_square_cave_builds_into_few_colliders() {
    let mut app = tile_app();
    let grid = cave::cave_grid(1000, 4.0, 0.3, 24);
    let solid = grid.solid_count();
    assert!((290_000..=330_000).contains(&solid), "{solid} solid cells");
    let level = startup_level(&mut app, grid, Transform::default());
    let rects = level_rects(&app, level);
    assert!(
        rects.len() * 10 < solid as usize,
        "{} rectangles",
        rects.len()
    );
    assert_eq!(tile_colliders(&mut app, level).len(), rects.len());
    let collisions = app.world().resource::<CollisionWorld>();
    assert_eq!(collisions.colliders().count(), rects.len());
}
