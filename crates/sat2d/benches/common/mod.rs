//! Shared by the benches: reading criterion's medians back for the summary tables.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// Criterion's median for one benchmark, in nanoseconds per iteration, or `None` when
/// criterion did not measure it (`--test`, `--list`, or a filter that skipped it).
pub fn median_ns(group: &str, function: &str) -> Option<f64> {
    let path = criterion_home()
        .join(group)
        .join(function)
        .join("new/estimates.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// Where criterion writes its estimates, found the way criterion finds it:
/// `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else `criterion/` in the target
/// directory `cargo metadata` reports for the package being benched (the workspace's
/// `target/`, or a standalone bench crate's own, such as `benches/parry_peers/target/`),
/// else `target/criterion`.
fn criterion_home() -> &'static PathBuf {
    static HOME: OnceLock<PathBuf> = OnceLock::new();
    HOME.get_or_init(|| {
        if let Some(home) = std::env::var_os("CRITERION_HOME") {
            return PathBuf::from(home);
        }
        std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .or_else(cargo_target_directory)
            .unwrap_or_else(|| PathBuf::from("target"))
            .join("criterion")
    })
}

/// The target directory of the package in the working directory (`cargo bench` runs a
/// bench from its package's root), as `cargo metadata` reports it.
fn cargo_target_directory() -> Option<PathBuf> {
    let output = Command::new(std::env::var_os("CARGO")?)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .ok()?;
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).ok()?;
    metadata["target_directory"].as_str().map(PathBuf::from)
}
