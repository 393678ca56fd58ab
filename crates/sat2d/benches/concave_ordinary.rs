//! The exact concave MTV on ordinary pairs (issue 36): star-shaped outlines at seeded
//! random radii (`tests/concave_ordinary/outlines.rs`), of like size (1 to 3 across),
//! overlapping anywhere, turned at random.
//!
//! `cargo bench -p sat2d --bench concave_ordinary` first times every `contact` of two
//! seeded sets, each query the fastest of five runs, and prints the median, the 99th
//! percentile, the slowest, and how many pushes were not minimal (past the work
//! budget):
//! - `outlines_64`: 400 overlapping pairs of 64-point outlines;
//! - `outlines_4096`: 8 overlapping pairs of 4,096-point outlines;
//! - `stars_64`: the adversarial pairs at 64 points, two 32-spike stars with one
//!   centre (B turned by half a spike) and a half-size one at the centre of the other,
//!   where every part pair's difference holds the origin;
//! - `spiky_find`: the hardest pair below 64 points known, a spiky 63-point star at the
//!   centre of a 54-point outline (a `concave_mtv` fuzz find).
//!
//! Then criterion times the whole 64-point set (`outlines_64_all`, divide by 400 for
//! one query), its slowest pair (`outlines_64_slowest`) and the slowest 4,096-point
//! pair (`outlines_4096_slowest`). The bounds asked: 1 ms a query at 64 points, 50 ms
//! at 4,096.

#[path = "../tests/concave_ordinary/outlines.rs"]
mod outlines;
#[path = "../tests/common/stars.rs"]
mod stars;

use std::hint::black_box;
use std::time::Instant;

use criterion::Criterion;
use sat2d::{Iso, Shape, Vec2};

const GROUP: &str = "concave_ordinary";

/// A pair of placed shapes.
type Pair = (Shape, Iso, Shape, Iso);

/// `count` overlapping pairs of outlines of `points` points, from `seed`.
fn pairs(count: usize, points: usize, seed: u64) -> Vec<Pair> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pairs = Vec::with_capacity(count);
    while pairs.len() < count {
        if let Some(pair) = outlines::overlapping_pair(&mut rng, points..=points) {
            pairs.push(pair);
        }
    }
    pairs
}

/// One `contact` of a pair.
fn contact((a, iso_a, b, iso_b): &Pair) -> Option<sat2d::Contact> {
    sat2d::contact(black_box(a), iso_a, black_box(b), iso_b)
}

/// Times every pair (the fastest of five runs each), prints the set's median, 99th
/// percentile and slowest in ms and how many pushes were not minimal, and returns the
/// slowest pair's index.
fn survey(name: &str, pairs: &[Pair]) -> usize {
    let mut times: Vec<(f64, usize)> = pairs
        .iter()
        .enumerate()
        .map(|(index, pair)| {
            let fastest = (0..5)
                .map(|_| {
                    let start = Instant::now();
                    black_box(contact(pair));
                    start.elapsed().as_secs_f64()
                })
                .fold(f64::INFINITY, f64::min);
            (fastest * 1e3, index)
        })
        .collect();
    let not_minimal = pairs
        .iter()
        .filter(|pair| contact(pair).is_some_and(|contact| !contact.is_minimal()))
        .count();
    times.sort_by(|x, y| x.0.total_cmp(&y.0));
    let at = |fraction: f64| times[((times.len() - 1) as f64 * fraction) as usize].0;
    println!(
        "{name}: {} pairs, median {:.3} ms, 99th percentile {:.3} ms, slowest {:.3} ms, \
         not minimal {not_minimal}",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
    times.last().expect("a set of pairs").1
}

fn main() {
    let small = pairs(400, 64, 0x36_0640);
    let large = pairs(8, 4096, 0x36_4096);
    let slowest_small = survey("outlines_64", &small);
    let slowest_large = survey("outlines_4096", &large);
    let (star, half) = (
        stars::spiked_star(32, 1.0, 0.5),
        stars::spiked_star(32, 0.5, 0.25),
    );
    let half_spike = Iso::new(Vec2::ZERO, core::f32::consts::PI / 64.0);
    survey(
        "stars_64",
        &[
            (star.clone(), Iso::IDENTITY, star.clone(), half_spike),
            (star, Iso::IDENTITY, half, Iso::IDENTITY),
        ],
    );

    survey("spiky_find", &[outlines::spiky_find()]);

    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group(GROUP);
    group.sample_size(10);
    group.bench_function("outlines_64_all", |bencher| {
        bencher.iter(|| small.iter().map(contact).filter(Option::is_some).count());
    });
    group.bench_function("outlines_64_slowest", |bencher| {
        bencher.iter(|| contact(&small[slowest_small]));
    });
    group.bench_function("outlines_4096_slowest", |bencher| {
        bencher.iter(|| contact(&large[slowest_large]));
    });
    group.finish();
    criterion.final_summary();
}
