use super::*;
use crate::components::collider::Collider;
use crate::plugin::SatPlugin;

/// Colliders spawned at one point pass the threshold: one warning, given once.
#[test]
fn a_pile_up_past_the_threshold_is_warned_about_once() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    app.world_mut().resource_mut::<SatConfig>().pile_up_warning = 40;
    let warned = |app: &App| app.world().resource::<CollisionWorld>().pile_up_warned;
    for _ in 0..9 {
        app.world_mut().spawn(Collider::circle(1.0));
    }
    app.update();
    assert_eq!(app.world().resource::<SatDiagnostics>().contacts, 36);
    assert!(!warned(&app), "36 pairs are not more than 40");
    app.world_mut().spawn(Collider::circle(1.0));
    app.update();
    assert_eq!(app.world().resource::<SatDiagnostics>().contacts, 45);
    assert!(warned(&app));
}

/// A pile-up's first step keeps one record per pair: the results, and each
/// entity's `CollidingEntities`, are allocated once at their exact size, not regrown
/// by doubling; every result has been tested and touches.
#[test]
fn a_pile_up_is_stored_at_its_exact_size() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    app.update();
    for index in 0..60 {
        let collider = if index % 2 == 0 {
            Collider::circle(1.0)
        } else {
            Collider::rectangle(2.0, 1.0)
        };
        app.world_mut().spawn(collider);
    }
    app.update();
    let world = app.world().resource::<CollisionWorld>();
    let pairs = 60 * 59 / 2;
    assert_eq!(world.results.len(), pairs);
    assert_eq!(world.results.capacity(), pairs);
    assert!(world.results.iter().all(|result| result.test == Test::None));
    assert!(world.results.iter().all(|result| result.touching));
    let mut query = app.world_mut().query::<&crate::CollidingEntities>();
    for touching in query.iter(app.world()) {
        assert_eq!(touching.len(), 59);
        assert_eq!(touching.capacity(), 59);
    }
}

/// A settled level's step reads no collider record for the pair flags: only those
/// touched in the step (and the one before) are read, and a moved static is read in
/// its step and the next, then left alone again.
#[test]
fn a_settled_level_reads_no_record() {
    use crate::components::static_collider::StaticCollider;

    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    let tiles: Vec<Entity> = (0..100)
        .map(|index| {
            let at = Vec3::new(index as f32 * 2.0, 0.0, 0.0);
            app.world_mut()
                .spawn((
                    Collider::rectangle(2.0, 2.0),
                    StaticCollider,
                    Transform::from_translation(at),
                ))
                .id()
        })
        .collect();
    app.world_mut()
        .spawn((Collider::circle(1.0), Transform::from_xyz(0.0, 1.5, 0.0)));
    app.update();
    let flagged = |app: &App| app.world().resource::<CollisionWorld>().sides.flagged();
    assert_eq!(flagged(&app), 101, "the first step places every collider");
    app.update();
    assert_eq!(flagged(&app), 0);
    app.world_mut()
        .get_mut::<Transform>(tiles[50])
        .unwrap()
        .translation
        .y = 10.0;
    app.update();
    assert_eq!(flagged(&app), 1, "the moved tile alone");
    app.update();
    assert_eq!(flagged(&app), 0);
}

/// The tests ask for the memory of the pairs ahead before testing each: every result is
/// the one its pair gets tested on its own, in entity order, and a result
/// with nothing to test is left as it was (40 circles and squares in a wavy row, their
/// ids spread over 40,000, entities in the reverse order of ids).
#[test]
fn tests_read_ahead_give_each_pair_its_own_result() {
    use std::sync::Arc;

    let count = 40_000;
    let mut sides = vec![TestSide::default(); count];
    let ids: Vec<u32> = (0..40).map(|index| index * (count as u32 / 40)).collect();
    for (index, &id) in ids.iter().enumerate() {
        let shape = if index % 2 == 0 {
            Shape::circle(1.0)
        } else {
            Shape::rectangle(2.0, 2.0)
        };
        let at = Vec2::new(index as f32 * 1.9, (index % 3) as f32 * 0.5);
        sides[id as usize] = TestSide {
            iso: sat2d::Iso::new(at, index as f32 * 0.3),
            shape: Some(Arc::new(shape)),
            entity: Entity::from_raw_u32(count as u32 - id).unwrap(),
        };
    }
    let mut pairs = Vec::new();
    let mut results = Vec::new();
    let mut skipped = Vec::new();
    for (first, &a) in ids.iter().enumerate() {
        for (second, &b) in ids.iter().enumerate().skip(first + 1) {
            pairs.push((a, b));
            let mut result = PairResult::to_test(false, false);
            // Every fifth has nothing to test: left touching, as a reused result is.
            let skip = (first + second) % 5 == 0;
            if skip {
                result.test = Test::None;
                result.touching = true;
            }
            results.push(result);
            skipped.push(skip);
        }
    }
    run_in_order(&pairs, &mut results, &sides);
    let mut touching = 0;
    for ((&(a, b), result), &skip) in pairs.iter().zip(&results).zip(&skipped) {
        let (side_a, side_b) = (&sides[a as usize], &sides[b as usize]);
        let (first, second) = if side_a.entity < side_b.entity {
            (side_a, side_b)
        } else {
            (side_b, side_a)
        };
        let expected =
            skip || sat2d::intersects(shape_of(first), &first.iso, shape_of(second), &second.iso);
        assert_eq!(result.test, Test::None, "pair {a}, {b} left to test");
        assert_eq!(result.touching, expected, "pair {a}, {b}");
        touching += usize::from(result.touching && !skip);
    }
    // Both answers occur among the tested pairs.
    assert!(
        touching > 10 && touching < pairs.len() / 2,
        "{touching} touching"
    );
}
