//! The events stage's `CollidingEntities` upkeep, partners lost few and many.

use super::*;
use crate::components::collider::Collider;
use crate::events::colliding_entities::CollidingEntities;
use crate::plugin::SatPlugin;
use partner_lists::REBUILD_AFTER;

/// A centre circle touched by `count` small circles around it (too far apart to
/// touch each other); then all but the first `kept` move away. Returns the app, the
/// centre and the small circles.
fn ring_then_leave(count: usize, kept: usize) -> (App, Entity, Vec<Entity>) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    let centre = app
        .world_mut()
        .spawn((Collider::circle(10.0), Transform::default()))
        .id();
    let ring: Vec<Entity> = (0..count)
        .map(|index| {
            let angle = index as f32 * core::f32::consts::TAU / count as f32;
            let at = Vec2::from_angle(angle) * 10.3;
            app.world_mut()
                .spawn((
                    Collider::circle(0.4),
                    Transform::from_translation(at.extend(0.0)),
                ))
                .id()
        })
        .collect();
    app.update();
    let touching = app.world().get::<CollidingEntities>(centre).unwrap();
    assert_eq!(touching.len(), count);
    for &leaving in &ring[kept..] {
        app.world_mut()
            .get_mut::<Transform>(leaving)
            .unwrap()
            .translation
            .y += 1000.0;
    }
    app.update();
    (app, centre, ring)
}

/// Checks that the centre lists exactly the kept circles and each circle lists the
/// centre exactly when kept, and that one `Ended` was written per circle that left.
fn check(app: &App, centre: Entity, ring: &[Entity], kept: usize) {
    let mut expected = ring[..kept].to_vec();
    expected.sort_unstable();
    let touching = app.world().get::<CollidingEntities>(centre).unwrap();
    assert_eq!(touching.sorted(), expected);
    for (index, &circle) in ring.iter().enumerate() {
        let list = app.world().get::<CollidingEntities>(circle).unwrap();
        let expected: &[Entity] = if index < kept { &[centre] } else { &[] };
        assert_eq!(list.as_slice(), expected, "circle {index}");
    }
    let counts = app.world().resource::<CollisionWorld>().counts;
    assert_eq!(counts.ended, ring.len() - kept);
    assert_eq!(counts.ongoing, kept);
    assert_eq!(counts.started, 0);
}

/// Few partners lost: each is found and dropped from the list.
#[test]
fn a_few_ended_pairs_are_dropped_from_the_lists() {
    let (app, centre, ring) = ring_then_leave(20, 15);
    check(&app, centre, &ring, 15);
}

/// More partners lost than `REBUILD_AFTER`: the centre's list is rebuilt from the
/// pairs that still touch, and holds exactly those.
#[test]
fn a_list_that_loses_many_partners_is_rebuilt_exactly() {
    let (mut app, centre, ring) = ring_then_leave(60, 4);
    assert!(60 - 4 > REBUILD_AFTER as usize);
    check(&app, centre, &ring, 4);
    // The step after: one circle comes back. The lists take it once, and nothing
    // else (no mark of the rebuild is left over).
    app.world_mut()
        .get_mut::<Transform>(ring[4])
        .unwrap()
        .translation
        .y -= 1000.0;
    app.update();
    let mut expected = ring[..5].to_vec();
    expected.sort_unstable();
    let touching = app.world().get::<CollidingEntities>(centre).unwrap();
    assert_eq!(touching.sorted(), expected);
    let back = app.world().get::<CollidingEntities>(ring[4]).unwrap();
    assert_eq!(back.as_slice(), [centre]);
    let marks = &app.world().resource::<CollisionWorld>().rebuilt_lists;
    assert!(marks.iter().all(|&rebuilt| !rebuilt));
}
