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
