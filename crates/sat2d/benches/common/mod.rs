//! Shared by the benches: reading criterion's medians back for the summary tables.

use std::path::PathBuf;

/// Criterion's median for one benchmark, in nanoseconds per iteration, or `None` when
/// criterion did not measure it (`--test`, `--list`, or a filter that skipped it).
pub fn median_ns(group: &str, function: &str) -> Option<f64> {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    let path = target
        .join("criterion")
        .join(group)
        .join(function)
        .join("new/estimates.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}
