//! Fixed cases beside the properties: bad input (non-finite bounds, unknown and repeated
//! ids), huge coordinates and ids, statics never paired, the automatic cell size.

use super::*;

fn unit_box(x: f32, y: f32) -> Bounds {
    Bounds::from_aabb(Aabb::new(Vec2::new(x, y), Vec2::new(x + 1.0, y + 1.0)))
}

fn pairs(phase: &mut dyn BroadPhase) -> Vec<IdPair> {
    let mut out = Vec::new();
    phase.pairs(&mut out);
    out
}

#[test]
fn non_finite_bounds_are_rejected_and_change_nothing() {
    let raw = |min: Vec2, max: Vec2, radius: f32| Bounds {
        aabb: Aabb { min, max },
        circle: BoundingCircle {
            center: (min + max) * 0.5,
            radius,
        },
    };
    let nan = raw(Vec2::new(f32::NAN, 0.0), Vec2::ONE, 1.0);
    let infinite = raw(Vec2::ZERO, Vec2::new(f32::INFINITY, 1.0), 1.0);
    let inverted = raw(Vec2::ONE, Vec2::ZERO, 1.0);
    let negative_radius = raw(Vec2::ZERO, Vec2::ONE, -1.0);
    for phase in [
        &mut SpatialHashGrid::default() as &mut dyn BroadPhase,
        &mut BruteForce::default(),
    ] {
        phase
            .insert(1, unit_box(0.0, 0.0), Mobility::Moving)
            .unwrap();
        phase
            .insert(2, unit_box(0.5, 0.5), Mobility::Moving)
            .unwrap();
        for bad in [nan, infinite, inverted, negative_radius] {
            assert_eq!(
                phase.insert(3, bad, Mobility::Moving),
                Err(BroadPhaseError::InvalidBounds(3))
            );
            assert_eq!(phase.update(1, bad), Err(BroadPhaseError::InvalidBounds(1)));
        }
        assert_eq!(phase.len(), 2);
        assert_eq!(phase.get(1).unwrap().0, unit_box(0.0, 0.0));
        assert_eq!(pairs(phase), [(1, 2)]);
    }
}

#[test]
fn unknown_and_duplicate_ids_are_errors_not_panics() {
    let mut grid = SpatialHashGrid::default();
    assert!(!grid.remove(42));
    assert_eq!(
        grid.update(42, unit_box(0.0, 0.0)),
        Err(BroadPhaseError::UnknownId(42))
    );
    assert_eq!(
        grid.set_mobility(42, Mobility::Static),
        Err(BroadPhaseError::UnknownId(42))
    );
    grid.insert(42, unit_box(0.0, 0.0), Mobility::Moving)
        .unwrap();
    assert_eq!(
        grid.insert(42, unit_box(5.0, 0.0), Mobility::Moving),
        Err(BroadPhaseError::DuplicateId(42))
    );
    assert!(grid.remove(42));
    assert!(!grid.remove(42));
    assert!(grid.is_empty());
}

#[test]
fn huge_coordinates_do_not_overflow_cells() {
    let mut grid = SpatialHashGrid::new(CellSize::Fixed(1.0));
    let far = 1e12;
    grid.insert(1, unit_box(far, far), Mobility::Moving)
        .unwrap();
    grid.insert(2, unit_box(far, far), Mobility::Moving)
        .unwrap();
    grid.insert(3, unit_box(-far, -far), Mobility::Moving)
        .unwrap();
    grid.insert(4, unit_box(0.0, 0.0), Mobility::Moving)
        .unwrap();
    let span = Bounds::from_aabb(Aabb::new(Vec2::splat(-4.0 * far), Vec2::splat(4.0 * far)));
    grid.insert(5, span, Mobility::Static).unwrap();
    assert_eq!(pairs(&mut grid), [(1, 2), (1, 5), (2, 5), (3, 5), (4, 5)]);
    assert_eq!(grid.oversized_count(), 1);
}

#[test]
fn static_pairs_are_never_reported_and_statics_stay_put() {
    let mut grid = SpatialHashGrid::new(CellSize::Fixed(2.0));
    for x in 0..100 {
        grid.insert(x, unit_box(x as f32 * 0.5, 0.0), Mobility::Static)
            .unwrap();
    }
    assert!(pairs(&mut grid).is_empty());
    grid.insert(1000, unit_box(10.25, 0.5), Mobility::Moving)
        .unwrap();
    assert_eq!(
        pairs(&mut grid),
        [(19, 1000), (20, 1000), (21, 1000), (22, 1000)]
    );
    grid.set_mobility(20, Mobility::Moving).unwrap();
    assert_eq!(
        pairs(&mut grid),
        [
            (18, 20),
            (19, 20),
            (19, 1000),
            (20, 21),
            (20, 22),
            (20, 1000),
            (21, 1000),
            (22, 1000)
        ]
    );
}

#[test]
fn automatic_cell_size_follows_the_colliders() {
    let mut grid = SpatialHashGrid::default();
    assert_eq!(grid.cell_side(), None);
    for id in 0..100 {
        grid.insert(id, unit_box(id as f32 * 3.0, 0.0), Mobility::Moving)
            .unwrap();
    }
    grid.pairs(&mut Vec::new());
    let small = grid.cell_side().unwrap();
    assert!((1.0..=4.0).contains(&small), "side {small} for unit boxes");
    for id in 0..100 {
        let min = Vec2::new(id as f32 * 300.0, 0.0);
        grid.update(
            id,
            Bounds::from_aabb(Aabb::new(min, min + Vec2::splat(100.0))),
        )
        .unwrap();
    }
    grid.pairs(&mut Vec::new());
    let large = grid.cell_side().unwrap();
    assert!(large >= 100.0, "side {large} after the colliders grew 100x");
}

#[test]
fn queries_find_what_they_touch() {
    let mut grid = SpatialHashGrid::new(CellSize::Fixed(1.0));
    grid.insert(1, unit_box(0.0, 0.0), Mobility::Static)
        .unwrap();
    grid.insert(2, unit_box(3.0, 0.0), Mobility::Moving)
        .unwrap();
    grid.pairs(&mut Vec::new());
    let mut out = Vec::new();
    grid.query_point(Vec2::new(1.0, 0.5), &mut out);
    assert_eq!(out, [1]);
    grid.query_aabb(
        &Aabb::new(Vec2::new(0.5, 0.0), Vec2::new(3.0, 0.1)),
        &mut out,
    );
    assert_eq!(out, [1, 2]);
    grid.query_point(Vec2::new(2.0, 0.5), &mut out);
    assert!(out.is_empty());
}

#[test]
fn an_empty_first_step_does_not_fix_the_automatic_cell_size() {
    let mut grid = SpatialHashGrid::default();
    grid.pairs(&mut Vec::new());
    assert_eq!(grid.cell_side(), None, "nothing to measure yet");
    for id in 0..50 {
        let min = Vec2::new(id as f32 * 100.0, 0.0);
        grid.insert(
            id,
            Bounds::from_aabb(Aabb::new(min, min + Vec2::splat(32.0))),
            Mobility::Static,
        )
        .unwrap();
    }
    grid.insert(99, unit_box(10.0, 10.0), Mobility::Moving)
        .unwrap();
    assert_eq!(pairs(&mut grid), [(0, 99)]);
    let side = grid.cell_side().unwrap();
    assert!(side >= 32.0, "sized by the tiles, not the fallback: {side}");
    assert!(
        grid.occupied_cell_count() < 400,
        "{} cells",
        grid.occupied_cell_count()
    );
}

#[test]
fn small_and_huge_ids_mix() {
    let mut grid = SpatialHashGrid::new(CellSize::Fixed(1.0));
    let huge = u32::MAX - 1;
    grid.insert(huge, unit_box(0.0, 0.0), Mobility::Moving)
        .unwrap();
    grid.insert(5, unit_box(0.5, 0.0), Mobility::Moving)
        .unwrap();
    grid.insert(3_000_000, unit_box(0.9, 0.0), Mobility::Static)
        .unwrap();
    assert_eq!(
        pairs(&mut grid),
        [(5, 3_000_000), (5, huge), (3_000_000, huge)]
    );
    assert_eq!(
        grid.insert(huge, unit_box(9.0, 9.0), Mobility::Moving),
        Err(BroadPhaseError::DuplicateId(huge))
    );
    assert_eq!(grid.moving_len(), 2);
    assert!(grid.remove(huge));
    assert!(!grid.remove(huge));
    assert_eq!(grid.len(), 2);
    assert_eq!(grid.moving_len(), 1);
    assert_eq!(pairs(&mut grid), [(5, 3_000_000)]);
    grid.set_mobility(5, Mobility::Static).unwrap();
    assert_eq!(grid.moving_len(), 0);
}

/// A caller that skips a part of the split pair walk would lose its pairs: the grid
/// panics rather than answer short.
#[test]
#[should_panic(expected = "run_parts must walk every part once")]
fn pairs_in_parts_panics_when_a_part_is_not_walked() {
    let mut grid = SpatialHashGrid::new(CellSize::Fixed(1.0));
    for id in 0..20 {
        grid.insert(id, unit_box(id as f32 * 0.5, 0.0), Mobility::Moving)
            .unwrap();
    }
    let (mut out, mut parts) = (Vec::new(), vec![Vec::new(); 3]);
    grid.pairs_in_parts(&mut out, &mut parts, |walk, parts| {
        walk(0, &mut parts[0]);
        walk(2, &mut parts[2]);
    });
}
