//! `-- latency`: how long this machine takes to answer one load that depends on the
//! last, by how much memory the loads are spread over. A one-pair query whose shapes are
//! not in cache waits at least this long before it can read them, so it bounds what any
//! one-pair routine can reach on data of that size (see `docs/benchmarks.md`).
//!
//! One 64-byte line per node, the nodes linked in a seeded random cycle, so neither the
//! prefetcher nor the out-of-order core can run ahead: each load waits for the one
//! before. 4 KB pages, as a game's heap has them.

use std::time::Instant;

/// The footprints measured, in MiB.
const FOOTPRINTS_MIB: [usize; 7] = [1, 4, 16, 32, 64, 256, 1024];
/// Loads timed per footprint.
const LOADS: usize = 4_000_000;
/// Runs per footprint; the median is printed.
const RUNS: usize = 5;
/// `u64`s per 64-byte line.
const LINE: usize = 8;

/// Prints the median nanoseconds per dependent load for each footprint.
pub fn run() {
    println!(
        "dependent loads over a random cycle of 64-byte lines, median of {RUNS} runs of {LOADS} loads"
    );
    for mib in FOOTPRINTS_MIB {
        let lines = mib * 1024 * 1024 / 64;
        let next = random_cycle(lines);
        let mut at = 0;
        for _ in 0..lines.min(LOADS) {
            at = next[at] as usize;
        }
        let mut times: Vec<f64> = (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                for _ in 0..LOADS {
                    at = next[at] as usize;
                }
                start.elapsed().as_nanos() as f64 / LOADS as f64
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "{mib:>5} MiB: {:>6.1} ns per load (end {})",
            times[RUNS / 2],
            std::hint::black_box(at) % 2
        );
    }
}

/// `lines` lines of `LINE` words, the first word of each the index of the next line's
/// first word, in one seeded random cycle through every line.
fn random_cycle(lines: usize) -> Vec<u64> {
    let mut order: Vec<usize> = (0..lines).collect();
    fastrand::Rng::with_seed(super::SEED).shuffle(&mut order);
    let mut next = vec![0_u64; lines * LINE];
    for (index, &line) in order.iter().enumerate() {
        next[line * LINE] = (order[(index + 1) % lines] * LINE) as u64;
    }
    next
}
