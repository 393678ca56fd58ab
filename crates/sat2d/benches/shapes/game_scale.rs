//! Game-scale bench cases: how many a run takes, and their memory spread as a game's
//! colliders are.
//!
//! A game with 10k colliders keeps each shape where its entity lives, megabytes apart,
//! and asks about pairs in the order its broad phase finds them. A bench that reads
//! 4,096 pairs from one array in the order they were built runs from the cache; these
//! helpers make the benches read the other way.

/// The case counts a bench runs at: 4,096, 20,000 and 100,000, or the comma-separated
/// counts in `SAT2D_BENCH_CASES` (`SAT2D_BENCH_CASES=100000 cargo bench …`).
///
/// # Panics
/// If `SAT2D_BENCH_CASES` holds something other than positive whole numbers.
pub fn case_counts() -> Vec<usize> {
    match std::env::var("SAT2D_BENCH_CASES") {
        Ok(list) => list
            .split(',')
            .map(|count| {
                count
                    .trim()
                    .replace('_', "")
                    .parse()
                    .ok()
                    .filter(|&count: &usize| count > 0)
                    .unwrap_or_else(|| panic!("SAT2D_BENCH_CASES: {count:?} is not a count"))
            })
            .collect(),
        Err(_) => vec![4_096, 20_000, 100_000],
    }
}

/// `cases` in a seeded random order. Each case holds its shapes in their own
/// allocations (`Box<Placed>`), made in the order the cases were built; read in this
/// order, consecutive cases sit anywhere in the heap.
pub fn scattered<T>(mut cases: Vec<T>, seed: u64) -> Vec<T> {
    fastrand::Rng::with_seed(seed).shuffle(&mut cases);
    cases
}
