//! Ray casts, shape casts and distance: sat2d against parry2d on the same seeded cases,
//! in one run.
//!
//! `cargo bench -p sat2d --bench queries` times, on 4,096 cases each of mixed convex
//! polygons, circles and capsules (about half of them hits):
//! - `cast_ray` (solid, with the normal) against parry2d's `cast_ray_and_get_normal`;
//! - `cast_shape` (A moving, B still) against parry2d's `cast_shapes`;
//! - `distance` against parry2d's `distance`.
//!
//! It then prints the per-case medians, parry2d's time over ours, and how often the two
//! disagree (hit or miss, or a distance or time of impact beyond 1e-3 relative).
//!
//! parry2d is sat2d's dev-dependency, 0.27. The same file runs against parry2d 0.31.1 in
//! `benches/parry_peers` (`cargo bench --manifest-path benches/parry_peers/Cargo.toml`);
//! `parry_compat` is the only difference between the two builds.

mod common;
mod parry_compat;
mod shapes;

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use parry2d::math::Vector;
use parry2d::query::{Ray as ParryRay, ShapeCastOptions};
use parry2d::shape::SharedShape;
use sat2d::{Ray, Shape, Vec2};

use common::median_ns;
use parry_compat::{PARRY2D, vector};
use shapes::{Placed, place, random_capsule, random_circle, random_polygon};

const CASES: usize = 4_096;
const MAX_DISTANCE: f32 = 20.0;

fn random_shape(rng: &mut fastrand::Rng) -> (Shape, SharedShape) {
    match rng.usize(0..3) {
        0 => random_polygon(rng),
        1 => random_circle(rng),
        _ => random_capsule(rng),
    }
}

fn random_placed(rng: &mut fastrand::Rng, within: f32) -> Placed {
    let at = Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 2.0 * within;
    place(random_shape(rng), at, rng.f32() * core::f32::consts::TAU)
}

/// A shape and a ray from up to 10 units away, aimed within 3 units of its centre.
fn ray_cases(rng: &mut fastrand::Rng) -> Vec<(Placed, Ray)> {
    (0..CASES)
        .map(|_| {
            let target = random_placed(rng, 2.0);
            let origin = Vec2::from_angle(rng.f32() * core::f32::consts::TAU) * 10.0;
            let aim = target.iso.translation + Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 6.0;
            (target, Ray::new(origin, aim - origin))
        })
        .collect()
}

/// A still shape B near the origin and a shape A 8 units away moving 12 units toward a
/// point within 3 units of B.
fn pair_cases(rng: &mut fastrand::Rng) -> Vec<(Placed, Placed, Vec2)> {
    (0..CASES)
        .map(|_| {
            let b = random_placed(rng, 1.0);
            let start = Vec2::from_angle(rng.f32() * core::f32::consts::TAU) * 8.0;
            let mut a = random_placed(rng, 0.0);
            a.iso.translation = start;
            a.pose.translation = vector(start);
            let aim = b.iso.translation + Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 6.0;
            (a, b, (aim - start).normalize() * 12.0)
        })
        .collect()
}

fn parry_ray(ray: &Ray) -> ParryRay {
    ParryRay::new(vector(ray.origin()), vector(ray.direction()))
}

/// parry2d's time of impact for A moving by `motion` and B still. parry2d 0.27's
/// `cast_shapes` forms the relative velocity as `R_A⁻¹ · vel2 − vel1`, leaving `vel1`
/// unrotated, so a moving, rotated A is swept the wrong way; the same relative motion
/// is given to B instead, which it rotates correctly. (0.31 rotates both,
/// `R_A⁻¹ · (vel2 − vel1)`; the same call keeps the two builds alike.)
fn parry_cast(a: &Placed, b: &Placed, motion: Vec2) -> Option<f32> {
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        stop_at_penetration: true,
        ..ShapeCastOptions::default()
    };
    parry2d::query::cast_shapes(
        &a.pose,
        Vector::ZERO,
        black_box(a.parry.as_ref()),
        &b.pose,
        vector(-motion),
        black_box(b.parry.as_ref()),
        options,
    )
    .expect("supported pair")
    .map(|hit| hit.time_of_impact)
}

/// Cases where the two libraries disagree: one hits and the other not, or the answers
/// differ by more than 1e-3 relative to `scale`.
fn disagreements(answers: impl Iterator<Item = (Option<f32>, Option<f32>)>, scale: f32) -> usize {
    answers
        .filter(|(ours, theirs)| match (ours, theirs) {
            (Some(ours), Some(theirs)) => (ours - theirs).abs() > 1e-3 * scale,
            (None, None) => false,
            _ => true,
        })
        .count()
}

fn main() {
    let mut rng = fastrand::Rng::with_seed(2026);
    let rays = ray_cases(&mut rng);
    let sweeps = pair_cases(&mut rng);
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("queries");
    group.throughput(Throughput::Elements(CASES as u64));
    group.bench_function("sat2d_cast_ray", |bencher| {
        bencher.iter(|| {
            rays.iter()
                .filter_map(|(shape, ray)| {
                    sat2d::cast_ray(black_box(&shape.shape), &shape.iso, ray, MAX_DISTANCE)
                })
                .map(|hit| hit.distance)
                .sum::<f32>()
        });
    });
    group.bench_function("parry2d_cast_ray", |bencher| {
        bencher.iter(|| {
            rays.iter()
                .filter_map(|(shape, ray)| {
                    black_box(shape.parry.as_ref()).cast_ray_and_get_normal(
                        &shape.pose,
                        &parry_ray(ray),
                        MAX_DISTANCE,
                        true,
                    )
                })
                .map(|hit| hit.time_of_impact)
                .sum::<f32>()
        });
    });
    group.bench_function("sat2d_cast_shape", |bencher| {
        bencher.iter(|| {
            sweeps
                .iter()
                .filter_map(|(a, b, motion)| {
                    sat2d::cast_shape(
                        black_box(&a.shape),
                        &a.iso,
                        *motion,
                        black_box(&b.shape),
                        &b.iso,
                        Vec2::ZERO,
                    )
                })
                .map(|hit| hit.fraction)
                .sum::<f32>()
        });
    });
    group.bench_function("parry2d_cast_shapes", |bencher| {
        bencher.iter(|| {
            sweeps
                .iter()
                .filter_map(|(a, b, motion)| parry_cast(a, b, *motion))
                .sum::<f32>()
        });
    });
    group.bench_function("sat2d_distance", |bencher| {
        bencher.iter(|| {
            sweeps
                .iter()
                .map(|(a, b, _)| {
                    sat2d::distance(black_box(&a.shape), &a.iso, black_box(&b.shape), &b.iso)
                })
                .sum::<f32>()
        });
    });
    group.bench_function("parry2d_distance", |bencher| {
        bencher.iter(|| {
            sweeps
                .iter()
                .map(|(a, b, _)| {
                    parry_compat::distance(
                        &a.pose,
                        black_box(a.parry.as_ref()),
                        &b.pose,
                        black_box(b.parry.as_ref()),
                    )
                    .unwrap()
                })
                .sum::<f32>()
        });
    });
    group.finish();
    criterion.final_summary();

    let ray_disagreements = disagreements(
        rays.iter().map(|(shape, ray)| {
            (
                sat2d::cast_ray(&shape.shape, &shape.iso, ray, MAX_DISTANCE)
                    .map(|hit| hit.distance),
                shape
                    .parry
                    .cast_ray(&shape.pose, &parry_ray(ray), MAX_DISTANCE, true),
            )
        }),
        MAX_DISTANCE,
    );
    let cast_disagreements = disagreements(
        sweeps.iter().map(|(a, b, motion)| {
            (
                sat2d::cast_shape(&a.shape, &a.iso, *motion, &b.shape, &b.iso, Vec2::ZERO)
                    .map(|hit| hit.fraction),
                parry_cast(a, b, *motion),
            )
        }),
        1.0,
    );
    let distance_disagreements = disagreements(
        sweeps.iter().map(|(a, b, _)| {
            (
                Some(sat2d::distance(&a.shape, &a.iso, &b.shape, &b.iso)),
                parry_compat::distance(&a.pose, a.parry.as_ref(), &b.pose, b.parry.as_ref()).ok(),
            )
        }),
        10.0,
    );
    let hits = rays
        .iter()
        .filter(|(shape, ray)| {
            sat2d::cast_ray(&shape.shape, &shape.iso, ray, MAX_DISTANCE).is_some()
        })
        .count();
    let sweep_hits = sweeps
        .iter()
        .filter(|(a, b, motion)| {
            sat2d::cast_shape(&a.shape, &a.iso, *motion, &b.shape, &b.iso, Vec2::ZERO).is_some()
        })
        .count();
    println!("\nqueries: sat2d vs {PARRY2D}");
    println!(
        "{:<12} {:>9} {:>9} {:>7} {:>6} {:>13}",
        "query", "sat2d", "parry2d", "ratio", "hits", "disagreements"
    );
    for (name, ours, theirs, hits, disagree) in [
        (
            "cast_ray",
            "sat2d_cast_ray",
            "parry2d_cast_ray",
            hits,
            ray_disagreements,
        ),
        (
            "cast_shape",
            "sat2d_cast_shape",
            "parry2d_cast_shapes",
            sweep_hits,
            cast_disagreements,
        ),
        (
            "distance",
            "sat2d_distance",
            "parry2d_distance",
            CASES,
            distance_disagreements,
        ),
    ] {
        let per_case = |function| median_ns("queries", function).map(|ns| ns / CASES as f64);
        let (Some(ours), Some(theirs)) = (per_case(ours), per_case(theirs)) else {
            println!("{name:<12} (no criterion estimates: run without --test/--list)");
            continue;
        };
        println!(
            "{name:<12} {ours:>7.1}ns {theirs:>7.1}ns {:>6.1}x {hits:>6} {disagree:>13}",
            theirs / ours
        );
    }
    println!(
        "(per case, criterion medians; ratio = {PARRY2D} time / sat2d time; hits out of {CASES};\n\
         disagreements: hit vs miss, or answers apart by more than 1e-3 relative)"
    );
}
