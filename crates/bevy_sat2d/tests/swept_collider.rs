//! `SweptCollider`: a fast collider that crosses a thin one between two steps still
//! reports the hit (with its time of impact), and every edge case the docs promise.

mod common;

use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::{self, Iso, Ray};
use common::random_scene::random_shape;
use common::{EventLog, app, at};

/// What the observers saw: `(entity, other, normal, time of impact)` for each
/// `CollisionStarted`, `(entity, other)` for each `CollisionEnded`.
#[derive(Resource, Default)]
struct Observed {
    started: Vec<(Entity, Entity, Vec2, Option<f32>)>,
    ended: Vec<(Entity, Entity)>,
}

/// The headless app, with observers recording into [`Observed`].
fn observed_app() -> App {
    let mut app = app();
    app.init_resource::<Observed>();
    app.add_observer(
        |started: On<CollisionStarted>, mut seen: ResMut<Observed>| {
            seen.started.push((
                started.entity,
                started.other,
                started.contact.normal,
                started.time_of_impact,
            ));
        },
    );
    app.add_observer(|ended: On<CollisionEnded>, mut seen: ResMut<Observed>| {
        seen.ended.push((ended.entity, ended.other));
    });
    app
}

/// Takes what the observers saw since the last call.
fn take_observed(app: &mut App) -> Observed {
    std::mem::take(&mut *app.world_mut().resource_mut::<Observed>())
}

/// A wall 10 wide and 100 tall, centred on the origin: faces at x = ±5.
fn spawn_wall(app: &mut App) -> Entity {
    app.world_mut()
        .spawn((
            Collider::rectangle(10.0, 100.0),
            StaticCollider,
            at(0.0, 0.0),
        ))
        .id()
}

/// A swept bullet of radius 1 at `(x, y)`.
fn spawn_bullet(app: &mut App, x: f32, y: f32) -> Entity {
    app.world_mut()
        .spawn((Collider::circle(1.0), SweptCollider, at(x, y)))
        .id()
}

fn move_to(app: &mut App, entity: Entity, position: Vec2) {
    app.world_mut()
        .get_mut::<Transform>(entity)
        .expect("entity has a transform")
        .translation = position.extend(0.0);
}

fn touching(app: &App, entity: Entity) -> Vec<Entity> {
    app.world()
        .get::<CollidingEntities>(entity)
        .expect("colliders get CollidingEntities")
        .sorted()
}

fn close(actual: f32, expected: f32, tolerance: f32) -> bool {
    (actual - expected).abs() <= tolerance
}

#[test]
fn a_swept_bullet_reports_the_wall_it_crossed_then_ends() {
    let mut app = observed_app();
    let mut log = EventLog::new(&app);
    let wall = spawn_wall(&mut app);
    let bullet = spawn_bullet(&mut app, -250.0, 0.0);
    assert!(log.step(&mut app).is_empty(), "apart at first");
    take_observed(&mut app);

    // 500 units in one step: the bullet's edge meets the face x = -5 when its centre is
    // at x = -6, 244 units along.
    let expected_time = 244.0 / 500.0;
    move_to(&mut app, bullet, Vec2::new(250.0, 0.0));
    let events = log.step(&mut app);
    let (a, b) = (bullet.min(wall), bullet.max(wall));
    let [
        CollisionEvent::Started {
            a: event_a,
            b: event_b,
            contact,
            time_of_impact: Some(time),
        },
    ] = events.as_slice()
    else {
        panic!("one swept Started, got {events:?}");
    };
    assert_eq!((*event_a, *event_b), (a, b));
    assert!(close(*time, expected_time, 1e-4), "time of impact {time}");
    assert_eq!(events[0].time_of_impact(), Some(*time));
    // The event's normal points from a to b; from the bullet it points into the wall.
    let from_a = if a == bullet { Vec2::X } else { -Vec2::X };
    assert!(
        (contact.normal - from_a).length() < 1e-4,
        "{}",
        contact.normal
    );
    assert!(
        contact.depth < 1e-3,
        "touching, not overlapping: {}",
        contact.depth
    );
    let point = contact.points()[0];
    assert!(
        close(point.x, -5.0, 1e-2) && close(point.y, 0.0, 1e-2),
        "{point}"
    );
    let seen_from_bullet = events[0].contact_from(bullet).unwrap();
    assert!((seen_from_bullet.normal - Vec2::X).length() < 1e-4);

    // Observers on both entities, each normal from the observed entity, same time.
    let mut observed = take_observed(&mut app);
    observed.started.sort_by_key(|seen| seen.0);
    assert_eq!(observed.started.len(), 2);
    for (entity, other, normal, seen_time) in observed.started {
        let expected = if entity == bullet { Vec2::X } else { -Vec2::X };
        assert_eq!(other, if entity == bullet { wall } else { bullet });
        assert!((normal - expected).length() < 1e-4, "{entity}: {normal}");
        assert_eq!(seen_time, Some(*time));
    }
    assert!(observed.ended.is_empty());
    // CollidingEntities holds the pair for the step of the hit, and the world's
    // contact is the one at the time of impact.
    assert_eq!(touching(&app, bullet), [wall]);
    assert_eq!(touching(&app, wall), [bullet]);
    let world_contact = app
        .world()
        .resource::<CollisionWorld>()
        .contact(bullet, wall)
        .expect("the swept contact");
    assert!((world_contact.normal - Vec2::X).length() < 1e-4);

    // The next step they are apart: Ended, on the observers too.
    let events = log.step(&mut app);
    assert_eq!(events, [CollisionEvent::Ended { a, b }]);
    let mut observed = take_observed(&mut app);
    observed.ended.sort();
    let mut expected = vec![(bullet, wall), (wall, bullet)];
    expected.sort();
    assert_eq!(observed.ended, expected);
    assert!(observed.started.is_empty());
    assert!(touching(&app, bullet).is_empty() && touching(&app, wall).is_empty());

    // And nothing after that.
    assert!(log.step(&mut app).is_empty());
    let observed = take_observed(&mut app);
    assert!(observed.started.is_empty() && observed.ended.is_empty());
}

#[test]
fn the_marker_is_registered_for_reflection() {
    let app = app();
    let registry = app.world().resource::<AppTypeRegistry>().read();
    let registration = registry
        .get(std::any::TypeId::of::<SweptCollider>())
        .expect("SweptCollider is registered");
    assert!(registration.data::<ReflectComponent>().is_some());
}

#[test]
fn without_the_marker_a_bullet_tunnels_through_the_wall() {
    let mut app = observed_app();
    let mut log = EventLog::new(&app);
    let wall = spawn_wall(&mut app);
    let bullet = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(-250.0, 0.0)))
        .id();
    for x in [-250.0, 250.0, 250.0] {
        move_to(&mut app, bullet, Vec2::new(x, 0.0));
        assert!(log.step(&mut app).is_empty(), "x = {x}");
        assert!(touching(&app, bullet).is_empty() && touching(&app, wall).is_empty());
    }
    assert!(take_observed(&mut app).started.is_empty());
}

#[test]
fn two_swept_bullets_meeting_head_on_report_the_hit() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let left = spawn_bullet(&mut app, -250.0, 0.0);
    let right = spawn_bullet(&mut app, 250.0, 0.0);
    log.step(&mut app);
    // They swap places: centres 2 apart (touching) when 500 - 1000 t = 2.
    move_to(&mut app, left, Vec2::new(250.0, 0.0));
    move_to(&mut app, right, Vec2::new(-250.0, 0.0));
    let events = log.step(&mut app);
    assert_eq!(events.len(), 1, "{events:?}");
    let time = events[0].time_of_impact().expect("a swept contact");
    assert!(close(time, 498.0 / 1000.0, 1e-4), "time of impact {time}");
    let normal = events[0].contact_from(left).unwrap().normal;
    assert!((normal - Vec2::X).length() < 1e-4, "{normal}");
    assert!(log.step(&mut app).iter().all(CollisionEvent::is_ended));
}

/// Paths that cross at right angles, both bullets at the crossing half-way through the
/// step: neither's end box lies on the other's path, so only matching the two paths
/// finds the pair. Swept alone, the first bullet meets the second where that one ends
/// the step, off its path: nothing.
#[test]
fn two_swept_bullets_on_crossing_paths_meet_half_way() {
    for both_swept in [true, false] {
        let mut app = app();
        let mut log = EventLog::new(&app);
        let across = spawn_bullet(&mut app, -250.0, 0.0);
        let up = spawn_bullet(&mut app, 0.0, -250.0);
        if !both_swept {
            app.world_mut().entity_mut(up).remove::<SweptCollider>();
        }
        log.step(&mut app);
        move_to(&mut app, across, Vec2::new(250.0, 0.0));
        move_to(&mut app, up, Vec2::new(0.0, 250.0));
        let events = log.step(&mut app);
        if both_swept {
            assert_eq!(events.len(), 1, "{events:?}");
            // They touch when each is 1.414 from the crossing: 250 - 1.414 of 500 units.
            let expected = (250.0 - 2.0_f32.sqrt()) / 500.0;
            let time = events[0].time_of_impact().expect("a swept contact");
            assert!(close(time, expected, 1e-4), "time of impact {time}");
            let normal = events[0].contact_from(across).unwrap().normal;
            let diagonal = Vec2::new(1.0, -1.0).normalize();
            assert!((normal - diagonal).length() < 1e-3, "{normal}");
            assert!(log.step(&mut app).iter().all(CollisionEvent::is_ended));
        } else {
            assert!(events.is_empty(), "{events:?}");
        }
    }
}

#[test]
fn a_swept_bullet_ending_inside_the_wall_starts_as_an_ordinary_overlap() {
    let mut app = observed_app();
    let mut log = EventLog::new(&app);
    let wall = spawn_wall(&mut app);
    let bullet = spawn_bullet(&mut app, -250.0, 0.0);
    log.step(&mut app);
    take_observed(&mut app);
    move_to(&mut app, bullet, Vec2::new(-2.0, 0.0));
    let events = log.step(&mut app);
    assert_eq!(
        events.len(),
        1,
        "one event, not a swept one beside it: {events:?}"
    );
    assert!(events[0].is_started());
    assert_eq!(events[0].time_of_impact(), None);
    // The contact of the step's end: 4 deep, out through the near face.
    let contact = events[0].contact_from(bullet).unwrap();
    assert!(close(contact.depth, 4.0, 1e-3), "depth {}", contact.depth);
    let observed = take_observed(&mut app);
    assert_eq!(observed.started.len(), 2);
    assert!(observed.started.iter().all(|seen| seen.3.is_none()));
    assert_eq!(touching(&app, bullet), [wall]);

    // Resting inside: Ongoing. Then it leaves fast through the far side: it was
    // touching when the step began, so the pair just ends.
    let events = log.step(&mut app);
    assert!(events.len() == 1 && events[0].is_ongoing(), "{events:?}");
    move_to(&mut app, bullet, Vec2::new(250.0, 0.0));
    let events = log.step(&mut app);
    assert!(events.len() == 1 && events[0].is_ended(), "{events:?}");
    assert!(take_observed(&mut app).started.is_empty());
    assert!(touching(&app, bullet).is_empty());
}

#[test]
fn a_swept_bullet_resting_on_the_wall_then_leaving_just_ends() {
    // Away from the wall, and back through it to the far side: both leave from contact.
    for target in [Vec2::new(-500.0, 0.0), Vec2::new(250.0, 0.0)] {
        let mut app = observed_app();
        let mut log = EventLog::new(&app);
        let wall = spawn_wall(&mut app);
        // Overlapping the near face by 0.1.
        let bullet = spawn_bullet(&mut app, -5.9, 0.0);
        let events = log.step(&mut app);
        assert!(events.len() == 1 && events[0].is_started(), "{events:?}");
        assert!(log.step(&mut app)[0].is_ongoing());
        take_observed(&mut app);
        move_to(&mut app, bullet, target);
        let events = log.step(&mut app);
        let (a, b) = (bullet.min(wall), bullet.max(wall));
        assert_eq!(events, [CollisionEvent::Ended { a, b }], "to {target}");
        let observed = take_observed(&mut app);
        assert!(observed.started.is_empty(), "no fake Started to {target}");
        assert_eq!(observed.ended.len(), 2);
        assert!(log.step(&mut app).is_empty());
    }
}

/// A bullet that stops just past a wall turned 45°, its box and bounding circle still
/// overlapping the wall's: the pair stays a candidate with neither collider changing,
/// and the swept contact of the hit must not be carried into the next step as if they
/// still touched (nor end and start again).
#[test]
fn a_swept_contact_is_not_carried_over_by_a_pair_that_stays_a_candidate() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let turn = Quat::from_rotation_z(std::f32::consts::FRAC_PI_4);
    app.world_mut().spawn((
        Collider::rectangle(10.0, 100.0),
        StaticCollider,
        Transform::from_rotation(turn),
    ));
    // Along the wall's own x axis, from far before its face to 0.5 past its far face.
    let axis = Vec2::from_angle(std::f32::consts::FRAC_PI_4);
    let bullet = spawn_bullet(&mut app, 0.0, 0.0);
    move_to(&mut app, bullet, axis * -250.0);
    log.step(&mut app);
    move_to(&mut app, bullet, axis * 6.5);
    let events = log.step(&mut app);
    assert!(
        events.len() == 1 && events[0].time_of_impact().is_some(),
        "{events:?}"
    );
    let candidates = |app: &App| {
        app.world()
            .resource::<CollisionWorld>()
            .candidate_pairs()
            .count()
    };
    assert_eq!(candidates(&app), 1);
    let events = log.step(&mut app);
    assert!(events.len() == 1 && events[0].is_ended(), "{events:?}");
    assert_eq!(
        candidates(&app),
        1,
        "the bounds still overlap: still a candidate"
    );
    assert!(log.step(&mut app).is_empty());
}

#[test]
fn layers_that_do_not_interact_give_no_swept_event() {
    const BULLETS: u32 = 1;
    const WALLS: u32 = 2;
    const GHOSTS: u32 = 4;
    let mut app = app();
    let mut log = EventLog::new(&app);
    let bullet = spawn_bullet(&mut app, -250.0, 0.0);
    app.world_mut()
        .entity_mut(bullet)
        .insert(CollisionLayers::new(BULLETS, WALLS));
    // A ghost wall on the path first, then a real one: only the real one is hit.
    app.world_mut().spawn((
        Collider::rectangle(10.0, 100.0),
        at(-100.0, 0.0),
        CollisionLayers::new(GHOSTS, u32::MAX),
    ));
    let wall = app
        .world_mut()
        .spawn((
            Collider::rectangle(10.0, 100.0),
            at(100.0, 0.0),
            CollisionLayers::new(WALLS, BULLETS),
        ))
        .id();
    log.step(&mut app);
    move_to(&mut app, bullet, Vec2::new(250.0, 0.0));
    let events = log.step(&mut app);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].other(bullet), Some(wall));
    let time = events[0].time_of_impact().unwrap();
    assert!(close(time, 344.0 / 500.0, 1e-4), "time of impact {time}");
}

#[test]
fn a_swept_static_collider_never_pairs_with_a_static_one() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    spawn_wall(&mut app);
    let sweeper = spawn_bullet(&mut app, -250.0, 0.0);
    app.world_mut().entity_mut(sweeper).insert(StaticCollider);
    // A moving target further along: the static sweeper still meets that one.
    let target = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(100.0, 0.0)))
        .id();
    log.step(&mut app);
    move_to(&mut app, sweeper, Vec2::new(250.0, 0.0));
    let events = log.step(&mut app);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].other(sweeper), Some(target));
    assert!(events[0].time_of_impact().is_some());
}

#[test]
fn teleporting_without_the_marker_for_that_frame_sweeps_nothing() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let wall = spawn_wall(&mut app);
    let bullet = spawn_bullet(&mut app, -250.0, 0.0);
    log.step(&mut app);
    // A teleport across the wall, with the marker off for that frame.
    app.world_mut().entity_mut(bullet).remove::<SweptCollider>();
    move_to(&mut app, bullet, Vec2::new(250.0, 0.0));
    assert!(log.step(&mut app).is_empty());
    // Back on: swept from the new place, so flying back through the wall is a hit.
    app.world_mut().entity_mut(bullet).insert(SweptCollider);
    assert!(log.step(&mut app).is_empty());
    move_to(&mut app, bullet, Vec2::new(-250.0, 0.0));
    let events = log.step(&mut app);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].other(bullet), Some(wall));
    // The same jump with the marker on is swept like any motion.
    move_to(&mut app, bullet, Vec2::new(250.0, 0.0));
    let events = log.step(&mut app);
    let kinds: Vec<bool> = events.iter().map(CollisionEvent::is_started).collect();
    // Last step's swept touch ends, and this step's crossing starts a new one.
    assert_eq!(kinds, [false, true], "{events:?}");
    assert!(events[1].time_of_impact().is_some());
}

/// One seeded case of the property test: a wall of any kind, turned, and a bullet
/// (circle, box or capsule, turned) whose centre flies in a straight line from one side
/// of it to the other in one step.
struct Case {
    wall: Entity,
    wall_shape: Shape,
    wall_iso: Iso,
    bullet: Entity,
    bullet_shape: Shape,
    bullet_angle: f32,
    start: Vec2,
    end: Vec2,
}

impl Case {
    /// The bullet placed at `time` (0 to 1) along its path.
    fn bullet_iso(&self, time: f32) -> Iso {
        Iso::new(self.start.lerp(self.end, time), self.bullet_angle)
    }

    /// Whether the bullet's centre, moving along its path, passes through the wall:
    /// a ray test, independent of the shape cast the plugin runs.
    fn centre_crosses(&self) -> Option<f32> {
        let path = self.end - self.start;
        let ray = Ray::new(self.start, path);
        let hit = sat2d::cast_ray(&self.wall_shape, &self.wall_iso, &ray, path.length())?;
        Some(hit.distance / path.length())
    }
}

/// Spawns case `index` of the grid of cases: its own cell, 2,000 units apart, so that
/// no bullet reaches another case's wall.
fn spawn_case(app: &mut App, rng: &mut fastrand::Rng, index: usize) -> Case {
    let origin = Vec2::new((index % 20) as f32, (index / 20) as f32) * 2000.0;
    let wall_shape = random_shape(rng);
    let wall_angle = rng.f32() * std::f32::consts::TAU;
    let wall_iso = Iso::new(origin, wall_angle);
    let mut wall = app.world_mut().spawn((
        Collider::from(wall_shape.clone()),
        Transform::from_translation(origin.extend(0.0))
            .with_rotation(Quat::from_rotation_z(wall_angle)),
    ));
    if index.is_multiple_of(2) {
        wall.insert(StaticCollider);
    }
    let wall = wall.id();
    let size = 0.3 + rng.f32() * 1.7;
    let bullet_shape = match index % 3 {
        0 => Shape::circle(size),
        1 => Shape::rectangle(size * 2.0, size),
        _ => Shape::capsule(size * 0.5, size * 2.0),
    };
    let bullet_angle = rng.f32() * std::f32::consts::TAU;
    // Aimed at a point near the wall's centre, from 60 to 400 units before it to as
    // far past it.
    let direction = Vec2::from_angle(rng.f32() * std::f32::consts::TAU);
    let aim = origin + Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 6.0;
    let start = aim - direction * (60.0 + rng.f32() * 340.0);
    let end = aim + direction * (60.0 + rng.f32() * 340.0);
    let bullet = app
        .world_mut()
        .spawn((
            Collider::from(bullet_shape.clone()),
            SweptCollider,
            Transform::from_translation(start.extend(0.0))
                .with_rotation(Quat::from_rotation_z(bullet_angle)),
        ))
        .id();
    Case {
        wall,
        wall_shape,
        wall_iso,
        bullet,
        bullet_shape,
        bullet_angle,
        start,
        end,
    }
}

/// 200 seeded bullets of three kinds in random directions through random walls of every
/// kind: a bullet whose centre's path crosses its wall gets exactly one `Started`, with
/// the time of impact and the contact where the shapes first touch, then exactly one
/// `Ended` the next step. Cases whose centre misses the wall must agree with the cast
/// (a graze is a hit, a miss is silence); most cases cross.
#[test]
fn every_bullet_whose_path_crosses_its_wall_starts_once_then_ends_once() {
    let mut app = app();
    let mut log = EventLog::new(&app);
    let mut rng = fastrand::Rng::with_seed(0x5eed_c0de);
    let cases: Vec<Case> = (0..200)
        .map(|index| spawn_case(&mut app, &mut rng, index))
        .collect();
    assert!(log.step(&mut app).is_empty(), "every bullet starts clear");
    for case in &cases {
        move_to(&mut app, case.bullet, case.end);
    }
    let hits = log.step(&mut app);
    let ends = log.step(&mut app);
    assert!(log.step(&mut app).is_empty(), "nothing after the ends");

    let mut crossing = 0;
    for case in &cases {
        let (wall, bullet) = (case.wall, case.bullet);
        let at_start = case.bullet_iso(0.0);
        let at_end = case.bullet_iso(1.0);
        assert!(
            !sat2d::intersects(
                &case.bullet_shape,
                &at_start,
                &case.wall_shape,
                &case.wall_iso
            ) && !sat2d::intersects(
                &case.bullet_shape,
                &at_end,
                &case.wall_shape,
                &case.wall_iso
            ),
            "case {bullet}: the bullet starts and ends clear of the wall"
        );
        let started: Vec<&CollisionEvent> = hits.iter().filter(|e| e.involves(bullet)).collect();
        let ended: Vec<&CollisionEvent> = ends.iter().filter(|e| e.involves(bullet)).collect();
        let crossed_at = case.centre_crosses();
        let cast = sat2d::cast_shape(
            &case.bullet_shape,
            &at_start,
            case.end - case.start,
            &case.wall_shape,
            &case.wall_iso,
            Vec2::ZERO,
        );
        if crossed_at.is_none() && cast.is_none() {
            assert!(started.is_empty() && ended.is_empty(), "a miss is silent");
            continue;
        }
        crossing += usize::from(crossed_at.is_some());
        assert_eq!(started.len(), 1, "case {bullet}: {started:?}");
        assert_eq!(ended.len(), 1, "case {bullet}: {ended:?}");
        assert!(started[0].is_started() && ended[0].is_ended());
        assert_eq!(started[0].other(bullet), Some(wall));
        assert_eq!(ended[0].other(bullet), Some(wall));
        let time = started[0].time_of_impact().expect("a swept contact");
        assert!(time > 0.0 && time <= 1.0, "time of impact {time}");
        // The edge touches no later than the centre enters.
        if let Some(entry) = crossed_at {
            assert!(
                time <= entry + 1e-4,
                "touch at {time}, centre enters at {entry}"
            );
        }
        // At the time of impact they touch; a little before, they are apart.
        let at_impact = case.bullet_iso(time);
        let gap = sat2d::distance(
            &case.bullet_shape,
            &at_impact,
            &case.wall_shape,
            &case.wall_iso,
        );
        assert!(
            gap < 1e-2,
            "case {bullet}: {gap} apart at the time of impact"
        );
        let before = case.bullet_iso(time - 2e-3);
        assert!(
            !sat2d::intersects(
                &case.bullet_shape,
                &before,
                &case.wall_shape,
                &case.wall_iso
            ),
            "case {bullet}: already touching before the time of impact {time}"
        );
        // The contact's normal, from the bullet, points into the wall: moving the
        // bullet back along it a little separates them.
        let contact = started[0].contact_from(bullet).unwrap();
        assert!(contact.depth < 1e-2, "depth {}", contact.depth);
        let backed_off = Iso::new(
            at_impact.translation - contact.normal * 0.05,
            case.bullet_angle,
        );
        assert!(
            !sat2d::intersects(
                &case.bullet_shape,
                &backed_off,
                &case.wall_shape,
                &case.wall_iso
            ),
            "case {bullet}: normal {} does not point from the bullet into the wall",
            contact.normal
        );
    }
    assert!(
        crossing >= 150,
        "only {crossing} of 200 paths cross their wall"
    );
}
