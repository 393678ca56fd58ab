//! Narrow phase: sat2d against parry2d on the same seeded pairs, in one run.
//!
//! `cargo bench -p sat2d --bench narrow_phase` times `intersects` and `contact` on
//! sets of random convex 3–12-gon pairs, circle–polygon and capsule–polygon pairs,
//! half of each set overlapping, every shape still (no rotation between runs); then the
//! same pairs through parry2d's `intersection_test` and `contact`. It runs each set at
//! 4,096, 20,000 and 100,000 pairs (`SAT2D_BENCH_CASES=20000,100000` picks others), with
//! each shape in its own allocation and the pairs in a seeded random order, so that the
//! larger sets read memory as a game's narrow phase does, out of cache. It prints how
//! often the two disagree (overlap, or depth beyond 1e-3 relative) and the speed ratios
//! from criterion's medians. sat2d's two queries are also timed over the whole slice at
//! once (`sat2d::intersects_each`, `sat2d::contact_each`), as a caller with many pairs can.
//!
//! parry2d is sat2d's dev-dependency, 0.27. The same file runs against parry2d 0.31.1 in
//! `benches/parry_peers` (`cargo bench --manifest-path benches/parry_peers/Cargo.toml`);
//! `parry_compat` is the only difference between the two builds.

mod common;
mod parry_compat;
mod shapes;

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use parry2d::shape::SharedShape;
use sat2d::{Iso, Shape, Vec2};

use common::median_ns;
use parry_compat::{PARRY2D, from_vector};
use shapes::game_scale::{case_counts, scattered};
use shapes::{Placed, place, random_capsule, random_circle, random_polygon};

struct PairSet {
    /// The criterion group: the kind of pair and the count, `polygon_polygon_20000`.
    name: String,
    pairs: Vec<(Box<Placed>, Box<Placed>)>,
}

/// `count` pairs at random distances, kept so that exactly half overlap, in a seeded
/// random order.
fn pair_set(
    name: &'static str,
    count: usize,
    seed: u64,
    first: fn(&mut fastrand::Rng) -> (Shape, SharedShape),
    second: fn(&mut fastrand::Rng) -> (Shape, SharedShape),
) -> PairSet {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut overlapping, mut apart) = (Vec::new(), Vec::new());
    while overlapping.len() < count / 2 || apart.len() < count / 2 {
        let a = place(
            first(&mut rng),
            Vec2::ZERO,
            rng.f32() * core::f32::consts::TAU,
        );
        let reach = a.shape.reach() + 2.0;
        let offset = Vec2::from_angle(rng.f32() * core::f32::consts::TAU) * reach * rng.f32();
        let b = place(second(&mut rng), offset, rng.f32() * core::f32::consts::TAU);
        let list = if sat2d::intersects(&a.shape, &a.iso, &b.shape, &b.iso) {
            &mut overlapping
        } else {
            &mut apart
        };
        if list.len() < count / 2 {
            list.push((a, b));
        }
    }
    // Overlapping and apart pairs mixed as a broad phase hands them over, and spread
    // over memory: neighbours in the list were not built one after the other.
    let pairs = overlapping.into_iter().chain(apart).collect();
    PairSet {
        name: format!("{name}_{count}"),
        pairs: scattered(pairs, seed),
    }
}

/// How sat2d and parry2d compare on a set.
#[derive(Default)]
struct Agreement {
    /// Pairs where one says "overlap" and the other does not.
    overlap: usize,
    /// Pairs where sat2d's depth is smaller than parry2d's beyond 1e-3 relative, and
    /// moving B by sat2d's MTV was checked to leave the shapes touching: parry2d takes
    /// `max A − min B` on each axis, which overestimates when one shape reaches past
    /// the other (containment), the case our containment-aware MTV handles.
    shallower_and_verified: usize,
    /// Pairs where sat2d's depth is larger than parry2d's, sat2d's MTV separates and
    /// parry2d's does not: parry2d's EPA stops early and underestimates the depth.
    deeper_and_parry_short: usize,
    /// Anything else: sat2d's MTV does not separate, or parry2d found a shorter one that
    /// does (our MTV would not be minimal). Must be 0.
    wrong: usize,
}

fn compare(set: &PairSet) -> Agreement {
    let mut agreement = Agreement::default();
    for (a, b) in &set.pairs {
        let ours = sat2d::contact(&a.shape, &a.iso, &b.shape, &b.iso);
        let theirs =
            parry2d::query::contact(&a.pose, a.parry.as_ref(), &b.pose, b.parry.as_ref(), 0.0)
                .expect("supported pair");
        let parry_hit =
            parry_compat::intersection_test(&a.pose, a.parry.as_ref(), &b.pose, b.parry.as_ref())
                .expect("supported pair");
        if ours.is_some() != parry_hit {
            agreement.overlap += 1;
        }
        let (Some(ours), Some(theirs)) = (ours, theirs) else {
            continue;
        };
        let size = a.shape.reach() + b.shape.reach();
        let parry_depth = (-theirs.dist).max(0.0);
        if (ours.depth - parry_depth).abs() <= 1e-3 * size {
            continue;
        }
        let separates = |mtv: Vec2| {
            let moved = Iso {
                translation: b.iso.translation + mtv,
                rotation: b.iso.rotation,
            };
            sat2d::contact(&a.shape, &a.iso, &b.shape, &moved)
                .is_none_or(|after| after.depth <= 1e-3 * size)
        };
        let parry_mtv = from_vector(theirs.normal1) * parry_depth;
        let (ours_separates, parry_separates) = (separates(ours.mtv()), separates(parry_mtv));
        if ours.depth < parry_depth && ours_separates {
            agreement.shallower_and_verified += 1;
        } else if ours.depth > parry_depth && ours_separates && !parry_separates {
            agreement.deeper_and_parry_short += 1;
        } else {
            agreement.wrong += 1;
        }
    }
    agreement
}

/// A bench pair's shapes and placements, as [`sat2d::contact_each`] takes them.
fn shapes_of(pair: &(Box<Placed>, Box<Placed>)) -> sat2d::PairRef<'_> {
    (&pair.0.shape, &pair.0.iso, &pair.1.shape, &pair.1.iso)
}

/// How many of `pairs` [`sat2d::intersects_each`] finds intersecting.
fn count_intersecting_each(pairs: &[(Box<Placed>, Box<Placed>)]) -> usize {
    let mut count = 0;
    sat2d::intersects_each(black_box(pairs), shapes_of, |_| count += 1);
    count
}

/// The sum of [`sat2d::contact_each`]'s depths over `pairs`.
fn sum_of_depths_each(pairs: &[(Box<Placed>, Box<Placed>)]) -> f32 {
    let mut sum = 0.0;
    sat2d::contact_each(black_box(pairs), shapes_of, |_, contact| {
        sum += contact.depth;
    });
    sum
}

/// How many of `pairs` sat2d finds intersecting.
fn count_intersecting(pairs: &[(Box<Placed>, Box<Placed>)]) -> usize {
    pairs
        .iter()
        .filter(|(a, b)| {
            sat2d::intersects(black_box(&a.shape), &a.iso, black_box(&b.shape), &b.iso)
        })
        .count()
}

/// The sum of sat2d's contact depths over `pairs`.
fn sum_of_depths(pairs: &[(Box<Placed>, Box<Placed>)]) -> f32 {
    pairs
        .iter()
        .filter_map(|(a, b)| {
            sat2d::contact(black_box(&a.shape), &a.iso, black_box(&b.shape), &b.iso)
        })
        .map(|contact| contact.depth)
        .sum()
}

fn bench_set(criterion: &mut Criterion, set: &PairSet) {
    let mut group = criterion.benchmark_group(&set.name);
    group.throughput(Throughput::Elements(set.pairs.len() as u64));
    group.sample_size(20);
    group.bench_function("sat2d_intersects", |bencher| {
        bencher.iter(|| count_intersecting(&set.pairs));
    });
    group.bench_function("parry2d_intersection_test", |bencher| {
        bencher.iter(|| {
            set.pairs
                .iter()
                .filter(|(a, b)| {
                    parry_compat::intersection_test(
                        &a.pose,
                        black_box(a.parry.as_ref()),
                        &b.pose,
                        black_box(b.parry.as_ref()),
                    )
                    .unwrap()
                })
                .count()
        });
    });
    group.bench_function("sat2d_contact", |bencher| {
        bencher.iter(|| sum_of_depths(&set.pairs));
    });
    // The same queries over the whole slice of pairs (`intersects_each`,
    // `contact_each`), which ask for the memory of the pairs ahead while solving one.
    group.bench_function("sat2d_intersects_each", |bencher| {
        bencher.iter(|| count_intersecting_each(&set.pairs));
    });
    group.bench_function("sat2d_contact_each", |bencher| {
        bencher.iter(|| sum_of_depths_each(&set.pairs));
    });
    group.bench_function("parry2d_contact", |bencher| {
        bencher.iter(|| {
            set.pairs
                .iter()
                .filter_map(|(a, b)| {
                    parry2d::query::contact(
                        &a.pose,
                        black_box(a.parry.as_ref()),
                        &b.pose,
                        black_box(b.parry.as_ref()),
                        0.0,
                    )
                    .unwrap()
                })
                .map(|c| c.dist)
                .sum::<f32>()
        });
    });
    group.finish();
}

/// The kinds of pair, each with its seed and its two shape makers.
type Maker = fn(&mut fastrand::Rng) -> (Shape, SharedShape);
const KINDS: [(&str, u64, Maker, Maker); 3] = [
    ("polygon_polygon", 1, random_polygon, random_polygon),
    ("circle_polygon", 2, random_circle, random_polygon),
    ("capsule_polygon", 3, random_capsule, random_polygon),
];

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    // One count at a time: the 100,000-pair sets hold a few hundred megabytes.
    let mut rows = Vec::new();
    for count in case_counts() {
        for (name, seed, first, second) in KINDS {
            let set = pair_set(name, count, seed, first, second);
            bench_set(&mut criterion, &set);
            rows.push((set.name.clone(), set.pairs.len(), compare(&set)));
        }
    }
    criterion.final_summary();

    println!("\nnarrow phase: sat2d vs {PARRY2D} (half overlapping, still, scattered in memory)");
    println!(
        "{:<22} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}  overlap / shallower / parry short / wrong",
        "pairs",
        "sat int",
        "parry int",
        "ratio",
        "sat con",
        "parry con",
        "ratio",
        "int, each",
        "con, each",
    );
    for (name, count, agreement) in rows {
        let per_pair = |function| median_ns(&name, function).map(|ns| ns / count as f64);
        let (Some(si), Some(pi), Some(sc), Some(pc), Some(sip), Some(scp)) = (
            per_pair("sat2d_intersects"),
            per_pair("parry2d_intersection_test"),
            per_pair("sat2d_contact"),
            per_pair("parry2d_contact"),
            per_pair("sat2d_intersects_each"),
            per_pair("sat2d_contact_each"),
        ) else {
            println!("{name:<22} (no criterion estimates: run without --test/--list)");
            continue;
        };
        println!(
            "{:<22} {:>7.1}ns {:>7.1}ns {:>8.1}x {:>7.1}ns {:>7.1}ns {:>8.1}x {:>8.1}x {:>8.1}x  {} / {} / {} / {}",
            name,
            si,
            pi,
            pi / si,
            sc,
            pc,
            pc / sc,
            pi / sip,
            pc / scp,
            agreement.overlap,
            agreement.shallower_and_verified,
            agreement.deeper_and_parry_short,
            agreement.wrong
        );
    }
    println!(
        "(per pair, criterion medians; ratio = {PARRY2D} time / sat2d time; int, each and con, each:\n\
         the same ratios with sat2d's queries over the whole slice (intersects_each,\n\
         contact_each); overlap: pairs where only one library reports an overlap; shallower:\n\
         sat2d's MTV is shorter than parry2d's depth and was checked to separate (parry2d\n\
         measures max A - min B per axis, too deep in containment);\n\
         parry short: sat2d deeper, sat2d's MTV separates and parry2d's does not (EPA stopped\n\
         early); wrong: anything else, must be 0)"
    );
}
