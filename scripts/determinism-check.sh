#!/usr/bin/env bash
# Cross-platform determinism: the seeded scene of examples/determinism run natively
# and as wasm32 under Node must give the same running hash after every frame (events,
# contacts, placements, mover output; 1,000 frames). Prints the first differing frame.
#
# The wasm32 build uses the web page's profile and features (scripts/web.sh), so after
# scripts/web-check.sh only the example itself is compiled and linked; the native run
# uses the debug build `cargo test` made. Installs what is missing: Debian's nodejs, the
# wasm32 target and wasm-bindgen-cli (scripts/web.sh tools).
set -euo pipefail
cd "$(dirname "$0")/.."

example=determinism
target=wasm32-unknown-unknown
profile=web

command -v node >/dev/null || scripts/apt-install.sh nodejs
scripts/web.sh tools
start=$SECONDS
target_dir="$(dirname "$(scripts/web.sh dir)")"
out="$target_dir/determinism-check"
rm -rf "$out"
mkdir -p "$out"

echo "== cargo build --profile $profile --target $target --example $example"
cargo build --quiet --profile "$profile" --target "$target" --example "$example"
wasm-bindgen --target nodejs --no-typescript --out-dir "$out" --out-name "$example" \
    "$target_dir/$target/$profile/examples/$example.wasm"
node scripts/determinism_run.js "$out/$example.js" >"$out/wasm32.txt"

echo "== cargo run --example $example (native, debug)"
cargo run --quiet --example "$example" >"$out/native.txt"

frames=$(wc -l <"$out/native.txt")
if [ "$frames" -eq 0 ] || [ "$(wc -l <"$out/wasm32.txt")" -ne "$frames" ]; then
    echo "determinism: $frames native frames, $(wc -l <"$out/wasm32.txt") wasm32 frames" >&2
    exit 1
fi
# The first line that differs: `frame native-hash wasm32-hash`.
first=$(awk 'NR == FNR { native[$1] = $2; next }
    $2 != native[$1] { print $1, native[$1], $2; exit }' "$out/native.txt" "$out/wasm32.txt")
if [ -n "$first" ]; then
    read -r frame native wasm <<<"$first"
    echo "determinism: native and wasm32 differ from frame $frame on (native $native, wasm32 $wasm)" >&2
    exit 1
fi
echo "== determinism: $frames frames bit-identical natively and in wasm32 (final hash" \
    "$(tail -n 1 "$out/native.txt" | cut -d ' ' -f 2)), checked in $((SECONDS - start)) s"
