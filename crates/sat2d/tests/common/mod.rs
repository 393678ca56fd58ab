//! Shared helpers for the sat2d integration tests: seeded generators and an
//! independent f64 oracle.
#![allow(dead_code, missing_docs)]

pub mod exact;
pub mod lines;
pub mod seeded_shapes;
pub mod stars;
pub mod strategies;

use proptest::test_runner::{Config, RngAlgorithm, RngSeed};

/// A proptest configuration with a fixed seed, so every run tests the same cases.
pub fn seeded(cases: u32) -> Config {
    Config {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(0x0005_A72D),
        failure_persistence: None,
        max_shrink_iters: 2_000,
        ..Config::default()
    }
}
