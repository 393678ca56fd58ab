use bevy::prelude::*;

use crate::components::collider::Collider;

use crate::components::static_collider::StaticCollider;

use crate::plugin::SatPlugin;

use crate::world::collision_world::CollisionWorld;

fn queues(app: &App) -> (usize, usize) {
    let world = app.world().resource::<CollisionWorld>();
    (world.removed.len(), world.refreshed.len())
}

/// However often a collider comes and goes between two steps, it waits in each
/// queue once; colliders no step has seen are not queued at all; a step empties
/// both queues.
#[test]
fn each_record_is_queued_once_and_unseen_colliders_not_at_all() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    let seen = app
        .world_mut()
        .spawn((Collider::circle(1.0), StaticCollider))
        .id();
    app.update();
    for _ in 0..100 {
        app.world_mut()
            .entity_mut(seen)
            .remove::<(Collider, StaticCollider)>()
            .insert((Collider::circle(1.0), StaticCollider));
        let unseen = app.world_mut().spawn(Collider::circle(1.0)).id();
        app.world_mut().despawn(unseen);
    }
    assert_eq!(queues(&app), (1, 1));
    app.update();
    assert_eq!(queues(&app), (0, 0));
    // A new record after the sync: queued again when it goes.
    app.world_mut().despawn(seen);
    assert_eq!(queues(&app), (1, 1));
    app.update();
    assert_eq!(queues(&app), (0, 0));
    assert!(
        app.world()
            .resource::<CollisionWorld>()
            .collider(seen)
            .is_none()
    );
}
