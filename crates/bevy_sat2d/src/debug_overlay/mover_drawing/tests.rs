//! Tests of the mover drawing in a headless app: a mover is drawn while the switch is
//! on and not while it is off, and its casts reach the query recorder.

use super::*;
use crate::character_mover::character_mover_plugin::CharacterMoverPlugin;
use crate::components::collider::Collider;
use crate::components::static_collider::StaticCollider;
use crate::debug_overlay::headless_test_app::{drew_something, headless_overlay_app};
use crate::debug_overlay::{QueryRecorder, RecordedQuery, SatDebugDraw};

/// A headless app with the plugin, the mover plugin, gizmos and the overlay's mover
/// drawing, a floor, and a box mover 10 units above it that moves 3 units right and 2
/// down each step.
fn app(draw_movers: bool) -> (App, Entity) {
    let mut state = SatDebugState::default();
    state.draw.movers = draw_movers;
    let mut app = headless_overlay_app(state);
    app.add_plugins(CharacterMoverPlugin::default())
        .init_resource::<QueryRecorder>();
    add_mover_drawing(&mut app);
    app.world_mut().spawn((
        Collider::rectangle(200.0, 10.0),
        StaticCollider,
        Transform::from_xyz(0.0, -5.0, 0.0),
    ));
    let mover = app
        .world_mut()
        .spawn((
            Collider::rectangle(8.0, 16.0),
            CharacterMover::default(),
            Transform::from_xyz(0.0, 18.0, 0.0),
        ))
        .id();
    app.update();
    (app, mover)
}

fn step(app: &mut App, mover: Entity) -> MoverOutput {
    app.world_mut()
        .get_mut::<CharacterMover>(mover)
        .unwrap()
        .translation = Some(Vec2::new(3.0, -2.0));
    app.update();
    app.world().get::<MoverOutput>(mover).unwrap().clone()
}

#[test]
fn movers_are_drawn_by_default_airborne_and_grounded() {
    assert!(SatDebugDraw::default().movers);
    let (mut app, mover) = app(true);
    let output = step(&mut app, mover);
    assert!(!output.grounded, "10 units up, 2 down a step: in the air");
    assert!(drew_something(&app));
    let landed = (0..10).map(|_| step(&mut app, mover)).last().unwrap();
    assert!(landed.grounded && landed.ground.is_some());
    assert!(drew_something(&app));
}

#[test]
fn the_switch_turns_the_drawing_off() {
    let (mut app, mover) = app(false);
    step(&mut app, mover);
    assert!(!drew_something(&app));
}

#[test]
fn the_movers_casts_are_recorded_as_queries() {
    let (mut app, mover) = app(true);
    app.world().resource::<QueryRecorder>().set_recording(true);
    step(&mut app, mover);
    let casts: Vec<Vec2> = app
        .world()
        .resource::<QueryRecorder>()
        .queries()
        .into_iter()
        .filter_map(|query| match query {
            RecordedQuery::CastShape { motion, .. } => Some(motion),
            _ => None,
        })
        .collect();
    assert!(
        casts.contains(&Vec2::new(3.0, -2.0)),
        "the move's first cast is the whole translation: {casts:?}"
    );
}

#[test]
fn the_mark_floats_over_the_movers_box_along_up() {
    let mark = MoverMark::above(Vec2::new(1.0, 2.0), Vec2::new(4.0, 8.0), Vec2::Y);
    assert_eq!(mark.at, Vec2::new(1.0, 2.0 + 8.0 + MARK_GAP));
    assert_eq!(mark.across.abs(), Vec2::new(4.0, 0.0));
    // Up along +x: the box's half width is what it reaches that way.
    let sideways = MoverMark::above(Vec2::ZERO, Vec2::new(4.0, 8.0), Vec2::X);
    assert_eq!(sideways.at, Vec2::new(4.0 + MARK_GAP, 0.0));
    assert_eq!(sideways.across.abs(), Vec2::new(0.0, 8.0));
}
