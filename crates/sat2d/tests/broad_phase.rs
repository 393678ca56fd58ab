//! The spatial hash grid against the brute-force oracle, and its bad-input handling.

mod common;

use proptest::prelude::*;
use sat2d::broad_phase::{
    Bounds, BroadPhase, BroadPhaseError, BruteForce, CellSize, IdPair, Mobility, SpatialHashGrid,
};
use sat2d::{Aabb, BoundingCircle, Iso, Shape, Vec2};

/// One collider of a random scene: a box, or a circle, or a rotated rectangle, with sizes
/// spread over two orders of magnitude, a few oversized ones and a few tiny ones (down
/// to the working range: a circle's radius, half the size, is at least `MIN_SIZE`).
fn bounds() -> impl Strategy<Value = Bounds> {
    let tiny = 2.0 * sat2d::MIN_SIZE..0.01;
    let size = prop_oneof![8 => 0.2f32..4.0, 1 => 30.0f32..120.0, 1 => tiny];
    let position = (-40.0f32..40.0, -40.0f32..40.0);
    (position, size.clone(), size, 0u8..3, -3.2f32..3.2).prop_map(
        |((x, y), width, height, kind, angle)| {
            let center = Vec2::new(x, y);
            match kind {
                0 => Bounds::from_aabb(Aabb::from_center_half_extents(
                    center,
                    Vec2::new(width, height) * 0.5,
                )),
                1 => Bounds::of(&Shape::circle(width * 0.5), &Iso::from_translation(center)),
                _ => Bounds::of(&Shape::rectangle(width, height), &Iso::new(center, angle)),
            }
        },
    )
}

fn mobility() -> impl Strategy<Value = Mobility> {
    prop_oneof![Just(Mobility::Moving), Just(Mobility::Static)]
}

#[derive(Clone, Debug)]
enum Step {
    Move(usize, Bounds),
    Insert(Bounds, Mobility),
    Remove(usize),
    SetMobility(usize, Mobility),
    Nudge(usize, Vec2),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (any::<usize>(), bounds()).prop_map(|(index, bounds)| Step::Move(index, bounds)),
        4 => (any::<usize>(), (-0.5f32..0.5, -0.5f32..0.5))
            .prop_map(|(index, (x, y))| Step::Nudge(index, Vec2::new(x, y))),
        2 => (bounds(), mobility()).prop_map(|(bounds, mobility)| Step::Insert(bounds, mobility)),
        2 => any::<usize>().prop_map(Step::Remove),
        1 => (any::<usize>(), mobility()).prop_map(|(index, mobility)| Step::SetMobility(index, mobility)),
    ]
}

fn cell_size() -> impl Strategy<Value = CellSize> {
    prop_oneof![
        Just(CellSize::Auto),
        (0.5f32..20.0).prop_map(CellSize::Fixed)
    ]
}

fn shifted(bounds: Bounds, by: Vec2) -> Bounds {
    Bounds::new(
        Aabb::new(bounds.aabb.min + by, bounds.aabb.max + by),
        BoundingCircle::new(bounds.circle.center + by, bounds.circle.radius),
    )
}

/// Applies `step` to both broad phases; `ids` lists the ids present.
fn apply(step: &Step, ids: &mut Vec<u32>, next_id: &mut u32, phases: [&mut dyn BroadPhase; 2]) {
    let pick = |index: usize| ids.get(index % ids.len().max(1)).copied();
    match *step {
        Step::Move(index, bounds) => {
            if let Some(id) = pick(index) {
                for phase in phases {
                    phase.update(id, bounds).unwrap();
                }
            }
        }
        Step::Nudge(index, by) => {
            if let Some(id) = pick(index) {
                for phase in phases {
                    let (bounds, _) = phase.get(id).unwrap();
                    phase.update(id, shifted(bounds, by)).unwrap();
                }
            }
        }
        Step::Insert(bounds, mobility) => {
            for phase in phases {
                phase.insert(*next_id, bounds, mobility).unwrap();
            }
            ids.push(*next_id);
            *next_id += 3;
        }
        Step::Remove(index) => {
            if let Some(id) = pick(index) {
                for phase in phases {
                    assert!(phase.remove(id));
                }
                ids.retain(|&other| other != id);
            }
        }
        Step::SetMobility(index, mobility) => {
            if let Some(id) = pick(index) {
                for phase in phases {
                    phase.set_mobility(id, mobility).unwrap();
                }
            }
        }
    }
}

fn assert_same(grid: &mut SpatialHashGrid, brute: &mut BruteForce, probe: &Aabb) {
    let (mut expected, mut actual) = (Vec::<IdPair>::new(), Vec::<IdPair>::new());
    brute.pairs(&mut expected);
    grid.pairs(&mut actual);
    assert_eq!(actual, expected, "pair sets differ");
    for &(a, b) in &actual {
        assert!(a < b);
        let (bounds_a, mobility_a) = grid.get(a).unwrap();
        let (bounds_b, mobility_b) = grid.get(b).unwrap();
        assert!(
            !(mobility_a.is_static() && mobility_b.is_static()),
            "static pair ({a}, {b})"
        );
        assert!(bounds_a.aabb.intersects(&bounds_b.aabb));
    }
    let (mut expected_ids, mut actual_ids) = (Vec::new(), Vec::new());
    brute.query_aabb(probe, &mut expected_ids);
    grid.query_aabb(probe, &mut actual_ids);
    assert_eq!(actual_ids, expected_ids, "AABB queries differ");
    brute.query_point(probe.center(), &mut expected_ids);
    grid.query_point(probe.center(), &mut actual_ids);
    assert_eq!(actual_ids, expected_ids, "point queries differ");
}

proptest! {
    #![proptest_config(common::seeded(1_000))]

    /// Random scenes with random moves, inserts, removes and mobility changes: after
    /// every batch of steps the grid reports exactly the brute-force pairs.
    #[test]
    fn grid_matches_brute_force(
        cell_size in cell_size(),
        scene in prop::collection::vec((bounds(), mobility()), 0..80),
        batches in prop::collection::vec(prop::collection::vec(step(), 1..30), 1..6),
        probe in bounds(),
    ) {
        let mut grid = SpatialHashGrid::new(cell_size);
        let mut brute = BruteForce::default();
        let mut ids = Vec::new();
        let mut next_id = 1_000;
        for (bounds, mobility) in scene {
            apply(&Step::Insert(bounds, mobility), &mut ids, &mut next_id, [&mut grid, &mut brute]);
        }
        assert_same(&mut grid, &mut brute, &probe.aabb);
        for batch in &batches {
            for step in batch {
                apply(step, &mut ids, &mut next_id, [&mut grid, &mut brute]);
            }
            assert_same(&mut grid, &mut brute, &probe.aabb);
        }
    }
}

proptest! {
    #![proptest_config(common::seeded(300))]

    /// Moving colliders drifting among a fixed static field, pairs asked after every
    /// step: each moving collider keeps its static neighbours between steps and looks up
    /// only the cells it enters, and must still report exactly the brute-force pairs.
    #[test]
    fn drifting_among_statics_matches_brute_force(
        cell_size in cell_size(),
        statics in prop::collection::vec(bounds(), 1..120),
        moving in prop::collection::vec((bounds(), (-1.5f32..1.5, -1.5f32..1.5)), 1..12),
        steps in 1usize..40,
    ) {
        let mut grid = SpatialHashGrid::new(cell_size);
        let mut brute = BruteForce::default();
        let mut ids = Vec::new();
        let mut next_id = 7;
        for bounds in statics {
            apply(&Step::Insert(bounds, Mobility::Static), &mut ids, &mut next_id, [&mut grid, &mut brute]);
        }
        let first_moving = ids.len();
        for (bounds, _) in &moving {
            apply(&Step::Insert(*bounds, Mobility::Moving), &mut ids, &mut next_id, [&mut grid, &mut brute]);
        }
        let probe = Aabb::new(Vec2::splat(-5.0), Vec2::splat(5.0));
        for _ in 0..steps {
            for (index, (_, (x, y))) in moving.iter().enumerate() {
                let by = Vec2::new(*x, *y);
                apply(&Step::Nudge(first_moving + index, by), &mut ids, &mut next_id, [&mut grid, &mut brute]);
            }
            assert_same(&mut grid, &mut brute, &probe);
        }
    }
}

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
    assert!(grid.remove(huge));
    assert!(!grid.remove(huge));
    assert_eq!(grid.len(), 2);
    assert_eq!(pairs(&mut grid), [(5, 3_000_000)]);
}
