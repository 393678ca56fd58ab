//! Tracing images into colliders: marching squares, simplification and decomposition.
//!
//! `cargo bench -p sat2d --bench image_trace` times [`trace_shapes`] with the default
//! settings (threshold 0.5, tolerance 1 pixel) on two seeded images:
//! - a 256 × 256 sprite: an irregular rock with anti-aliased edges and two holes;
//! - a 1024 × 1024 terrain: rolling ground with caves, floating islands, and holes
//!   inside both.
//!
//! It prints the medians with the shape, hole and point counts.

mod common;

use std::hint::black_box;

use criterion::Criterion;
use sat2d::image_trace::{AlphaMask, TraceSettings, trace_shapes};
use sat2d::{Shape, Vec2};

use common::median_ns;

/// A 256 × 256 rock: a disc whose radius wobbles with the angle, with two round holes,
/// anti-aliased over one pixel.
fn rock() -> Vec<f32> {
    let size = 256;
    (0..size * size)
        .map(|index| {
            let point = Vec2::new((index % size) as f32 + 0.5, (index / size) as f32 + 0.5);
            let offset = point - Vec2::splat(128.0);
            let angle = offset.y.atan2(offset.x);
            let radius = 100.0 + 12.0 * (angle * 5.0).sin() + 6.0 * (angle * 13.0).cos();
            let mut alpha = (radius - offset.length()).clamp(0.0, 1.0);
            for (center, hole) in [
                (Vec2::new(100.0, 110.0), 18.0),
                (Vec2::new(160.0, 150.0), 12.0),
            ] {
                alpha = alpha.min((point.distance(center) - hole).clamp(0.0, 1.0));
            }
            alpha
        })
        .collect()
}

/// A 1024 × 1024 terrain: ground below a rolling surface, caves cut into it, and
/// floating islands (some with holes) above, anti-aliased over one pixel.
fn terrain() -> Vec<f32> {
    let size = 1024;
    let mut rng = fastrand::Rng::with_seed(25);
    let caves: Vec<(Vec2, f32)> = (0..40)
        .map(|_| {
            (
                Vec2::new(rng.f32() * 1024.0, 520.0 + rng.f32() * 480.0),
                8.0 + rng.f32() * 30.0,
            )
        })
        .collect();
    let islands: Vec<(Vec2, f32)> = (0..12)
        .map(|_| {
            (
                Vec2::new(60.0 + rng.f32() * 900.0, 60.0 + rng.f32() * 300.0),
                20.0 + rng.f32() * 40.0,
            )
        })
        .collect();
    (0..size * size)
        .map(|index| {
            let point = Vec2::new((index % size) as f32 + 0.5, (index / size) as f32 + 0.5);
            let surface = 480.0 + 40.0 * (point.x / 90.0).sin() + 15.0 * (point.x / 23.0).cos();
            let mut alpha = (point.y - surface).clamp(0.0, 1.0);
            for &(center, radius) in &caves {
                alpha = alpha.min((point.distance(center) - radius).clamp(0.0, 1.0));
            }
            for (index, &(center, radius)) in islands.iter().enumerate() {
                let island = (radius - point.distance(center)).clamp(0.0, 1.0);
                let hole = if index % 3 == 0 {
                    (point.distance(center) - radius * 0.4).clamp(0.0, 1.0)
                } else {
                    1.0
                };
                alpha = alpha.max(island.min(hole));
            }
            alpha
        })
        .collect()
}

/// Shapes, holes and boundary points of a trace.
fn counts(shapes: &[Shape]) -> (usize, usize, usize) {
    let (mut holes, mut points) = (0, 0);
    for shape in shapes {
        match shape {
            Shape::Concave(polygon) => {
                holes += polygon.holes().count();
                points += polygon.points().len();
            }
            Shape::Polygon(polygon) => points += polygon.points().len(),
            _ => {}
        }
    }
    (shapes.len(), holes, points)
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let settings = TraceSettings::default();
    let images = [
        ("sprite_256", 256, rock()),
        ("terrain_1024", 1024, terrain()),
    ];
    let mut group = criterion.benchmark_group("image_trace");
    let mut summaries = Vec::new();
    for (name, size, alpha) in &images {
        let mask = AlphaMask::try_new(*size, *size, alpha).expect("a square mask");
        let shapes = trace_shapes(&mask, &settings).expect("the image has regions");
        summaries.push((*name, counts(&shapes)));
        group.bench_function(*name, |bencher| {
            bencher.iter(|| black_box(trace_shapes(black_box(&mask), &settings)));
        });
    }
    group.finish();
    criterion.final_summary();
    for (name, (shapes, holes, points)) in summaries {
        if let Some(median) = median_ns("image_trace", name) {
            println!(
                "{name}: {:.2} ms median; {shapes} shapes, {holes} holes, {points} points",
                median / 1e6
            );
        }
    }
}
