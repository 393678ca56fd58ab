//! Turning shape casts: sat2d's `cast_turning_shape` against parry2d's
//! `cast_shapes_nonlinear` (with `NonlinearRigidMotion`) on the same seeded cases, and
//! both against brute-force fine stepping.
//!
//! `cargo bench --manifest-path benches/parry_peers/Cargo.toml --bench turning_cast`
//! (parry2d 0.31.1; `cargo bench -p sat2d --bench turning_cast` runs it against 0.27)
//! times 4,096 cases (`SAT2D_BENCH_CASES` picks other counts), each a shape turning up
//! to a full turn either way during the step and moving up to 4 units, about the local
//! origin: three in four against a still thin wall (0.05 to 0.2 thick, 20 high, up to
//! the shape's reach away), one in four against a random shape that also moves and
//! turns. The turning shapes are blades (thin rectangles 2 to 8 long), capsule blades,
//! random convex polygons and circles. No case starts touching; the cases are read in
//! a seeded random order.
//!
//! It then checks each library against the oracle: both shapes placed at 10,000
//! evenly spaced times (as `RigidMotion::at` places them, which is how parry2d's
//! `position_at_time` places them too) and tested with `sat2d::intersects`. A miss is
//! a case the oracle sees meet and the library does not; late, a time past the
//! oracle's first meeting by more than sat2d's accepted gap over the fastest closing
//! speed (plus 1e-5); an extra hit, one the oracle does not see (a graze).
//! Tolerances: sat2d's are its documented ones (a gap of at most 10 ε at the answer, ε
//! = 1e-5 × the summed reaches); parry2d's are its own (bisection to 10 f32 epsilons in
//! time, `eps_tol`); neither is tuned for the other.

mod common;
mod parry_compat;
mod shapes;

use std::hint::black_box;

use core::f32::consts::TAU;

use criterion::{Criterion, Throughput};
use parry2d::query::NonlinearRigidMotion;
use parry2d::shape::{Cuboid, SharedShape};
use sat2d::{RigidMotion, Shape, Vec2};

use common::median_ns;
use parry_compat::{PARRY2D, vector};
use shapes::game_scale::{case_counts, scattered};
use shapes::{Placed, place, random_capsule, random_circle, random_polygon};

/// The oracle's sub-steps.
const STEPS: u32 = 10_000;

/// One case: two shapes, each with its motion in both libraries.
struct Case {
    a: Box<Placed>,
    b: Box<Placed>,
    motion_a: RigidMotion,
    motion_b: RigidMotion,
    parry_a: NonlinearRigidMotion,
    parry_b: NonlinearRigidMotion,
}

/// A rectangle in both libraries.
fn rectangle(width: f32, height: f32) -> (Shape, SharedShape) {
    (
        Shape::rectangle(width, height),
        SharedShape::new(Cuboid::new(vector(Vec2::new(width, height) * 0.5))),
    )
}

/// A turning shape: a blade, a capsule blade, a polygon or a circle.
fn turning_shape(rng: &mut fastrand::Rng) -> (Shape, SharedShape) {
    match rng.usize(0..4) {
        0 => rectangle(0.1 + 0.2 * rng.f32(), 2.0 + 6.0 * rng.f32()),
        1 => {
            let (radius, length) = (0.05 + 0.2 * rng.f32(), 2.0 + 6.0 * rng.f32());
            (
                Shape::capsule(radius, length),
                SharedShape::new(parry2d::shape::Capsule::new_y(length * 0.5, radius)),
            )
        }
        2 => random_polygon(rng),
        _ => random_circle(rng),
    }
}

/// A motion in both libraries: up to 4 units and a full turn either way.
fn motion(
    rng: &mut fastrand::Rng,
    placed: &Placed,
    moves: bool,
) -> (RigidMotion, NonlinearRigidMotion) {
    let (velocity, turn) = if moves {
        (
            Vec2::from_angle(rng.f32() * TAU) * 4.0 * rng.f32(),
            (2.0 * rng.f32() - 1.0) * TAU,
        )
    } else {
        (Vec2::ZERO, 0.0)
    };
    (
        RigidMotion::new(placed.iso, velocity, turn),
        NonlinearRigidMotion::new(placed.pose, vector(Vec2::ZERO), vector(velocity), turn),
    )
}

/// `count` cases that do not touch at the start.
fn cases(rng: &mut fastrand::Rng, count: usize) -> Vec<Case> {
    let mut cases = Vec::with_capacity(count);
    while cases.len() < count {
        let a = place(turning_shape(rng), Vec2::ZERO, rng.f32() * TAU);
        let reach = a.shape.reach();
        let against_wall = rng.usize(0..4) > 0;
        let b = if against_wall {
            let side = Vec2::from_angle(rng.f32() * TAU) * (0.3 + 1.1 * reach * rng.f32());
            place(
                rectangle(0.05 + 0.15 * rng.f32(), 20.0),
                side,
                side.to_angle(),
            )
        } else {
            let at = Vec2::from_angle(rng.f32() * TAU) * (reach + 1.0 + 2.0 * rng.f32());
            let shape = if rng.bool() {
                random_polygon(rng)
            } else {
                random_capsule(rng)
            };
            place(shape, at, rng.f32() * TAU)
        };
        if sat2d::intersects(&a.shape, &a.iso, &b.shape, &b.iso) {
            continue;
        }
        let (motion_a, parry_a) = motion(rng, &a, true);
        let (motion_b, parry_b) = motion(rng, &b, !against_wall);
        cases.push(Case {
            a,
            b,
            motion_a,
            motion_b,
            parry_a,
            parry_b,
        });
    }
    cases
}

fn sat2d_time(case: &Case) -> Option<f32> {
    sat2d::cast_turning_shape(
        black_box(&case.a.shape),
        &case.motion_a,
        black_box(&case.b.shape),
        &case.motion_b,
    )
    .map(|hit| hit.fraction)
}

fn parry_time(case: &Case) -> Option<f32> {
    parry2d::query::cast_shapes_nonlinear(
        &case.parry_a,
        black_box(case.a.parry.as_ref()),
        &case.parry_b,
        black_box(case.b.parry.as_ref()),
        0.0,
        1.0,
        true,
    )
    .expect("supported pair")
    .map(|hit| hit.time_of_impact)
}

/// The oracle's first meeting time.
fn oracle(case: &Case) -> Option<f32> {
    (0..=STEPS)
        .map(|step| step as f32 / STEPS as f32)
        .find(|&time| {
            sat2d::intersects(
                &case.a.shape,
                &case.motion_a.at(time),
                &case.b.shape,
                &case.motion_b.at(time),
            )
        })
}

/// How late a time may be: sat2d's accepted gap over the fastest closing speed.
fn lateness(case: &Case) -> f32 {
    let turning =
        |shape: &Shape, motion: &RigidMotion| motion.angular_velocity.abs() * shape.reach();
    let speed = (case.motion_b.linear_velocity - case.motion_a.linear_velocity).length()
        + turning(&case.a.shape, &case.motion_a)
        + turning(&case.b.shape, &case.motion_b);
    let accepted = (sat2d::TURNING_CAST_TARGET + sat2d::TURNING_CAST_TOLERANCE)
        * sat2d::tolerance(&case.a.shape, &case.b.shape);
    accepted / speed.max(1e-6) + 1e-5
}

/// Misses, late answers and extra hits of `answer` against the oracle's `truths`.
fn score(cases: &[Case], truths: &[Option<f32>], answer: fn(&Case) -> Option<f32>) -> [usize; 3] {
    let mut counts = [0; 3];
    for (case, truth) in cases.iter().zip(truths) {
        match (answer(case), *truth) {
            (None, Some(_)) => counts[0] += 1,
            (Some(time), Some(truth)) if time > truth + lateness(case) => counts[1] += 1,
            (Some(_), None) => counts[2] += 1,
            _ => {}
        }
    }
    counts
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut rows = Vec::new();
    for count in case_counts().into_iter().filter(|&count| count <= 20_000) {
        let cases = scattered(cases(&mut fastrand::Rng::with_seed(40), count), 41);
        let group = format!("turning_cast_{count}");
        let mut timed = criterion.benchmark_group(&group);
        timed.throughput(Throughput::Elements(count as u64));
        timed.sample_size(20);
        timed.bench_function("sat2d_cast_turning_shape", |bencher| {
            bencher.iter(|| cases.iter().filter_map(sat2d_time).sum::<f32>());
        });
        timed.bench_function("parry2d_cast_shapes_nonlinear", |bencher| {
            bencher.iter(|| cases.iter().filter_map(parry_time).sum::<f32>());
        });
        timed.finish();
        let truths: Vec<Option<f32>> = cases.iter().map(oracle).collect();
        let hits = truths.iter().filter(|truth| truth.is_some()).count();
        rows.push((
            count,
            group,
            hits,
            score(&cases, &truths, sat2d_time),
            score(&cases, &truths, parry_time),
        ));
    }
    criterion.final_summary();
    println!("\nturning casts: sat2d vs {PARRY2D} (up to a full turn a step, 10,000-step oracle)");
    println!(
        "{:<8} {:>7} {:>9} {:>10} {:>7} {:>11} {:>18} {:>18}",
        "cases",
        "oracle",
        "sat2d",
        "parry2d",
        "ratio",
        "",
        "sat2d miss/late/+",
        "parry2d miss/late/+"
    );
    for (count, group, hits, ours, theirs) in rows {
        let per_case = |function| median_ns(&group, function).map(|ns| ns / count as f64);
        let (Some(sat2d), Some(parry)) = (
            per_case("sat2d_cast_turning_shape"),
            per_case("parry2d_cast_shapes_nonlinear"),
        ) else {
            println!("{count:<8} (no criterion estimates: run without --test/--list)");
            continue;
        };
        println!(
            "{count:<8} {hits:>7} {sat2d:>7.1}ns {parry:>8.1}ns {:>6.1}x {:>11} {:>18} {:>18}",
            parry / sat2d,
            "",
            format!("{}/{}/{}", ours[0], ours[1], ours[2]),
            format!("{}/{}/{}", theirs[0], theirs[1], theirs[2]),
        );
    }
    println!(
        "(per case, criterion medians; ratio = {PARRY2D} time / sat2d time; oracle = cases it\n\
         sees meet; miss: the oracle meets, the library does not; late: past the oracle's\n\
         time by more than sat2d's tolerance in time; +: a hit the oracle does not see)"
    );
}
