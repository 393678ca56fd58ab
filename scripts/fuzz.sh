#!/usr/bin/env bash
# Runs sat2d's cargo-fuzz targets (fuzz/) on the nightly toolchain.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# SECONDS per target (default 600); TARGET defaults to every target. Installs
# cargo-fuzz when missing. Each run's last status line (executions, coverage) goes to
# out/fuzz-TARGET.log; a failure leaves its input under fuzz/artifacts/TARGET/ and
# stops the script with a non-zero status.
#
# FUZZ_SEED=N fixes libFuzzer's seed. `.ci/run` sets it: from an empty corpus (a clean
# clone) a fixed seed tries the same inputs in the same order on every run of the same
# code, so CI passes or fails the same way each time and a failure reproduces. (A
# change to the code changes the coverage that guides the inputs, so a new commit may
# meet inputs the last did not.) Without it each run draws a new seed and explores
# further (the long runs).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(construction pairs queries collider_ron concave_mtv)
fi

if ! rustup toolchain list | grep -q '^nightly'; then
    echo "no nightly toolchain: fuzzing skipped"
    exit 0
fi
if ! command -v cargo-fuzz >/dev/null; then
    cargo install cargo-fuzz --locked
fi

mkdir -p out
for target in "${targets[@]}"; do
    echo "== fuzz $target for ${seconds}s"
    # The debug-assertion build checks the crate's own debug_asserts too.
    if ! cargo +nightly fuzz run --fuzz-dir fuzz "$target" -- \
        -max_total_time="$seconds" -print_final_stats=1 ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
        >"out/fuzz-$target.log" 2>&1; then
        tail -40 "out/fuzz-$target.log"
        echo "FAIL: fuzz target $target (log: out/fuzz-$target.log)"
        exit 1
    fi
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)|cov:' "out/fuzz-$target.log" | tail -4
done
echo "fuzzing passed"
