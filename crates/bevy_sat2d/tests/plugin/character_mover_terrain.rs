//! The character mover on terrain: slopes, ledges, stairs, and fast moves into thin
//! walls.

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

use crate::character_mover_support::*;

/// A floor from x = -200 to 600, its top at y = 0.
fn floor(app: &mut App) -> Entity {
    solid(
        app,
        Collider::rectangle(800.0, 20.0),
        Vec2::new(200.0, -10.0),
    )
}

/// A ramp rising to the right at `degrees`, its foot at x = 100 on the floor.
fn ramp(app: &mut App, degrees: f32, run: f32) -> Entity {
    let rise = run * degrees.to_radians().tan();
    let points = [
        Vec2::new(100.0, 0.0),
        Vec2::new(100.0 + run, 0.0),
        Vec2::new(100.0 + run, rise),
    ];
    solid(app, Collider::polygon(&points).unwrap(), Vec2::ZERO)
}

/// Walks a 12×12 box right from x = 50 on the floor for `steps` steps of `speed` with
/// a pull of 1 down; its last position and output.
fn walk_right(
    app: &mut App,
    settings: MoverSettings,
    speed: f32,
    steps: usize,
) -> (Vec2, MoverOutput) {
    let entity = mover(
        app,
        Collider::rectangle(12.0, 12.0),
        Vec2::new(50.0, 6.0 + SKIN),
        settings,
    );
    app.update();
    for _ in 0..steps {
        step(app, entity, Vec2::new(speed, -1.0));
    }
    (position(app, entity), output(app, entity))
}

#[test]
fn climbs_a_30_degree_slope() {
    let mut app = app();
    floor(&mut app);
    let slope = ramp(&mut app, 30.0, 300.0);
    let (end, output) = walk_right(&mut app, MoverSettings::default(), 3.0, 60);
    // 180 units of walking: the box is well up the ramp, at its surface.
    assert!(end.x > 200.0, "stopped at {end}");
    let surface = (end.x + 6.0 - 100.0) * 30f32.to_radians().tan();
    assert!(
        end.y - 6.0 > surface - 1.0 && end.y - 6.0 < surface + 1.0,
        "at {end}, surface {surface}"
    );
    assert!(output.grounded);
    assert_eq!(output.ground.unwrap().entity, slope);
}

#[test]
fn stops_at_a_60_degree_slope() {
    let mut app = app();
    let ground = floor(&mut app);
    ramp(&mut app, 60.0, 100.0);
    let (end, output) = walk_right(&mut app, MoverSettings::default(), 3.0, 60);
    assert!(end.x < 94.1, "went up to {end}");
    assert!(end.y < 6.0 + 0.5, "climbed to {end}");
    assert!(output.grounded);
    assert_eq!(output.ground.unwrap().entity, ground);
}

/// A ledge of `height` from x = 100 to 200 on the floor.
fn ledge(app: &mut App, height: f32) -> Entity {
    solid(
        app,
        Collider::rectangle(100.0, height),
        Vec2::new(150.0, height * 0.5),
    )
}

fn stepping() -> MoverSettings {
    MoverSettings {
        step_height: 8.0,
        ..default()
    }
}

#[test]
fn steps_up_a_ledge_below_the_step_height() {
    let mut app = app();
    floor(&mut app);
    let top = ledge(&mut app, 6.0);
    let (end, output) = walk_right(&mut app, stepping(), 3.0, 40);
    assert!(end.x > 160.0, "stopped at {end}");
    assert!((end.y - (6.0 + 6.0 + SKIN)).abs() < 1e-3, "at {end}");
    assert_eq!(output.ground.unwrap().entity, top);
}

#[test]
fn stops_at_a_ledge_above_the_step_height() {
    let mut app = app();
    floor(&mut app);
    ledge(&mut app, 12.0);
    let (end, output) = walk_right(&mut app, stepping(), 3.0, 40);
    assert!(end.x < 94.0 && end.x > 93.9, "at {end}");
    assert!((end.y - (6.0 + SKIN)).abs() < 1e-3, "at {end}");
    assert!(output.grounded);
}

/// Ten stairs going down to the right, 16 wide and 4 high; the first's top at y = 0.
fn stairs(app: &mut App) {
    for index in 0..10 {
        let top = -4.0 * index as f32;
        solid(
            app,
            Collider::rectangle(16.0, 100.0),
            Vec2::new(8.0 + 16.0 * index as f32, top - 50.0),
        );
    }
}

/// Walks down the stairs at 2 a step with a pull of 0.5; whether the mover was grounded
/// after every step, and its lowest height.
fn walk_down_stairs(snap: f32) -> (bool, f32) {
    let mut app = app();
    stairs(&mut app);
    let settings = MoverSettings {
        snap_to_ground: snap,
        ..default()
    };
    let entity = mover(
        &mut app,
        Collider::rectangle(12.0, 12.0),
        Vec2::new(4.0, 6.0 + SKIN),
        settings,
    );
    app.update();
    let mut always = true;
    let mut lowest = f32::MAX;
    while position(&app, entity).x < 150.0 {
        let now = step(&mut app, entity, Vec2::new(2.0, -0.5));
        always &= output(&app, entity).grounded;
        lowest = lowest.min(now.y);
    }
    (always, lowest)
}

#[test]
fn snaps_down_stairs_staying_grounded() {
    let (grounded, lowest) = walk_down_stairs(6.0);
    assert!(grounded, "left the ground on the way down");
    // Eight stairs down (the box is 12 wide, so it stands on the eighth at x = 150).
    assert!(
        (lowest - (6.0 + SKIN - 32.0)).abs() < 1e-3,
        "went down to {lowest}"
    );
    // Without snapping, stepping off each stair is a short fall.
    let (grounded, _) = walk_down_stairs(0.0);
    assert!(!grounded);
}

#[test]
fn a_thousand_units_a_step_never_passes_a_4_unit_wall() {
    for body in [
        Collider::rectangle(12.0, 12.0),
        Collider::capsule(5.0, 10.0),
        Collider::circle(6.0),
    ] {
        for motion in [
            Vec2::new(1000.0, 0.0),
            Vec2::new(1000.0, 300.0),
            Vec2::new(1000.0, -77.0),
        ] {
            let mut app = app();
            let wall = solid(
                &mut app,
                Collider::rectangle(4.0, 20000.0),
                Vec2::new(100.0, 0.0),
            );
            let entity = mover(&mut app, body.clone(), Vec2::ZERO, MoverSettings::default());
            app.update();
            for _ in 0..5 {
                let now = step(&mut app, entity, motion);
                assert!(now.x <= 98.0 - 5.0 + 1e-3, "{body:?} by {motion}: at {now}");
                assert!(
                    app.world()
                        .resource::<CollisionWorld>()
                        .contact(entity, wall)
                        .is_none(),
                    "{body:?} by {motion}: touching the wall at {now}"
                );
            }
        }
    }
}

#[test]
fn walls_end_the_move_when_sliding_is_off() {
    let mut app = app();
    solid(
        &mut app,
        Collider::rectangle(4.0, 200.0),
        Vec2::new(100.0, 0.0),
    );
    let settings = MoverSettings {
        slide_on_walls: false,
        ..default()
    };
    let entity = mover(
        &mut app,
        Collider::rectangle(12.0, 12.0),
        Vec2::ZERO,
        settings,
    );
    app.update();
    let end = step(&mut app, entity, Vec2::new(200.0, 100.0));
    // The wall's face is at x = 98: the box stops there, having risen only on the way.
    assert!((end.x - (92.0 - SKIN)).abs() < 1e-3, "at {end}");
    assert!((end.y - 46.0).abs() < 1e-2, "at {end}");
    let hits = output(&app, entity).hits;
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].normal, Vec2::NEG_X);
}
