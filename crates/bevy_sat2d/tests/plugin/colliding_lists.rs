//! Every `CollidingEntities` against the step's touching pairs, in a scene that churns:
//! the events stage edits thousands of lists a step in entity order, asking for them
//! ahead, and a list that loses many partners is rebuilt. Whatever the order of the
//! edits, each list must hold exactly its collider's touching partners, once each, and
//! the events must add up to the touching pairs.

use std::collections::{BTreeSet, HashMap};

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use crate::common::random_scene::{SCENE_SIDE, random_shape, spawn_scene};
use crate::common::{EventLog, app, at};

/// Checks every collider's list against `CollisionWorld::touching_pairs`, and that the
/// touching pairs are those `events` lead to from `before`; returns the touching pairs.
fn check_step(
    app: &mut App,
    step: usize,
    before: &BTreeSet<(Entity, Entity)>,
    events: &[CollisionEvent],
) -> BTreeSet<(Entity, Entity)> {
    let touching: BTreeSet<(Entity, Entity)> = app
        .world()
        .resource::<CollisionWorld>()
        .touching_pairs()
        .collect();
    let mut from_events = before.clone();
    for event in events {
        match *event {
            CollisionEvent::Started { a, b, .. } => assert!(
                from_events.insert((a, b)),
                "step {step}: {a} and {b} started while touching"
            ),
            CollisionEvent::Ended { a, b } => assert!(
                from_events.remove(&(a, b)),
                "step {step}: {a} and {b} ended without touching"
            ),
            CollisionEvent::Ongoing { a, b } => assert!(
                touching.contains(&(a, b)),
                "step {step}: {a} and {b} go on without touching"
            ),
        }
    }
    assert_eq!(
        from_events, touching,
        "step {step}: events and pairs differ"
    );
    let mut partners: HashMap<Entity, Vec<Entity>> = HashMap::new();
    for &(a, b) in &touching {
        partners.entry(a).or_default().push(b);
        partners.entry(b).or_default().push(a);
    }
    let mut lists = app.world_mut().query::<(Entity, &CollidingEntities)>();
    let mut listed = 0;
    for (entity, list) in lists.iter(app.world()) {
        let mut expected = partners.remove(&entity).unwrap_or_default();
        expected.sort_unstable();
        assert_eq!(list.sorted(), expected, "step {step}: the list of {entity}");
        listed += expected.len();
    }
    assert!(
        partners.is_empty(),
        "step {step}: touching colliders with no list"
    );
    assert_eq!(listed, 2 * touching.len());
    touching
}

/// 400 seeded colliders of every kind (a quarter static, some scaled, four layers),
/// moved at random for 60 steps. Along the way colliders are despawned and others
/// spawned (their indices reused), some have their `Collider` taken off and put back in
/// one frame (their pairs end and start in the same step), and a centre circle gathers
/// 48 small ones that then scatter in one step (its list loses more than it keeps and
/// is rebuilt).
#[test]
fn every_list_holds_its_touching_partners_in_a_churning_scene() {
    let mut app = app();
    let mut rng = fastrand::Rng::with_seed(37);
    let mut colliders = spawn_scene(&mut app, 37, 400);
    let centre = app
        .world_mut()
        .spawn((Collider::circle(10.0), at(SCENE_SIDE + 300.0, 0.0)))
        .id();
    let ring: Vec<Entity> = (0..48)
        .map(|_| {
            app.world_mut()
                .spawn((Collider::circle(0.5), at(-1000.0, -1000.0)))
                .id()
        })
        .collect();
    let mut log = EventLog::new(&app);
    let mut touching = BTreeSet::new();
    let (mut most_started, mut most_ended) = (0, 0);
    for step in 0..60 {
        for &entity in &colliders {
            if rng.bool()
                && let Some(mut transform) = app.world_mut().get_mut::<Transform>(entity)
            {
                transform.translation.x += (rng.f32() - 0.5) * 24.0;
                transform.translation.y += (rng.f32() - 0.5) * 24.0;
            }
        }
        if step % 5 == 4 {
            for _ in 0..10 {
                let gone = colliders.swap_remove(rng.usize(..colliders.len()));
                app.world_mut().despawn(gone);
                let place = Vec2::new(rng.f32(), rng.f32()) * SCENE_SIDE;
                let shape = random_shape(&mut rng);
                let spawned = app
                    .world_mut()
                    .spawn((Collider::from(shape), at(place.x, place.y)))
                    .id();
                colliders.push(spawned);
            }
            for _ in 0..5 {
                let entity = colliders[rng.usize(..colliders.len())];
                let mut entity = app.world_mut().entity_mut(entity);
                let collider = entity.take::<Collider>().expect("every collider has one");
                entity.insert(collider);
            }
        }
        // The ring gathers around the centre at step 20 and scatters at step 21.
        let ring_place = |index: usize, gathered: bool| {
            let angle = index as f32 * std::f32::consts::TAU / 48.0;
            let centre_place = Vec2::new(SCENE_SIDE + 300.0, 0.0);
            let radius = if gathered { 10.3 } else { 40.0 + index as f32 };
            centre_place + Vec2::from_angle(angle) * radius
        };
        if step == 20 || step == 21 {
            for (index, &small) in ring.iter().enumerate() {
                let place = ring_place(index, step == 20);
                app.world_mut()
                    .get_mut::<Transform>(small)
                    .unwrap()
                    .translation = place.extend(0.0);
            }
        }
        let events = log.step(&mut app);
        let counts = |kind: fn(&CollisionEvent) -> bool| events.iter().filter(|e| kind(e)).count();
        most_started = most_started.max(counts(|e| matches!(e, CollisionEvent::Started { .. })));
        most_ended = most_ended.max(counts(|e| matches!(e, CollisionEvent::Ended { .. })));
        touching = check_step(&mut app, step, &touching, &events);
        let centre_partners = app.world().get::<CollidingEntities>(centre).unwrap().len();
        match step {
            20 => assert_eq!(centre_partners, 48, "the ring gathered"),
            21 => assert_eq!(centre_partners, 0, "the ring scattered"),
            _ => {}
        }
    }
    // The scene churned: many lists edited in one step, more than the walk asks ahead.
    assert!(
        most_started > 40 && most_ended > 40,
        "{most_started} {most_ended}"
    );
}
