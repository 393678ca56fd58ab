//! Colliders placed by `GlobalTransform`: children follow parents, scale applies.

use crate::common::{app, app_with, at};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;
use bevy_sat2d::sat2d::broad_phase::CellSize;

fn contact(app: &App, a: Entity, b: Entity) -> Option<Contact> {
    app.world().resource::<CollisionWorld>().contact(a, b)
}

#[test]
fn child_colliders_follow_their_parent() {
    let mut app = app();
    let probe = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(20.0, 0.0)))
        .id();
    let parent = app.world_mut().spawn(at(0.0, 0.0)).id();
    let child = app
        .world_mut()
        .spawn((
            Collider::rectangle(2.0, 2.0),
            at(10.0, 0.0),
            ChildOf(parent),
        ))
        .id();
    app.update();
    assert!(contact(&app, probe, child).is_none());
    app.world_mut()
        .get_mut::<Transform>(parent)
        .unwrap()
        .translation
        .x = 9.5;
    app.update();
    let touching = contact(&app, child, probe).expect("the child moved with its parent");
    assert!(
        (touching.depth - 1.5).abs() < 1e-4,
        "depth {}",
        touching.depth
    );
    // Rotating the parent by 90° carries the child to (0, 10) relative to the parent.
    app.world_mut()
        .get_mut::<Transform>(parent)
        .unwrap()
        .rotation = Quat::from_rotation_z(core::f32::consts::FRAC_PI_2);
    app.update();
    assert!(contact(&app, child, probe).is_none());
    let placed = app
        .world()
        .resource::<CollisionWorld>()
        .collider(child)
        .unwrap()
        .iso;
    assert!((placed.translation - Vec2::new(9.5, 10.0)).length() < 1e-4);
}

#[test]
fn scale_is_applied_exactly_to_polygons_and_by_the_larger_factor_to_circles() {
    let mut app = app();
    let wall = app
        .world_mut()
        .spawn((Collider::rectangle(2.0, 2.0), at(0.0, 0.0)))
        .id();
    let probe = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(5.5, 0.0)))
        .id();
    app.update();
    assert!(contact(&app, wall, probe).is_none());
    // Scaling the box 10× along X puts its right face at x = 10: the probe (x 4.5..6.5,
    // y -1..1) is then inside the box, pushed out fastest along Y (depth 2).
    app.world_mut().get_mut::<Transform>(wall).unwrap().scale = Vec3::new(10.0, 1.0, 1.0);
    app.update();
    let touching = contact(&app, wall, probe).expect("scaled box reaches the probe");
    assert!(
        (touching.depth - 2.0).abs() < 1e-4,
        "depth {}",
        touching.depth
    );
    // A circle under non-uniform scale uses the larger factor (radius 3 here).
    app.world_mut().get_mut::<Transform>(probe).unwrap().scale = Vec3::new(1.0, 3.0, 1.0);
    app.world_mut().get_mut::<Transform>(wall).unwrap().scale = Vec3::ONE;
    app.update();
    let placed = app
        .world()
        .resource::<CollisionWorld>()
        .collider(probe)
        .unwrap();
    assert_eq!(*placed.shape, sat2d::Shape::circle(3.0));
    assert!(
        contact(&app, wall, probe).is_none(),
        "box face at 1, circle reaches 2.5"
    );
}

#[test]
fn static_colliders_never_pair_with_each_other_and_cost_no_tests() {
    let mut app = app();
    for x in 0..50 {
        app.world_mut().spawn((
            Collider::rectangle(2.0, 2.0),
            at(x as f32 * 1.5, 0.0),
            StaticCollider,
        ));
    }
    let mover = app
        .world_mut()
        .spawn((Collider::circle(1.0), at(10.0, 1.0)))
        .id();
    app.update();
    let diagnostics = app.world().resource::<SatDiagnostics>().clone();
    assert_eq!(diagnostics.colliders, 51);
    assert!(
        diagnostics.contacts > 0 && diagnostics.contacts <= 3,
        "{diagnostics:?}"
    );
    // Nothing moves: every pair is reused, no SAT test runs.
    app.update();
    let diagnostics = app.world().resource::<SatDiagnostics>().clone();
    assert_eq!(diagnostics.sat_tests, 0);
    assert_eq!(diagnostics.reused_contacts, diagnostics.candidate_pairs);
    assert_eq!(diagnostics.moved, 0);
    // Only the mover's pairs are tested when it moves.
    app.world_mut()
        .get_mut::<Transform>(mover)
        .unwrap()
        .translation
        .x = 30.0;
    app.update();
    let diagnostics = app.world().resource::<SatDiagnostics>().clone();
    assert_eq!(diagnostics.moved, 1);
    assert_eq!(diagnostics.sat_tests, diagnostics.candidate_pairs);
}

#[test]
fn static_markers_and_cell_sizes_can_change_at_run_time() {
    let mut app = app();
    let a = app
        .world_mut()
        .spawn((Collider::rectangle(4.0, 4.0), at(0.0, 0.0), StaticCollider))
        .id();
    let b = app
        .world_mut()
        .spawn((Collider::rectangle(4.0, 4.0), at(3.0, 0.0), StaticCollider))
        .id();
    app.update();
    assert!(
        contact(&app, a, b).is_none(),
        "two static colliders are never paired"
    );
    app.world_mut().entity_mut(b).remove::<StaticCollider>();
    app.update();
    assert!(
        contact(&app, a, b).is_some(),
        "un-marking makes the pair testable"
    );
    // A fixed cell size, then an invalid one (ignored with a warning), keep the contact.
    app.world_mut().resource_mut::<SatConfig>().cell_size = CellSize::Fixed(1.5);
    app.update();
    assert_eq!(
        app.world()
            .resource::<CollisionWorld>()
            .broad_phase()
            .cell_side(),
        Some(1.5)
    );
    assert!(contact(&app, a, b).is_some());
    app.world_mut().resource_mut::<SatConfig>().cell_size = CellSize::Fixed(0.0);
    app.update();
    assert_eq!(
        app.world()
            .resource::<CollisionWorld>()
            .broad_phase()
            .cell_side(),
        Some(1.5)
    );
    app.world_mut().entity_mut(b).insert(StaticCollider);
    app.update();
    assert!(
        contact(&app, a, b).is_none(),
        "re-marking makes it static again"
    );
}

/// A fixed cell size given to the plugin is checked like one set at run time: an invalid
/// side is ignored with a warning (the grid stays automatic) instead of panicking at
/// build time, and a valid one is in use after the first step.
#[test]
fn the_initial_cell_size_is_checked_like_a_run_time_one() {
    let overlapping_pair = |app: &mut App| {
        let a = app
            .world_mut()
            .spawn((Collider::rectangle(4.0, 4.0), at(0.0, 0.0)))
            .id();
        let b = app
            .world_mut()
            .spawn((Collider::rectangle(4.0, 4.0), at(3.0, 0.0)))
            .id();
        (a, b)
    };
    for side in [0.0, -2.0, f32::NAN, f32::INFINITY] {
        let mut app = app_with(SatPlugin::default().with_cell_size(side));
        let (a, b) = overlapping_pair(&mut app);
        app.update();
        let grid = app.world().resource::<CollisionWorld>().broad_phase();
        assert_eq!(grid.cell_size(), CellSize::Auto, "side {side} is ignored");
        assert!(grid.cell_side().is_some_and(|side| side > 0.0));
        assert!(
            contact(&app, a, b).is_some(),
            "side {side}: still colliding"
        );
    }
    let mut app = app_with(SatPlugin::default().with_cell_size(2.5));
    let (a, b) = overlapping_pair(&mut app);
    app.update();
    let grid = app.world().resource::<CollisionWorld>().broad_phase();
    assert_eq!(grid.cell_size(), CellSize::Fixed(2.5));
    assert_eq!(grid.cell_side(), Some(2.5));
    assert!(contact(&app, a, b).is_some());
}
