//! Tests of the explainer's drawing and its arrow keys in a headless app (no camera:
//! one world unit per pixel).

use bevy_egui::input::EguiWantsInput;

use super::*;
use crate::components::collider::Collider;
use crate::debug_overlay::headless_test_app::{drew_something, headless_overlay_app};
use crate::debug_overlay::step_keys::step_with_keys;
use crate::sat_systems::SatSystems;

/// Two 2×2 boxes, B 1.5 to the right of A (overlapping by 0.5) or 5 to the right
/// (apart), with the explainer drawing and the arrow keys; stepped once.
fn explainer_app(gap: bool, pair_selected: bool) -> (App, Entity, Entity) {
    let mut app = headless_overlay_app(SatDebugState::default());
    app.init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<EguiWantsInput>()
        .add_systems(Update, step_with_keys)
        .add_systems(PostUpdate, draw_explainer.after(SatSystems::Events));
    let a = app
        .world_mut()
        .spawn((Collider::rectangle(2.0, 2.0), Transform::default()))
        .id();
    let x = if gap { 5.0 } else { 1.5 };
    let b = app
        .world_mut()
        .spawn((
            Collider::rectangle(2.0, 2.0),
            Transform::from_xyz(x, 0.0, 0.0),
        ))
        .id();
    app.update();
    if pair_selected {
        let mut state = app.world_mut().resource_mut::<SatDebugState>();
        state.selected = Some(a);
        state.partner = Some(b);
    }
    app.update();
    (app, a, b)
}

fn press(app: &mut App, key: KeyCode) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.reset_all();
    keys.press(key);
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .reset_all();
}

fn step(app: &App) -> Option<usize> {
    app.world().resource::<SatDebugState>().explainer.step
}

#[test]
fn the_explainer_draws_only_for_a_selected_pair() {
    let (app, ..) = explainer_app(false, false);
    assert!(!drew_something(&app));
    let (mut app, ..) = explainer_app(false, true);
    assert!(drew_something(&app));
    app.world_mut()
        .resource_mut::<SatDebugState>()
        .draw
        .explainer = false;
    app.update();
    assert!(!drew_something(&app));
}

#[test]
fn arrow_keys_walk_to_the_first_gap_and_back() {
    let (mut app, a, b) = explainer_app(true, true);
    let state = app.world().resource::<SatDebugState>();
    let (placed_a, placed_b) = {
        let world = app.world().resource::<CollisionWorld>();
        (
            world.collider(a).unwrap().clone(),
            world.collider(b).unwrap().clone(),
        )
    };
    assert_eq!(state.explainer.step, None);
    let explanation = sat2d::explain(
        &placed_a.shape,
        &placed_a.iso,
        &placed_b.shape,
        &placed_b.iso,
    );
    let gap = super::super::step_through::first_gap(&explanation.axes).unwrap();
    for _ in 0..explanation.axes.len() + 2 {
        press(&mut app, KeyCode::ArrowRight);
        assert!(drew_something(&app));
    }
    assert_eq!(step(&app), Some(gap));
    for _ in 0..=gap {
        press(&mut app, KeyCode::ArrowLeft);
    }
    assert_eq!(step(&app), None);
}

#[test]
fn keys_do_nothing_without_a_pair() {
    let (mut app, ..) = explainer_app(true, false);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(step(&app), None);
}
