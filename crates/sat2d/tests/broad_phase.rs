//! The spatial hash grid against the brute-force oracle, and its bad-input handling.

mod common;
#[path = "broad_phase/fixed_cases.rs"]
mod fixed_cases;
#[path = "broad_phase/local_bounds.rs"]
mod local_bounds;

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

/// The grid's pairs and queries are the brute force's. The queries are asked before
/// the pairs too, while colliders moved since the last pairs may still be loose in the
/// grid (see `SpatialHashGrid`'s docs), and after.
fn assert_same(grid: &mut SpatialHashGrid, brute: &mut BruteForce, probe: &Aabb) {
    assert_same_queries(grid, brute, probe);
    let (mut expected, mut actual) = (Vec::<IdPair>::new(), Vec::<IdPair>::new());
    brute.pairs(&mut expected);
    // The same grid asked for its pairs in parts, walked last part first (the order a
    // pool may run them in), from the same state: loose colliders included.
    let mut split = grid.clone();
    grid.pairs(&mut actual);
    assert_eq!(actual, expected, "pair sets differ");
    for count in [1, 2, 5] {
        let mut in_parts = Vec::new();
        let mut parts = vec![Vec::new(); count];
        split.pairs_in_parts(&mut in_parts, &mut parts, |walk, parts| {
            for (index, part) in parts.iter_mut().enumerate().rev() {
                walk(index, part);
            }
        });
        assert_eq!(in_parts, actual, "pairs in {count} parts");
    }
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
    assert_same_queries(grid, brute, probe);
}

/// The grid's box and point queries at `probe` are the brute force's.
fn assert_same_queries(grid: &SpatialHashGrid, brute: &BruteForce, probe: &Aabb) {
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

proptest! {
    #![proptest_config(common::seeded(48))]

    /// Large batches through `update_many`, which the grid applies in the Morton order
    /// of its slots (laid out again every few batches), among inserts and removes that
    /// free and reuse slots, with invalid bounds and unknown ids mixed in: the grid
    /// refuses exactly what the brute force refuses, reports its pairs and answers its
    /// queries after every batch.
    #[test]
    fn batched_moves_match_brute_force(
        cell_size in cell_size(),
        scene in prop::collection::vec((bounds(), mobility()), 130..260),
        rounds in prop::collection::vec(
            (
                prop::collection::vec((any::<usize>(), (-2.0f32..2.0, -2.0f32..2.0)), 130..300),
                prop::collection::vec(any::<usize>(), 0..3),
                prop::collection::vec(step(), 0..6),
            ),
            10..20,
        ),
    ) {
        let mut grid = SpatialHashGrid::new(cell_size);
        let mut brute = BruteForce::default();
        let mut ids = Vec::new();
        let mut next_id = 3;
        for (bounds, mobility) in scene {
            apply(&Step::Insert(bounds, mobility), &mut ids, &mut next_id, [&mut grid, &mut brute]);
        }
        let probe = Aabb::new(Vec2::splat(-8.0), Vec2::splat(8.0));
        assert_same(&mut grid, &mut brute, &probe);
        for (nudges, refused_picks, steps) in &rounds {
            let mut batch: Vec<(u32, Bounds)> = Vec::new();
            for &(index, (x, y)) in nudges {
                let id = ids[index % ids.len()];
                if batch.iter().any(|&(other, _)| other == id) {
                    continue; // the contract asks for distinct ids
                }
                let (bounds, _) = brute.get(id).unwrap();
                batch.push((id, shifted(bounds, Vec2::new(x, y))));
            }
            for (turn, &pick) in refused_picks.iter().enumerate() {
                let at = pick % (batch.len() + 1);
                if turn % 2 == 0 {
                    batch.insert(at, (u32::MAX - turn as u32, batch[0].1)); // unknown id
                } else {
                    let at = at % batch.len();
                    batch[at].1.aabb.max.x = f32::NAN; // invalid bounds
                }
            }
            let (mut grid_refused, mut brute_refused) = (Vec::new(), Vec::new());
            grid.update_many(&batch, &mut grid_refused);
            brute.update_many(&batch, &mut brute_refused);
            let ids_of = |errors: &[BroadPhaseError]| {
                let mut ids: Vec<u32> = errors.iter().map(BroadPhaseError::id).collect();
                ids.sort_unstable();
                ids
            };
            prop_assert_eq!(ids_of(&grid_refused), ids_of(&brute_refused));
            prop_assert_eq!(grid_refused.len(), brute_refused.len());
            assert_same(&mut grid, &mut brute, &probe);
            for step in steps {
                apply(step, &mut ids, &mut next_id, [&mut grid, &mut brute]);
            }
            if ids.is_empty() {
                break;
            }
            for &id in &ids {
                prop_assert_eq!(grid.get(id), brute.get(id));
            }
        }
    }
}
