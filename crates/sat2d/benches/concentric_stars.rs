//! The concave MTV's worst cases (issue 23, class 8): many-spiked stars sharing a
//! centre, where hundreds of part pairs' Minkowski differences pile up on the origin.
//!
//! `cargo bench -p sat2d --bench concentric_stars` times `contact` and `cast_shape`
//! (B moving 1 along +X from an overlapping start: the fraction-0 path runs the
//! concave contact), in both argument orders, on:
//! - `stars_64`: two 32-spike stars (64 points, tips at 1, gaps at 0.5) with a common
//!   centre, B turned by half a tip step so its tips lie in A's gaps;
//! - `star_64_in_star_64`: a 32-spike star half the size inside another, concentric;
//! - `stars_4096`: two 2,048-spike stars (4,096 points, tips at 1, gaps at 0.9) with a
//!   common centre, B turned by half a tip step;
//! - `jagged_4096`: two star-shaped outlines of 4,096 points at seeded random radii in
//!   `0.5..1`, concentric;
//! - `comb_jagged` (the `timing` fuzz target's find): a 907-tooth comb (3,630 points,
//!   0.016 wide) and a 3,571-point jagged outline of the same size centred on the
//!   comb's corner, where the containment flags clipped areas part by part;
//! - `star_jagged`: a 1,300-spike star (2,600 points, tips at 1, gaps at 0.9) around
//!   a 3,300-point jagged outline (radii in `0.425..0.85`), concentric: B lies in A,
//!   and the flags must prove it;
//! - later `timing` finds: `jagged_in_star` (a 1,306-point jagged outline 0.02 across
//!   deep in a 3,330-point star of nearly equal radii, 47 across), `comb_by_comb` (a
//!   926-tooth comb 0.02 wide among a 536-tooth comb's teeth 100 long) and
//!   `combs_crossing` (combs of 848 and 923 long teeth, B swept 10.6 across A: the
//!   one case whose cast does not start touching), and `stars_apart` (stars of 2,692
//!   and 3,126 points, 0.02 and 200 across, 356 apart), `comb_at_hub` and
//!   `comb_at_hub_swept` (combs 0.02 wide at the hub of stars of 1,287 and 1,308
//!   spikes, 9 and 4 long, moved by the fuzz input's motion), and the largest of that
//!   class, `comb_at_hub_1521` (a 779-tooth comb 0.05 wide at the hub of 1,521 spikes
//!   12.8 long) and `star_on_jagged` (a 1,182-tip star 0.02 across over a 2,262-point
//!   jagged outline of the same size), whose containment flags spend a budget, and
//!   `comb_on_star_2908` (an 811-tooth comb over a 1,454-spike star, a slow `distance`)
//!   and `jagged_past_star_1188` (a 4,002-point jagged outline swept past a 594-tip
//!   star's hub, a slow `cast_shape`).
//!
//! `distance` is timed on every case too.
//! The time bounds asked of every query (issue 23): 1 ms up to 64 points, 50 ms at
//! 4,096. Past its work budget the concave MTV answers with a push that separates but
//! may not be minimal ([`sat2d::Contact::is_minimal`]); the bench prints which cases
//! hit the budget, then each case's median.

mod common;
#[path = "../tests/common/stars.rs"]
mod stars;

use std::hint::black_box;

use criterion::Criterion;
use sat2d::{Iso, Shape, Vec2};

use common::median_ns;
use stars::{comb, spiked_star};

const GROUP: &str = "concentric_stars";

/// A star-shaped outline of `count` points at seeded random radii in `0.5..1`.
fn jagged(count: usize, seed: u64) -> Shape {
    let mut rng = fastrand::Rng::with_seed(seed);
    let step = core::f32::consts::TAU / count as f32;
    let points: Vec<Vec2> = (0..count)
        .map(|i| Vec2::from_angle(i as f32 * step) * (0.5 + 0.5 * rng.f32()))
        .collect();
    Shape::polygon(&points).expect("a star-shaped outline is simple")
}

/// The `timing` fuzz target's jagged outline: `count` points at xorshift radii between
/// `low` and 1 times `scale`.
fn fuzz_jagged(count: usize, seed: u64, low: f32, scale: f32) -> Shape {
    let mut state = seed | 1;
    let points: Vec<Vec2> = (0..count)
        .map(|index| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let unit = (state >> 40) as f32 / (1u64 << 24) as f32;
            Vec2::from_angle(index as f32 * core::f32::consts::TAU / count as f32)
                * scale
                * (low + (1.0 - low) * unit).max(0.01)
        })
        .collect();
    Shape::polygon(&points).expect("a star-shaped outline is simple")
}

/// The `timing` fuzz target's numbers from its 16-bit inputs: log-scaled in
/// `[low, high]`, or linear from 0.
fn fuzz_ranged(bits: f32, low: f32, high: f32) -> f32 {
    let unit = bits / 65535.0;
    if low > 0.0 {
        low * (high / low).powf(unit)
    } else {
        high * unit
    }
}

/// The `timing` fuzz target's placement: within ±300, any angle.
fn fuzz_iso(x: f32, y: f32, angle: f32) -> Iso {
    let coordinate = |bits: f32| -300.0 + 600.0 * bits / 65535.0;
    Iso::new(
        Vec2::new(coordinate(x), coordinate(y)),
        fuzz_ranged(angle, 0.0, core::f32::consts::TAU),
    )
}

/// The `timing` fuzz target's concentric placement of B: near A's place (`iso_a`, A's
/// reach `reach_a`), `offset⁴` of the reach away along `angle` (radians, as the 16 bits
/// read), turned by `turn`.
fn fuzz_concentric(iso_a: Iso, reach_a: f32, angle: f32, offset: f32, turn: f32) -> Iso {
    Iso::new(
        iso_a.translation + Vec2::from_angle(angle) * reach_a * (offset / 65535.0).powi(4),
        fuzz_ranged(turn, 0.0, core::f32::consts::TAU),
    )
}

fn main() {
    let (star_64, half_64) = (spiked_star(32, 1.0, 0.5), spiked_star(32, 0.5, 0.25));
    let star_4096 = spiked_star(2048, 1.0, 0.9);
    let (jagged_a, jagged_b) = (jagged(4096, 1), jagged(4096, 2));
    let half_step = |tips: usize| Iso::new(Vec2::ZERO, core::f32::consts::PI / (2 * tips) as f32);
    // The fuzz find's sizes: `ranged(3341, 0.01, 100)`, and its placements.
    let size = 0.01 * 10_000f32.powf(3341.0 / 65535.0);
    let (comb_a, jagged_3571) = (
        comb(907, size, 1.0),
        fuzz_jagged(3571, 940_675_061_554_941_197, 13.0 / 255.0, size),
    );
    let at = Vec2::new(
        -300.0 + 600.0 * 3341.0 / 65535.0,
        -300.0 + 600.0 * 62186.0 / 65535.0,
    );
    let turn = |bits: f32| bits / 65535.0 * core::f32::consts::TAU;
    let (iso_comb, iso_jagged) = (Iso::new(at, turn(4108.0)), Iso::new(at, turn(13.0)));
    let (star_2600, jagged_3300) = (spiked_star(1300, 1.0, 0.9), fuzz_jagged(3300, 7, 0.5, 0.85));
    // Two later finds: a 1,306-point jagged outline deep in a 3,330-point star of
    // nearly equal radii, and a 926-tooth comb 0.02 wide among a 536-tooth comb's
    // long teeth.
    let size_of = |bits: f32| fuzz_ranged(bits, 0.01, 100.0);
    let (jagged_1306, star_3330) = (
        fuzz_jagged(
            1306,
            1_578_534_849_685_595_925,
            160.0 / 255.0,
            size_of(5575.0),
        ),
        spiked_star(1665, size_of(60139.0), size_of(60138.0)),
    );
    let iso_jagged_1306 = fuzz_iso(51104.0, 17920.0, 58782.0);
    let iso_star_3330 = Iso::new(
        iso_jagged_1306.translation,
        fuzz_ranged(5380.0, 0.0, core::f32::consts::TAU),
    );
    let (comb_536, comb_926) = (
        comb(536, size_of(65298.0), fuzz_ranged(60159.0, 1.0, 1000.0)),
        comb(926, size_of(5478.0), fuzz_ranged(5610.0, 1.0, 1000.0)),
    );
    let iso_comb_536 = fuzz_iso(5631.0, 5397.0, 60262.0);
    let iso_comb_926 = fuzz_concentric(iso_comb_536, comb_536.reach(), 60138.0, 60139.0, 255.0);
    // And two combs of long teeth, one swept 10.6 across the other (0.2 and 0.4 wide).
    let (comb_848, comb_923) = (
        comb(848, size_of(21226.0), fuzz_ranged(60138.0, 1.0, 1000.0)),
        comb(923, size_of(26347.0), fuzz_ranged(65301.0, 1.0, 1000.0)),
    );
    let iso_comb_848 = fuzz_iso(60134.0, 5611.0, 21.0);
    let iso_comb_923 = fuzz_concentric(iso_comb_848, comb_848.reach(), 2560.0, 61638.0, 32853.0);
    let sweep_across = Vec2::from_angle(fuzz_ranged(6677.0, 0.0, core::f32::consts::TAU))
        * fuzz_ranged(1159.0, 0.0, 600.0);
    // Two stars 356 apart: 2,692 points 0.02 across, 3,126 points 200 across.
    let (star_2692, star_3126) = (
        spiked_star(1346, size_of(129.0), size_of(0.0)),
        spiked_star(1563, size_of(65452.0), size_of(65336.0)),
    );
    let (iso_star_2692, iso_star_3126) = (
        fuzz_iso(0.0, 255.0, 58881.0),
        fuzz_iso(1794.0, 50015.0, 5397.0),
    );
    // Tiny combs at the hub of 1,287- and 1,308-spike stars (spikes 9 and 4 long).
    let (hub_star_a, hub_comb_a) = (
        spiked_star(1287, size_of(5397.0), size_of(48405.0)),
        comb(536, size_of(5397.0), 1000.0),
    );
    let iso_hub_star_a = fuzz_iso(50965.0, 59157.0, 30089.0);
    let iso_hub_comb_a =
        fuzz_concentric(iso_hub_star_a, hub_star_a.reach(), 5397.0, 5397.0, 5433.0);
    let (hub_star_b, hub_comb_b) = (
        spiked_star(1308, size_of(42773.0), size_of(5397.0)),
        comb(949, size_of(5618.0), fuzz_ranged(60149.0, 1.0, 1000.0)),
    );
    let iso_hub_star_b = fuzz_iso(11541.0, 5397.0, 5397.0);
    let iso_hub_comb_b = fuzz_concentric(iso_hub_star_b, hub_star_b.reach(), 5399.0, 5428.0, 0.0);
    // The two largest finds of the same class: a 779-tooth comb 0.05 wide at the hub
    // of 1,521 spikes 12.8 long, and a 1,182-tip star 0.02 across over a 2,262-point
    // jagged outline of the same size.
    let (hub_comb_c, hub_star_c) = (
        comb(779, size_of(11264.0), fuzz_ranged(60138.0, 1.0, 1000.0)),
        spiked_star(1521, size_of(5468.0), size_of(50965.0)),
    );
    let iso_hub_comb_c = fuzz_iso(1813.0, 0.0, 0.0);
    let iso_hub_star_c =
        fuzz_concentric(iso_hub_comb_c, hub_comb_c.reach(), 26133.0, 5397.0, 5493.0);
    let (star_2364, jagged_2262) = (
        spiked_star(1182, size_of(5442.0), size_of(5397.0)),
        fuzz_jagged(2262, 726_510_098_168_747_285, 21.0 / 255.0, size_of(5397.0)),
    );
    let iso_star_2364 = fuzz_iso(62037.0, 5397.0, 50965.0);
    let iso_jagged_2262 = fuzz_concentric(iso_star_2364, star_2364.reach(), 5397.0, 5420.0, 5397.0);
    // A later `distance` find: an 811-tooth comb over a 1,454-spike star.
    let (star_2908, comb_811) = (
        spiked_star(1454, size_of(16429.0), size_of(0.0)),
        comb(811, size_of(12850.0), fuzz_ranged(12850.0, 1.0, 1000.0)),
    );
    let iso_star_2908 = fuzz_iso(0.0, 0.0, 12544.0);
    let iso_comb_811 = fuzz_concentric(iso_star_2908, star_2908.reach(), 5376.0, 10357.0, 0.0);
    // And a slow `cast_shape`: a 594-tip star 193 across swept past a 4,002-point
    // jagged outline 0.04 across near its hub.
    let (star_1188, jagged_4002) = (
        spiked_star(594, size_of(65301.0), size_of(5419.0)),
        fuzz_jagged(
            4002,
            17_967_955_138_332_430_223,
            234.0 / 255.0,
            size_of(5397.0),
        ),
    );
    let iso_star_1188 = fuzz_iso(36806.0, 36751.0, 36751.0);
    let iso_jagged_4002 =
        fuzz_concentric(iso_star_1188, star_1188.reach(), 59992.0, 59904.0, 5397.0);
    let motion_of_fuzz = |length: f32, angle: f32| {
        Vec2::from_angle(fuzz_ranged(angle, 0.0, core::f32::consts::TAU))
            * fuzz_ranged(length, 0.0, 600.0)
    };
    let cases = [
        ("stars_64", &star_64, &star_64, half_step(32)),
        ("star_64_in_star_64", &star_64, &half_64, Iso::IDENTITY),
        ("stars_4096", &star_4096, &star_4096, half_step(2048)),
        ("jagged_4096", &jagged_a, &jagged_b, Iso::IDENTITY),
    ];
    let placed_cases = [
        (
            "jagged_in_star",
            &jagged_1306,
            iso_jagged_1306,
            &star_3330,
            iso_star_3330,
        ),
        (
            "comb_by_comb",
            &comb_536,
            iso_comb_536,
            &comb_926,
            iso_comb_926,
        ),
        (
            "comb_at_hub",
            &hub_star_a,
            iso_hub_star_a,
            &hub_comb_a,
            iso_hub_comb_a,
        ),
        (
            "comb_at_hub_swept",
            &hub_star_b,
            iso_hub_star_b,
            &hub_comb_b,
            iso_hub_comb_b,
        ),
        (
            "comb_at_hub_1521",
            &hub_comb_c,
            iso_hub_comb_c,
            &hub_star_c,
            iso_hub_star_c,
        ),
        (
            "star_on_jagged",
            &star_2364,
            iso_star_2364,
            &jagged_2262,
            iso_jagged_2262,
        ),
        (
            "comb_on_star_2908",
            &star_2908,
            iso_star_2908,
            &comb_811,
            iso_comb_811,
        ),
        (
            "jagged_past_star_1188",
            &star_1188,
            iso_star_1188,
            &jagged_4002,
            iso_jagged_4002,
        ),
        (
            "stars_apart",
            &star_2692,
            iso_star_2692,
            &star_3126,
            iso_star_3126,
        ),
        (
            "combs_crossing",
            &comb_848,
            iso_comb_848,
            &comb_923,
            iso_comb_923,
        ),
        ("comb_jagged", &comb_a, iso_comb, &jagged_3571, iso_jagged),
        (
            "star_jagged",
            &star_2600,
            Iso::IDENTITY,
            &jagged_3300,
            Iso::IDENTITY,
        ),
    ];
    let cases = cases
        .into_iter()
        .map(|(name, a, b, iso_b)| (name, a, Iso::IDENTITY, b, iso_b))
        .chain(placed_cases);
    // B moves 1 along +X (from an overlapping start: the fraction-0 path), except
    // across the combs.
    let motion_of = |name: &str| match name {
        "combs_crossing" => sweep_across,
        "comb_at_hub" => motion_of_fuzz(14613.0, 30535.0),
        "comb_at_hub_swept" => motion_of_fuzz(21.0, 2581.0),
        "comb_at_hub_1521" => motion_of_fuzz(5397.0, 21.0),
        "comb_on_star_2908" => motion_of_fuzz(117.0, 21.0),
        "jagged_past_star_1188" => motion_of_fuzz(11263.0, 50805.0),
        _ => Vec2::X,
    };
    let mut names = Vec::new();
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group(GROUP);
    group.sample_size(10);
    for (name, a, iso_a, b, iso_b) in cases {
        let motion = motion_of(name);
        for (order, (first, iso_first, second, iso_second)) in
            [("ab", (a, iso_a, b, iso_b)), ("ba", (b, iso_b, a, iso_a))]
        {
            match sat2d::contact(first, &iso_first, second, &iso_second) {
                Some(contact) => println!(
                    "{name}_{order}: depth {:.6} normal {} minimal {}",
                    contact.depth,
                    contact.normal,
                    contact.is_minimal()
                ),
                None => println!(
                    "{name}_{order}: apart by {}",
                    sat2d::distance(first, &iso_first, second, &iso_second)
                ),
            }
            let contact_name = format!("contact_{name}_{order}");
            group.bench_function(&contact_name, |bencher| {
                bencher.iter(|| {
                    sat2d::contact(black_box(first), &iso_first, black_box(second), &iso_second)
                });
            });
            let cast_name = format!("cast_shape_{name}_{order}");
            group.bench_function(&cast_name, |bencher| {
                bencher.iter(|| {
                    sat2d::cast_shape(
                        black_box(first),
                        &iso_first,
                        Vec2::ZERO,
                        black_box(second),
                        &iso_second,
                        motion,
                    )
                });
            });
            let distance_name = format!("distance_{name}_{order}");
            group.bench_function(&distance_name, |bencher| {
                bencher.iter(|| {
                    sat2d::distance(black_box(first), &iso_first, black_box(second), &iso_second)
                });
            });
            names.extend([contact_name, cast_name, distance_name]);
        }
    }
    group.finish();
    criterion.final_summary();

    println!("\n{:<36} {:>12}", "case", "median");
    for name in &names {
        if let Some(median) = median_ns(GROUP, name) {
            println!("{name:<36} {:>9.3} ms", median / 1e6);
        }
    }
}
