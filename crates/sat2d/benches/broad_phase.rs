//! Broad phase: the spatial hash grid against brute force on seeded scenes.
//!
//! `cargo bench -p sat2d --bench broad_phase` times one step — move 10% of the
//! colliders and produce the sorted candidate pairs — on scenes of 1k, 10k and 100k
//! mixed colliders (boxes and circles, sizes spread 10×, 0.1% oversized), through the
//! grid and (1k, 10k) through brute force; then a world of 100k static colliders with
//! 1k moving ones, against 1k moving colliders alone. It prints the medians, the
//! scaling ratio step(100k)/step(10k) and the static-heavy/moving-only ratio.

mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion};
use sat2d::broad_phase::{Bounds, BroadPhase, BruteForce, IdPair, Mobility, SpatialHashGrid};
use sat2d::{Aabb, BoundingCircle, Iso, Shape, Vec2};

use common::median_ns;

/// Colliders per unit area: about one neighbour each, as in a busy game scene.
const DENSITY: f32 = 1.0 / 100.0;

/// A seeded collider: a box or a circle of size 2–20, or (1 in 1000) a 400-wide slab.
fn random_bounds(rng: &mut fastrand::Rng, half_world: f32) -> Bounds {
    let center = Vec2::new(
        (rng.f32() * 2.0 - 1.0) * half_world,
        (rng.f32() * 2.0 - 1.0) * half_world,
    );
    let size = 2.0 + rng.f32() * 18.0;
    let iso = Iso::new(center, rng.f32() * std::f32::consts::TAU);
    if rng.u32(0..1000) == 0 && std::env::var_os("NO_SLABS").is_none() {
        Bounds::of(&Shape::rectangle(400.0, 10.0), &iso)
    } else if rng.bool() {
        Bounds::of(&Shape::rectangle(size, size * (0.5 + rng.f32())), &iso)
    } else {
        Bounds::of(&Shape::circle(size * 0.5), &iso)
    }
}

/// A scene of `moving` + `fixed` colliders at constant density.
struct Scene {
    bounds: Vec<Bounds>,
    mobility: Vec<Mobility>,
}

impl Scene {
    fn new(seed: u64, moving: usize, fixed: usize) -> Self {
        let mut rng = fastrand::Rng::with_seed(seed);
        let count = moving + fixed;
        let half_world = (count as f32 / DENSITY).sqrt() * 0.5;
        let bounds = (0..count)
            .map(|_| random_bounds(&mut rng, half_world))
            .collect();
        let mut mobility = vec![Mobility::Moving; moving];
        mobility.resize(count, Mobility::Static);
        Self { bounds, mobility }
    }

    fn load(&self, phase: &mut impl BroadPhase) {
        for (id, (bounds, mobility)) in self.bounds.iter().zip(&self.mobility).enumerate() {
            phase.insert(id as u32, *bounds, *mobility).unwrap();
        }
    }
}

/// One game step: nudge every tenth moving collider (a different tenth each step, so
/// every collider moves over ten steps), then produce the candidate pairs.
struct Stepper {
    step: usize,
    moving: usize,
    offsets: Vec<Vec2>,
    pairs: Vec<IdPair>,
}

impl Stepper {
    fn new(scene: &Scene) -> Self {
        let mut rng = fastrand::Rng::with_seed(99);
        let moving = scene.mobility.iter().filter(|m| !m.is_static()).count();
        let offsets = (0..moving)
            .map(|_| Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 2.0)
            .collect();
        Self {
            step: 0,
            moving,
            offsets,
            pairs: Vec::new(),
        }
    }

    fn run(&mut self, phase: &mut impl BroadPhase) -> usize {
        self.step += 1;
        // Alternate direction so colliders wander around their start, not off the world.
        let sign = if (self.step / 10).is_multiple_of(2) {
            1.0
        } else {
            -1.0
        };
        for id in (self.step % 10..self.moving).step_by(10) {
            let (bounds, _) = phase.get(id as u32).unwrap();
            let by = self.offsets[id] * sign;
            let moved = Bounds::new(
                Aabb::new(bounds.aabb.min + by, bounds.aabb.max + by),
                BoundingCircle::new(bounds.circle.center + by, bounds.circle.radius),
            );
            phase.update(id as u32, moved).unwrap();
        }
        phase.pairs(&mut self.pairs);
        black_box(&self.pairs);
        self.pairs.len()
    }
}

/// Benchmarks one step of `make()` on `scene`; returns the pair count of a step, or 0
/// when a criterion filter skipped it (set-up runs only for benches that run).
fn bench_phase<P: BroadPhase>(
    criterion: &mut Criterion,
    group: &str,
    name: &str,
    scene: &Scene,
    make: impl Fn() -> P,
) -> usize {
    let mut pairs = 0;
    let mut group = criterion.benchmark_group(group);
    group.sample_size(20);
    group.bench_function(BenchmarkId::from_parameter(name), |bencher| {
        let mut phase = make();
        scene.load(&mut phase);
        let mut stepper = Stepper::new(scene);
        pairs = stepper.run(&mut phase);
        bencher.iter(|| stepper.run(&mut phase));
    });
    group.finish();
    pairs
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut rows = Vec::new();
    for (label, count) in [("1k", 1_000), ("10k", 10_000), ("100k", 100_000)] {
        let scene = Scene::new(count as u64, count, 0);
        let pairs = bench_phase(
            &mut criterion,
            "grid_step",
            label,
            &scene,
            SpatialHashGrid::default,
        );
        rows.push(("grid_step", label, count, pairs));
        if count <= 10_000 {
            bench_phase(
                &mut criterion,
                "brute_force_step",
                label,
                &scene,
                BruteForce::default,
            );
            rows.push(("brute_force_step", label, count, pairs));
        }
    }
    let heavy = Scene::new(7, 1_000, 100_000);
    let pairs = bench_phase(
        &mut criterion,
        "grid_step",
        "100k_static_1k_moving",
        &heavy,
        SpatialHashGrid::default,
    );
    rows.push(("grid_step", "100k_static_1k_moving", 101_000, pairs));
    criterion.final_summary();

    println!(
        "\n{:<18} {:<22} {:>9} {:>9} {:>12}",
        "broad phase", "scene", "colliders", "pairs", "step median"
    );
    for (group, label, count, pairs) in &rows {
        match median_ns(group, label) {
            Some(ns) => println!(
                "{group:<18} {label:<22} {count:>9} {pairs:>9} {:>9.3} ms",
                ns / 1e6
            ),
            None => println!("{group:<18} {label:<22} {count:>9} {pairs:>9} (not measured)"),
        }
    }
    let ratio = |(group_a, a): (&str, &str), (group_b, b): (&str, &str)| {
        Some(median_ns(group_a, a)? / median_ns(group_b, b)?)
    };
    if let Some(scaling) = ratio(("grid_step", "100k"), ("grid_step", "10k")) {
        println!("scaling step(100k)/step(10k) = {scaling:.1} (10 is linear; target <= 12)");
    }
    if let Some(speedup) = ratio(("brute_force_step", "10k"), ("grid_step", "10k")) {
        println!("grid vs brute force at 10k: {speedup:.0}x faster");
    }
    if let Some(heavy) = ratio(("grid_step", "100k_static_1k_moving"), ("grid_step", "1k")) {
        println!("100k static + 1k moving vs 1k moving alone: {heavy:.2}x (target <= 2)");
    }
}
