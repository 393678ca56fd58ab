//! `SweptCollider` sweeps turns too: a spinning blade whose ends cross a thin wall
//! between two steps, while its centre stays far from it, reports the hit at the
//! turning sweep's time of impact (without the marker it tunnels, with no event); a
//! blade that only turns is swept too; and `SpatialQuery::cast_turning_shape`.

use core::f32::consts::FRAC_PI_2;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use sat2d::{Iso, RigidMotion};

use crate::common::{EventLog, app, at};

/// A thin static wall, 0.1 thick and 40 tall, centred at `(x, 0)`.
fn spawn_thin_wall(app: &mut App, x: f32) -> Entity {
    app.world_mut()
        .spawn((Collider::rectangle(0.1, 40.0), StaticCollider, at(x, 0.0)))
        .id()
}

/// Turns `entity` to `angle` radians about its origin.
fn turn_to(app: &mut App, entity: Entity, angle: f32) {
    app.world_mut()
        .get_mut::<Transform>(entity)
        .expect("entity has a transform")
        .rotation = Quat::from_rotation_z(angle);
}

/// The turn of the blade's step: 170 degrees clockwise, less than half a turn, so the
/// shortest turn is this one. Its top end (5 from the centre) swings out to x = 5 and
/// back to x = 5 sin 10° ≈ 0.87.
const TURN: f32 = -170.0 * core::f32::consts::PI / 180.0;

/// A blade 10 long and 0.2 thick standing upright at the origin (swept or not), and a
/// thin wall 3 to its right, its near face at x = 2.95, after a first step.
fn blade_and_wall(swept: bool) -> (App, EventLog, Entity, Entity) {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let wall = spawn_thin_wall(&mut app, 3.0);
    let mut blade = app
        .world_mut()
        .spawn((Collider::rectangle(0.2, 10.0), at(0.0, 0.0)));
    if swept {
        blade.insert(SweptCollider);
    }
    let blade = blade.id();
    assert!(log.step(&mut app).is_empty(), "apart at first");
    (app, log, blade, wall)
}

/// Checks that `events` is one swept `Started` of the blade and the wall, at a time at
/// which the blade, moved by `motion`, is at the wall; returns the time.
fn check_swept_hit(
    app: &App,
    events: &[CollisionEvent],
    (blade, wall): (Entity, Entity),
    motion: &RigidMotion,
) -> f32 {
    let [
        CollisionEvent::Started {
            a,
            b,
            time_of_impact: Some(time),
        },
    ] = events
    else {
        panic!("one swept Started for the blade and the wall, got {events:?}");
    };
    assert_eq!((*a, *b), (blade.min(wall), blade.max(wall)));
    assert!(*time > 0.0 && *time < 1.0, "time of impact {time}");
    let (blade_shape, wall_shape) = (
        sat2d::Shape::rectangle(0.2, 10.0),
        sat2d::Shape::rectangle(0.1, 40.0),
    );
    let wall_at = Iso::from_translation(Vec2::new(3.0, 0.0));
    let gap = sat2d::distance(&blade_shape, &motion.at(*time), &wall_shape, &wall_at);
    // Within the turning cast's accepted gap, 10 × the pair's tolerance.
    assert!(
        gap <= 10.0 * sat2d::tolerance(&blade_shape, &wall_shape),
        "gap {gap} at {time}"
    );
    let contact = events[0]
        .contact(app.world().resource::<CollisionWorld>())
        .expect("the swept hit's contact");
    let toward_wall = if *a == blade { Vec2::X } else { -Vec2::X };
    assert!(
        contact.normal.dot(toward_wall) > 0.99,
        "normal {}",
        contact.normal
    );
    *time
}

#[test]
fn a_spinning_blade_reports_the_thin_wall_its_end_swept_through() {
    // It moves 2 left and turns 170 degrees clockwise: its centre never comes within
    // 3 of the wall, and it ends the step clear of it, but its top end swings through.
    let (mut app, mut log, blade, wall) = blade_and_wall(true);
    turn_to(&mut app, blade, TURN);
    app.world_mut()
        .get_mut::<Transform>(blade)
        .unwrap()
        .translation
        .x = -2.0;
    let events = log.step(&mut app);
    let motion = RigidMotion::new(Iso::IDENTITY, Vec2::new(-2.0, 0.0), TURN);
    check_swept_hit(&app, &events, (blade, wall), &motion);
    // The next step, it is over.
    let after = log.step(&mut app);
    assert!(after.len() == 1 && after[0].is_ended(), "{after:?}");
}

#[test]
fn without_the_marker_the_spinning_blade_tunnels() {
    let (mut app, mut log, blade, _) = blade_and_wall(false);
    turn_to(&mut app, blade, TURN);
    app.world_mut()
        .get_mut::<Transform>(blade)
        .unwrap()
        .translation
        .x = -2.0;
    assert!(log.step(&mut app).is_empty(), "no sweep, no event");
}

#[test]
fn a_blade_that_only_turns_is_swept() {
    let (mut app, mut log, blade, wall) = blade_and_wall(true);
    turn_to(&mut app, blade, TURN);
    let events = log.step(&mut app);
    let motion = RigidMotion::new(Iso::IDENTITY, Vec2::ZERO, TURN);
    let time = check_swept_hit(&app, &events, (blade, wall), &motion);
    // The corner (0.1, 5) reaches the face x = 2.95 when 5 sin θ + 0.1 cos θ = 2.95.
    let expected = (0.6f32.asin() - 0.02) / TURN.abs();
    assert!((time - expected).abs() < 0.01, "{time} vs {expected}");
}

#[test]
fn spatial_query_casts_a_turning_shape() {
    let mut app = app();
    let wall = spawn_thin_wall(&mut app, 3.0);
    app.update();
    let probe = move |query: SpatialQuery| {
        let blade = sat2d::Shape::rectangle(0.2, 10.0);
        let spin = RigidMotion::new(Iso::IDENTITY, Vec2::ZERO, -FRAC_PI_2);
        let (entity, hit) = query
            .cast_turning_shape(&blade, &spin, &QueryFilter::default())
            .expect("the end sweeps through the wall");
        assert_eq!(entity, wall);
        // The end (5 from the centre) meets the near face (x = 2.95) when it has turned
        // by about asin(2.95 / 5), less the blade's half-width.
        let expected = (2.95f32 / 5.0).asin() / FRAC_PI_2;
        assert!(
            (hit.fraction - expected).abs() < 0.03,
            "{} vs {expected}",
            hit.fraction
        );
        assert!(hit.normal.x > 0.9, "{}", hit.normal);
        // Turning the other way, the lower end swings to the right, through the wall.
        let other_way = RigidMotion::new(Iso::IDENTITY, Vec2::ZERO, FRAC_PI_2);
        assert!(
            query
                .cast_turning_shape(&blade, &other_way, &QueryFilter::default())
                .is_some()
        );
        // Far from the wall, nothing.
        let far = RigidMotion::new(
            Iso::from_translation(Vec2::new(-20.0, 0.0)),
            Vec2::ZERO,
            3.0,
        );
        assert!(
            query
                .cast_turning_shape(&blade, &far, &QueryFilter::default())
                .is_none()
        );
    };
    app.world_mut().run_system_once(probe).unwrap();
}
