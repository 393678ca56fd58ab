//! `cast_turning_shape` against brute-force fine stepping: both shapes placed at
//! 10,000 evenly spaced times by the same `RigidMotion::at` the cast uses, and the
//! first time `intersects` says they meet taken as the oracle's time of impact.
//!
//! A miss (the oracle meets, the cast says `None`) fails, and so does a time later than
//! the oracle's first meeting by more than the cast's tolerance turned into time (the
//! accepted gap over the fastest approach speed). A hit the oracle does not see must be
//! a graze: at the cast's time the shapes are within the accepted gap.
//!
//! Named cases: spinning blades (rectangles, capsules, segments) whose ends cross thin
//! walls while their centres stay far, planks and capsules turning up to a full turn
//! in a step, a door turning about its hinge, corners and concave outlines (an L, a
//! cup, a cross), touching starts, near misses and bad input; then seeded random cases.

use core::f32::consts::{PI, TAU};

use sat2d::{Iso, RigidMotion, Shape, Vec2};

/// The sub-steps of the oracle.
const STEPS: u32 = 10_000;

/// The accepted gap at a hit, in units of the pair's tolerance.
const ACCEPTED: f32 = sat2d::TURNING_CAST_TARGET + sat2d::TURNING_CAST_TOLERANCE;

/// The oracle: the first of `STEPS + 1` evenly spaced times at which the shapes meet.
fn first_meeting(
    a: &Shape,
    motion_a: &RigidMotion,
    b: &Shape,
    motion_b: &RigidMotion,
) -> Option<f32> {
    (0..=STEPS)
        .map(|step| step as f32 / STEPS as f32)
        .find(|&time| sat2d::intersects(a, &motion_a.at(time), b, &motion_b.at(time)))
}

/// The fastest any point of either shape can move relative to the other: a bound on
/// how fast the gap closes (generous: radii from the local origin, plus the centre).
fn fastest(a: &Shape, motion_a: &RigidMotion, b: &Shape, motion_b: &RigidMotion) -> f32 {
    let turning = |shape: &Shape, motion: &RigidMotion| {
        motion.angular_velocity.abs() * (shape.reach() + motion.local_center.length())
    };
    (motion_b.linear_velocity - motion_a.linear_velocity).length()
        + turning(a, motion_a)
        + turning(b, motion_b)
}

/// Checks the cast against the oracle; returns the cast's time (or `None`).
fn check(
    name: &str,
    a: &Shape,
    motion_a: &RigidMotion,
    b: &Shape,
    motion_b: &RigidMotion,
) -> Option<f32> {
    let hit = sat2d::cast_turning_shape(a, motion_a, b, motion_b);
    let oracle = first_meeting(a, motion_a, b, motion_b);
    let epsilon = sat2d::tolerance(a, b);
    if let Some(oracle) = oracle {
        let hit = hit.unwrap_or_else(|| panic!("{name}: missed; the oracle meets at {oracle}"));
        // Later than the oracle's time by more than the accepted gap takes at the
        // fastest approach (and a rounding margin) fails.
        let late = ACCEPTED * epsilon / fastest(a, motion_a, b, motion_b).max(1e-6) + 1e-6;
        assert!(
            hit.fraction <= oracle + late,
            "{name}: hit at {} later than the oracle's {oracle} (+{late})",
            hit.fraction
        );
    }
    let hit = hit?;
    assert!(
        (0.0..=1.0).contains(&hit.fraction),
        "{name}: time {}",
        hit.fraction
    );
    assert!(
        (hit.normal.length() - 1.0).abs() < 1e-4,
        "{name}: normal {:?}",
        hit.normal
    );
    let (iso_a, iso_b) = (motion_a.at(hit.fraction), motion_b.at(hit.fraction));
    let gap = sat2d::distance(a, &iso_a, b, &iso_b);
    assert!(
        gap <= ACCEPTED * epsilon * 1.01,
        "{name}: gap {gap} at the hit {} (oracle {oracle:?}), past the accepted {}",
        hit.fraction,
        ACCEPTED * epsilon
    );
    // The point lies on both shapes, within the accepted gap (or the depth of a
    // touching start).
    if hit.fraction > 0.0 {
        for (shape, iso) in [(a, &iso_a), (b, &iso_b)] {
            let dot = Shape::circle(ACCEPTED * epsilon);
            let near = sat2d::intersects(shape, iso, &dot, &Iso::from_translation(hit.point));
            assert!(near, "{name}: point {:?} off a shape", hit.point);
        }
        // The normal runs from A toward B: B moved along it parts them further (for
        // convex shapes: a concave B can close on A elsewhere, a cup around a blade).
        let convex = |shape: &Shape| !matches!(shape, Shape::Concave(_));
        let pushed = Iso {
            translation: iso_b.translation + hit.normal * (gap + 1e-3),
            rotation: iso_b.rotation,
        };
        assert!(
            !(convex(a) && convex(b)) || sat2d::distance(a, &iso_a, b, &pushed) >= gap,
            "{name}: normal {:?} does not point from A to B",
            hit.normal
        );
    }
    Some(hit.fraction)
}

/// A thin wall, 0.05 wide and 20 high, centred at `x`.
fn wall_at(x: f32) -> (Shape, RigidMotion) {
    (
        Shape::rectangle(0.05, 20.0),
        RigidMotion::still(Iso::from_translation(Vec2::new(x, 0.0))),
    )
}

/// An L-shaped corner (concave), its inner corner at the local origin, arms 8 long and
/// 0.1 thick running along +x and +y.
fn corner() -> Shape {
    Shape::polygon(&[
        Vec2::new(-0.1, -0.1),
        Vec2::new(8.0, -0.1),
        Vec2::new(8.0, 0.0),
        Vec2::new(0.0, 0.0),
        Vec2::new(0.0, 8.0),
        Vec2::new(-0.1, 8.0),
    ])
    .unwrap()
}

/// A cup (concave): a floor and two walls 0.1 thick, 6 wide inside, 4 deep.
fn cup() -> Shape {
    Shape::polygon(&[
        Vec2::new(-3.1, -0.1),
        Vec2::new(3.1, -0.1),
        Vec2::new(3.1, 4.0),
        Vec2::new(3.0, 4.0),
        Vec2::new(3.0, 0.0),
        Vec2::new(-3.0, 0.0),
        Vec2::new(-3.0, 4.0),
        Vec2::new(-3.1, 4.0),
    ])
    .unwrap()
}

/// A cross (concave): two blades 6 long and 0.3 wide, crossed at the origin.
fn cross() -> Shape {
    let (long, thin) = (3.0, 0.15);
    Shape::polygon(&[
        Vec2::new(thin, thin),
        Vec2::new(long, thin),
        Vec2::new(long, -thin),
        Vec2::new(thin, -thin),
        Vec2::new(thin, -long),
        Vec2::new(-thin, -long),
        Vec2::new(-thin, -thin),
        Vec2::new(-long, -thin),
        Vec2::new(-long, thin),
        Vec2::new(-thin, thin),
        Vec2::new(-thin, long),
        Vec2::new(thin, long),
    ])
    .unwrap()
}

#[test]
fn blade_ends_cross_a_wall_its_centre_never_nears() {
    // A blade 10 long standing upright, turning a quarter turn; the wall 3 to the
    // right, 0.05 thick. Its centre stays 3 away; its ends sweep 5 out.
    let blade = Shape::rectangle(0.2, 10.0);
    let (wall, still) = wall_at(3.0);
    let spin = RigidMotion::new(Iso::IDENTITY, Vec2::ZERO, PI / 2.0);
    let time =
        check("quarter turn", &blade, &spin, &wall, &still).expect("the ends cross the wall");
    // The end meets the wall when it has turned by asin(3 / 5) less its half-width.
    let expected = (3.0f32 / 5.0).asin() / (PI / 2.0);
    assert!((time - expected).abs() < 0.02, "{time} vs {expected}");
    // The same turn as a translation-only cast misses.
    assert!(
        sat2d::cast_shape(
            &blade,
            &Iso::IDENTITY,
            Vec2::ZERO,
            &wall,
            &still.start,
            Vec2::ZERO
        )
        .is_none()
    );
}

#[test]
fn spinning_blades_capsules_and_segments_against_thin_walls() {
    let shapes = [
        ("rectangle blade", Shape::rectangle(0.1, 10.0)),
        ("capsule blade", Shape::capsule(0.05, 10.0)),
        (
            "segment blade",
            Shape::segment(Vec2::new(0.0, -5.0), Vec2::new(0.0, 5.0)),
        ),
    ];
    for (name, blade) in &shapes {
        for turn in [0.3, PI / 2.0, PI, TAU, -TAU] {
            for wall_x in [1.0, 4.2, 4.99] {
                let (wall, still) = wall_at(wall_x);
                let spin = RigidMotion::new(Iso::new(Vec2::ZERO, 0.01), Vec2::ZERO, turn);
                check(
                    &format!("{name}, turn {turn}, wall at {wall_x}"),
                    blade,
                    &spin,
                    &wall,
                    &still,
                );
            }
        }
        // Out of reach: the wall lies past the ends' circle.
        let (wall, still) = wall_at(5.2);
        let spin = RigidMotion::new(Iso::IDENTITY, Vec2::ZERO, TAU);
        assert_eq!(
            check(name, blade, &spin, &wall, &still),
            None,
            "{name} reached a far wall"
        );
    }
}

#[test]
fn tumbling_planks_and_capsules_moving_and_turning() {
    let plank = Shape::rectangle(10.0, 0.5);
    let capsule = Shape::capsule(0.25, 6.0);
    for (name, shape) in [("plank", &plank), ("capsule", &capsule)] {
        for (velocity, turn) in [
            (Vec2::new(6.0, -1.0), PI),
            (Vec2::new(2.0, 0.0), TAU),
            (Vec2::new(9.0, 3.0), -PI / 2.0),
        ] {
            let (wall, still) = wall_at(7.0);
            let start = Iso::new(Vec2::new(0.0, 0.0), 0.3);
            let motion = RigidMotion::new(start, velocity, turn);
            check(
                &format!("{name} {velocity} {turn}"),
                shape,
                &motion,
                &wall,
                &still,
            );
            // The wall as A, the tumbling shape as B: the same time.
            let forward =
                sat2d::cast_turning_shape(shape, &motion, &wall, &still).map(|hit| hit.fraction);
            let reverse = check(&format!("{name} reversed"), &wall, &still, shape, &motion);
            assert_eq!(
                forward.is_some(),
                reverse.is_some(),
                "{name}: order changed the answer"
            );
        }
    }
}

#[test]
fn a_door_turning_about_its_hinge_meets_a_post() {
    // A door 4 long turning about its hinge at one end, 2 from its centre.
    let door = Shape::rectangle(4.0, 0.1);
    let hinge = Vec2::new(-2.0, 0.0);
    let start = Iso::from_translation(Vec2::new(2.0, 0.0)); // hinge at the world origin
    let swing = RigidMotion::new(start, Vec2::ZERO, PI).with_local_center(hinge);
    let post = Shape::circle(0.1);
    let at = RigidMotion::still(Iso::from_translation(Vec2::new(-2.0, 2.0)));
    let time = check("door", &door, &swing, &post, &at).expect("the door meets the post");
    assert!(time > 0.6 && time < 0.8, "{time}");
    // The hinge itself does not move.
    assert!(swing.at(time).transform_point(hinge).length() < 1e-5);
}

#[test]
fn corners_and_concave_outlines() {
    let blade = Shape::rectangle(0.1, 6.0);
    // Spinning inside the corner's crook, the blade's ends meet the arms.
    let crook = RigidMotion::still(Iso::from_translation(Vec2::new(-2.0, -2.0)));
    for turn in [PI / 2.0, TAU, -PI] {
        let spin = RigidMotion::new(Iso::new(Vec2::ZERO, 0.2), Vec2::ZERO, turn);
        check(&format!("corner {turn}"), &blade, &spin, &corner(), &crook)
            .expect("the blade meets an arm");
        check(
            &format!("corner reversed {turn}"),
            &corner(),
            &crook,
            &blade,
            &spin,
        )
        .expect("the arm meets the blade");
    }
    // In the cup, spinning and sinking.
    let cup_at = RigidMotion::still(Iso::from_translation(Vec2::new(0.0, -3.0)));
    let sink = RigidMotion::new(Iso::new(Vec2::ZERO, 1.4), Vec2::new(0.0, -1.0), PI);
    check("cup", &blade, &sink, &cup(), &cup_at).expect("the blade meets the cup");
    // A spinning cross against a thin wall, and against the corner.
    let (wall, still) = wall_at(2.5);
    let spin = RigidMotion::new(Iso::new(Vec2::ZERO, 0.2), Vec2::ZERO, PI / 2.0);
    check("cross", &cross(), &spin, &wall, &still).expect("an arm meets the wall");
    check("cross corner", &cross(), &spin, &corner(), &crook).expect("an arm meets the corner");
    // A cross that turns a little and stays clear of the wall.
    let (wall, still) = wall_at(3.3);
    assert_eq!(check("cross clear", &cross(), &spin, &wall, &still), None);
}

#[test]
fn touching_starts_bad_input_and_parting() {
    let blade = Shape::rectangle(0.2, 10.0);
    let (wall, still) = wall_at(0.125);
    let spin = RigidMotion::new(Iso::IDENTITY, Vec2::ZERO, 1.0);
    let hit = sat2d::cast_turning_shape(&blade, &spin, &wall, &still).expect("touching now");
    assert_eq!(hit.fraction, 0.0);
    assert!(hit.normal.x > 0.9, "{:?}", hit.normal);
    for bad in [
        RigidMotion::new(Iso::IDENTITY, Vec2::new(f32::NAN, 0.0), 1.0),
        RigidMotion::new(Iso::IDENTITY, Vec2::ZERO, f32::INFINITY),
        RigidMotion::new(
            Iso::from_translation(Vec2::splat(f32::INFINITY)),
            Vec2::ZERO,
            0.0,
        ),
        RigidMotion::new(Iso::IDENTITY, Vec2::ZERO, 1.0).with_local_center(Vec2::splat(f32::NAN)),
    ] {
        assert_eq!(sat2d::cast_turning_shape(&blade, &bad, &wall, &still), None);
        assert_eq!(sat2d::cast_turning_shape(&wall, &still, &blade, &bad), None);
    }
    // Moving away without turning never meets.
    let (wall, still) = wall_at(2.0);
    let away = RigidMotion::new(Iso::IDENTITY, Vec2::new(-5.0, 0.0), 0.0);
    assert_eq!(check("parting", &blade, &away, &wall, &still), None);
}

/// A small seeded generator of shapes for the random cases.
fn random_shape(random: &mut fastrand::Rng) -> Shape {
    let size = |random: &mut fastrand::Rng, low: f32, high: f32| low + random.f32() * (high - low);
    match random.u32(0..7) {
        0 => Shape::rectangle(size(random, 0.05, 0.3), size(random, 2.0, 10.0)),
        1 => Shape::capsule(size(random, 0.05, 0.4), size(random, 1.0, 8.0)),
        2 => Shape::segment(
            Vec2::ZERO,
            Vec2::new(size(random, 1.0, 6.0), size(random, -1.0, 1.0)),
        ),
        3 => Shape::regular_polygon(size(random, 0.3, 2.0), random.usize(3..9)).unwrap(),
        4 => Shape::circle(size(random, 0.1, 1.0)),
        5 => cross(),
        _ => corner(),
    }
}

/// A random rigid motion near the origin: up to a full turn either way, about the
/// local origin or another point, moving up to 6 units.
fn random_motion(random: &mut fastrand::Rng, spread: f32) -> RigidMotion {
    let mut value = |scale: f32| (random.f32() * 2.0 - 1.0) * scale;
    let motion = RigidMotion::new(
        Iso::new(Vec2::new(value(spread), value(spread)), value(PI)),
        Vec2::new(value(6.0), value(6.0)),
        value(TAU),
    );
    let center = Vec2::new(value(1.0), value(1.0));
    if center.x > 0.0 {
        motion.with_local_center(center)
    } else {
        motion
    }
}

#[test]
fn seeded_random_cases_against_fine_stepping() {
    let mut random = fastrand::Rng::with_seed(40);
    let (mut hits, mut cases) = (0, 0);
    while cases < 200 {
        let (a, b) = (random_shape(&mut random), random_shape(&mut random));
        let (motion_a, motion_b) = (
            random_motion(&mut random, 4.0),
            random_motion(&mut random, 4.0),
        );
        // Cases that start touching say little: skip them.
        if sat2d::intersects(&a, &motion_a.start, &b, &motion_b.start) {
            continue;
        }
        cases += 1;
        hits += usize::from(
            check(
                &format!("random case {cases}"),
                &a,
                &motion_a,
                &b,
                &motion_b,
            )
            .is_some(),
        );
    }
    // The generator must give both kinds of case for the test to mean anything.
    assert!((40..=160).contains(&hits), "{hits} hits of {cases}");
}
