//! Ray casts, shape casts and distance: sat2d against parry2d on the same seeded cases,
//! in one run.
//!
//! `cargo bench -p sat2d --bench queries` times, on 4,096, 20,000 and 100,000 cases
//! each (`SAT2D_BENCH_CASES=20000` picks others) of mixed convex polygons, circles and
//! capsules, still (no rotation between runs), about half of them hits, each shape in its
//! own allocation and the cases in a seeded random order (memory spread as a game's):
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
use shapes::game_scale::{case_counts, scattered};
use shapes::{Placed, place, random_capsule, random_circle, random_polygon};
const MAX_DISTANCE: f32 = 20.0;

fn random_shape(rng: &mut fastrand::Rng) -> (Shape, SharedShape) {
    match rng.usize(0..3) {
        0 => random_polygon(rng),
        1 => random_circle(rng),
        _ => random_capsule(rng),
    }
}

fn random_placed(rng: &mut fastrand::Rng, within: f32) -> Box<Placed> {
    let at = Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 2.0 * within;
    place(random_shape(rng), at, rng.f32() * core::f32::consts::TAU)
}

/// `count` shapes, each with a ray from up to 10 units away, aimed within 3 units of
/// its centre.
fn ray_cases(rng: &mut fastrand::Rng, count: usize) -> Vec<(Box<Placed>, Ray)> {
    (0..count)
        .map(|_| {
            let target = random_placed(rng, 2.0);
            let origin = Vec2::from_angle(rng.f32() * core::f32::consts::TAU) * 10.0;
            let aim = target.iso.translation + Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 6.0;
            (target, Ray::new(origin, aim - origin))
        })
        .collect()
}

/// `count` cases of a still shape B near the origin and a shape A 8 units away moving
/// 12 units toward a point within 3 units of B.
fn pair_cases(rng: &mut fastrand::Rng, count: usize) -> Vec<(Box<Placed>, Box<Placed>, Vec2)> {
    (0..count)
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
    let mut criterion = Criterion::default().configure_from_args();
    let counts = case_counts();
    // One count at a time: the 100,000-case sets hold a few hundred megabytes.
    let summaries: Vec<Summary> = counts
        .iter()
        .map(|&count| bench_count(&mut criterion, count))
        .collect();
    criterion.final_summary();

    println!("\nqueries: sat2d vs {PARRY2D} (still, scattered in memory)");
    println!(
        "{:<12} {:>7} {:>9} {:>9} {:>7} {:>6} {:>13}",
        "query", "cases", "sat2d", "parry2d", "ratio", "hits", "disagreements"
    );
    for summary in &summaries {
        summary.print();
    }
    println!(
        "(per case, criterion medians; ratio = {PARRY2D} time / sat2d time; hits out of the\n\
         cases; disagreements: hit vs miss, or answers apart by more than 1e-3 relative)"
    );
}

/// What one count's run found, for the table.
struct Summary {
    count: usize,
    group: String,
    /// Per query: its name, our bench function, parry2d's, hits, disagreements.
    rows: [(&'static str, &'static str, &'static str, usize, usize); 3],
}

impl Summary {
    fn print(&self) {
        for (name, ours, theirs, hits, disagree) in self.rows {
            let count = self.count;
            let per_case = |function| median_ns(&self.group, function).map(|ns| ns / count as f64);
            let (Some(ours), Some(theirs)) = (per_case(ours), per_case(theirs)) else {
                println!(
                    "{name:<12} {count:>7} (no criterion estimates: run without --test/--list)"
                );
                continue;
            };
            println!(
                "{name:<12} {count:>7} {ours:>7.1}ns {theirs:>7.1}ns {:>6.1}x {hits:>6} {disagree:>13}",
                theirs / ours
            );
        }
    }
}

/// Benches the three queries on `count` seeded cases each, and checks the answers.
fn bench_count(criterion: &mut Criterion, count: usize) -> Summary {
    let mut rng = fastrand::Rng::with_seed(2026);
    let rays = scattered(ray_cases(&mut rng, count), 2027);
    let sweeps = scattered(pair_cases(&mut rng, count), 2028);
    let group_name = format!("queries_{count}");
    let mut group = criterion.benchmark_group(&group_name);
    group.throughput(Throughput::Elements(count as u64));
    group.sample_size(20);
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
    Summary {
        count,
        group: group_name,
        rows: [
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
                count,
                distance_disagreements,
            ),
        ],
    }
}
