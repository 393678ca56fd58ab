//! `SweptCollider` filtering (layers, static pairs) and over seeded paths: bullets of
//! three kinds through walls of every kind, each hit checked against the core's ray
//! cast, distance and overlap.

use crate::common::random_scene::random_shape;
use crate::common::{EventLog, app, at, move_to};
use crate::swept_support::{close, spawn_bullet, spawn_wall};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::{self, Iso, Ray};

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
    // Each hit's contact, from the bullet, read in the step that found it.
    let world = app.world().resource::<CollisionWorld>();
    let contacts: Vec<Option<Contact>> = cases
        .iter()
        .map(|case| world.contact(case.bullet, case.wall))
        .collect();
    let ends = log.step(&mut app);
    assert!(log.step(&mut app).is_empty(), "nothing after the ends");

    let mut crossing = 0;
    for (case, contact) in cases.iter().zip(&contacts) {
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
        let contact = contact.as_ref().expect("a started pair has a contact");
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
