//! The concave MTV on many-part shapes: `contact` between star polygons (every tip a
//! convex part), and between a star and a circle.
//!
//! `cargo bench -p sat2d --bench concave_contact` times one `contact` per case:
//! - `stars_4096_meshed_*`: two 4096-vertex stars (2,048 tips 0.1 long on a circle of
//!   radius 1, 2,050 parts each), the second turned by 1.25 vertex steps so its tips
//!   face the first one's gaps, their centres 1.97 or 1.94 apart: the tips mesh 0.03 or
//!   0.06 deep over about a hundred tips, like two gears pressed together. The MTV pulls
//!   them apart along the line of centres (about 0.0075 and 0.0375).
//! - `star_4096_circle`: the same star against a circle of radius 0.2 over its rim,
//!   across about 130 tips (MTV about 0.25, straight out).
//! - `stars_128_meshed`, `star_128_circle`: the same with 128-vertex stars (64 tips,
//!   66 parts), the tips meshing 0.1 deep.
//! - `u_shape_bar`: a U of 3 parts with a bar across its slot's floor (the MTV pushes
//!   the bar down out of the U, not into a prong): a game-sized concave contact.
//! - `tiny_star_deep_in_star`: a 64-corner star 0.02 across (34 parts) 2.3 from the
//!   centre of a 36-corner star 200 across (18 parts), the pulls fuzzing found slow: the
//!   differences' seams run 94 units, ten thousand times the small star's size.
//!
//! It then prints each case's median.

mod common;
#[path = "../tests/common/stars.rs"]
mod stars;

use std::hint::black_box;

use criterion::Criterion;
use sat2d::{Iso, Shape, Vec2};

use common::median_ns;
use stars::spiked_star;

const GROUP: &str = "concave_contact";

/// A star of `corners` points (half of them tips), tips at radius 1 and the gaps
/// between them at 0.9.
fn star(corners: usize) -> Shape {
    let step = core::f32::consts::TAU / corners as f32;
    let points: Vec<Vec2> = (0..corners)
        .map(|i| Vec2::from_angle(i as f32 * step) * if i % 2 == 0 { 1.0 } else { 0.9 })
        .collect();
    Shape::polygon(&points).expect("a star is a simple polygon")
}

/// The second star of a meshed pair: `apart` from the first along X, turned so that
/// its tips face the first one's gaps (and press on their flanks).
fn meshed(corners: usize, apart: f32) -> Iso {
    Iso::new(
        Vec2::new(apart, 0.0),
        1.25 * core::f32::consts::TAU / corners as f32,
    )
}

/// A U, 6 wide and 4 tall, with a slot 2 wide and 3 deep.
fn u_shape() -> Shape {
    let points = [
        (0.0, 0.0),
        (6.0, 0.0),
        (6.0, 4.0),
        (4.0, 4.0),
        (4.0, 1.0),
        (2.0, 1.0),
        (2.0, 4.0),
        (0.0, 4.0),
    ];
    Shape::polygon(&points.map(|(x, y)| Vec2::new(x, y))).expect("a simple outline")
}

fn main() {
    let (big, small, circle) = (star(4096), star(128), Shape::circle(0.2));
    let (u, bar) = (u_shape(), Shape::rectangle(3.0, 0.4));
    let (tiny, large) = (
        spiked_star(32, 0.010_366_335, 0.010_130_137),
        spiked_star(18, 100.0, 96.588_2),
    );
    let over_rim = Iso::from_translation(Vec2::new(0.95, 0.01));
    let cases = [
        ("stars_4096_meshed_0.03", &big, &big, meshed(4096, 1.97)),
        ("stars_4096_meshed_0.06", &big, &big, meshed(4096, 1.94)),
        ("star_4096_circle", &big, &circle, over_rim),
        ("stars_128_meshed", &small, &small, meshed(128, 1.9)),
        ("star_128_circle", &small, &circle, over_rim),
        (
            "u_shape_bar",
            &u,
            &bar,
            Iso::from_translation(Vec2::new(3.0, 1.0)),
        ),
        (
            "tiny_star_deep_in_star",
            &tiny,
            &large,
            Iso::new(Vec2::new(-1.436_4, -1.840_45), -2.233_51),
        ),
    ];
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group(GROUP);
    group.sample_size(20);
    for (name, a, b, iso_b) in &cases {
        let contact = sat2d::contact(a, &Iso::IDENTITY, b, iso_b).expect("the case overlaps");
        println!(
            "{name}: depth {:.6} normal {}",
            contact.depth, contact.normal
        );
        group.bench_function(*name, |bencher| {
            bencher.iter(|| sat2d::contact(black_box(*a), &Iso::IDENTITY, black_box(*b), iso_b));
        });
    }
    group.finish();
    criterion.final_summary();

    println!("\n{:<24} {:>12}", "case", "median");
    for (name, ..) in &cases {
        if let Some(median) = median_ns(GROUP, name) {
            println!("{name:<24} {:>9.3} ms", median / 1e6);
        }
    }
}
