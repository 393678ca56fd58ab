//! Tracing images into colliders: marching squares, simplification and decomposition.
//!
//! `cargo bench -p sat2d --bench image_trace` times [`trace_shapes`] with the default
//! settings (threshold 0.5, tolerance 1 pixel, minimum area 4) on seeded images:
//! - a 256 × 256 sprite: an irregular rock with anti-aliased edges and two holes;
//! - a 1024 × 1024 terrain: rolling ground with caves, floating islands, and holes
//!   inside both;
//! - 1024 × 1024 single-pixel noise, half the pixels opaque (goal 200 ms);
//! - 4096 × 4096 images of any content (goal 2 s each, traced or refused with a typed
//!   error): noise at 10, 30, 50 and 70 % opaque, a checkerboard, all opaque, all clear,
//!   a dozen big anti-aliased rings (overlapping, each with a hole and an island in
//!   it), and a comb (four regions of 511 teeth: lopsided Douglas–Peucker splits).
//!
//! `-- 4096` runs only the large images (ten samples each, about two minutes). It
//! prints the medians with the shape, hole and point counts, or the error.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use sat2d::image_trace::{AlphaMask, TraceError, TraceSettings, trace_shapes};
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

/// `size × size` seeded single-pixel noise: each pixel opaque (alpha 1) with
/// probability `density`, else clear.
fn noise(size: u32, density: f32, seed: u64) -> Vec<f32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..size * size)
        .map(|_| if rng.f32() < density { 1.0 } else { 0.0 })
        .collect()
}

/// `size × size` pixels, opaque where `opaque(x, y)`.
fn pattern(size: u32, opaque: impl Fn(u32, u32) -> bool) -> Vec<f32> {
    (0..size * size)
        .map(|index| f32::from(u8::from(opaque(index % size, index / size))))
        .collect()
}

/// A few big anti-aliased rings on a `size`-pixel square: seeded discs, each with a
/// hole at its middle and an island in the hole.
fn rings(size: u32) -> Vec<f32> {
    let side = size as f32;
    let mut rng = fastrand::Rng::with_seed(36);
    let rings: Vec<(Vec2, f32)> = (0..12)
        .map(|_| {
            (
                Vec2::new(rng.f32(), rng.f32()) * side,
                side * (0.04 + rng.f32() * 0.1),
            )
        })
        .collect();
    (0..size * size)
        .map(|index| {
            let point = Vec2::new((index % size) as f32 + 0.5, (index / size) as f32 + 0.5);
            rings.iter().fold(0.0f32, |alpha, &(centre, radius)| {
                let distance = point.distance(centre);
                let disc = (radius + 0.5 - distance).clamp(0.0, 1.0);
                let hole = (distance - 0.5 * radius + 0.5).clamp(0.0, 1.0);
                let island = (0.2 * radius + 0.5 - distance).clamp(0.0, 1.0);
                alpha.max(disc.min(hole).max(island))
            })
        })
        .collect()
}

/// One case: its name, side, and image.
type Case = (&'static str, u32, fn() -> Vec<f32>);

/// What a trace gave, for the summary.
fn outcome(result: &Result<Vec<Shape>, TraceError>) -> String {
    match result {
        Ok(shapes) => {
            let (shapes, holes, points) = counts(shapes);
            format!("{shapes} shapes, {holes} holes, {points} points")
        }
        Err(error) => format!("refused: {error:?}"),
    }
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
    let small: [Case; 3] = [
        ("sprite_256", 256, rock),
        ("terrain_1024", 1024, terrain),
        ("noise_1024", 1024, || noise(1024, 0.5, 1)),
    ];
    let large: [Case; 9] = [
        ("noise_10_4096", 4096, || noise(4096, 0.1, 2)),
        ("noise_30_4096", 4096, || noise(4096, 0.3, 3)),
        ("noise_50_4096", 4096, || noise(4096, 0.5, 4)),
        ("noise_70_4096", 4096, || noise(4096, 0.7, 5)),
        ("checkerboard_4096", 4096, || {
            pattern(4096, |x, y| (x + y).is_multiple_of(2))
        }),
        ("full_4096", 4096, || vec![1.0; 4096 * 4096]),
        ("empty_4096", 4096, || vec![0.0; 4096 * 4096]),
        ("rings_4096", 4096, || rings(4096)),
        ("comb_4096", 4096, || {
            // Four regions, each a spine with a thousand teeth two pixels wide.
            pattern(4096, |x, y| {
                let (x, y) = (x % 2048, y % 2048);
                (2..2046).contains(&x) && (2..2046).contains(&y) && (y < 8 || x % 4 < 2)
            })
        }),
    ];
    let mut group = criterion.benchmark_group("image_trace");
    let mut summaries = Vec::new();
    for (index, (name, size, image)) in small.iter().chain(&large).enumerate() {
        if index == small.len() {
            // Each large image takes up to a second: ten samples, a short warm-up.
            group.sample_size(10);
            group.warm_up_time(Duration::from_secs(1));
            group.measurement_time(Duration::from_secs(5));
        }
        // Built on criterion's first call, so that a filter skips building it.
        let mut traced: Option<(Vec<f32>, String)> = None;
        group.bench_function(*name, |bencher| {
            let (alpha, outcome) = traced.get_or_insert_with(|| {
                let alpha = image();
                let mask = AlphaMask::try_new(*size, *size, &alpha).expect("a square mask");
                let outcome = outcome(&trace_shapes(&mask, &settings));
                (alpha, outcome)
            });
            let mask = AlphaMask::try_new(*size, *size, alpha).expect("a square mask");
            summaries.push((*name, outcome.clone()));
            bencher.iter(|| black_box(trace_shapes(black_box(&mask), &settings)));
        });
    }
    group.finish();
    criterion.final_summary();
    summaries.dedup();
    for (name, outcome) in summaries {
        if let Some(median) = median_ns("image_trace", name) {
            println!("{name}: {:.2} ms median; {outcome}", median / 1e6);
        }
    }
}
