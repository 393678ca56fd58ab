#!/usr/bin/env bash
# The rendered check: builds the windowed examples, runs them in a real window under
# Xvfb with Mesa's software Vulkan (lavapipe), takes screenshots with Bevy's screenshot
# API, and checks each one (panel present, outline colours, a colliding pair).
# Installs Xvfb and Mesa when missing (Debian). Screenshots land in out/.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(xvfb mesa-vulkan-drivers libvulkan1 libxkbcommon-x11-0 xauth)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]}"
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The same build as `cargo test --workspace` (its dev-dependencies change a feature of
# glam, so a plain `cargo build --examples` would compile Bevy a second time): in CI
# this finds everything built already.
cargo test --workspace --no-run --quiet
mkdir -p out
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"
# Examples run from target/: point Bevy at the repository's assets/.
export BEVY_ASSET_ROOT="$PWD"

run() {
    local name=$1 frames=$2
    shift 2
    echo "== $name"
    rm -f "out/$name.png"
    if ! timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" \
        "target/debug/examples/$name" --screenshot "out/$name.png" --frames "$frames" \
        >"out/$name.log" 2>&1; then
        tail -20 "out/$name.log"
        echo "FAIL: $name did not exit cleanly (log: out/$name.log)"
        exit 1
    fi
    if [ ! -s "out/$name.png" ]; then
        echo "FAIL: $name wrote no screenshot (log: out/$name.log)"
        exit 1
    fi
    python3 scripts/check_screenshot.py "out/$name.png" "$@"
}

run showcase 30 --selected
# The SAT explainer: its window's fill (egui's window grey, right of the panel: the
# showcase's small help window alone covers about 25,000 pixels) and the red overlap
# of the pre-selected crates' figure and table (colors.rs OVERLAP).
python3 - out/showcase.png <<'PYTHON'
import sys
sys.path.insert(0, "scripts")
from check_screenshot import PANEL_WIDTH, near, read_png

width, height, rows = read_png(sys.argv[1])
world = [row[x] for row in rows for x in range(PANEL_WIDTH + 4, width)]
window = sum(near(pixel, (28, 28, 28), 2) for pixel in world)
overlap = sum(near(pixel, (255, 0, 0), 30) for pixel in world)
print(f"explainer: window fill {window} px, overlap red {overlap} px")
if window < 80000 or overlap < 100:
    sys.exit("FAIL: the SAT explainer window or its overlap drawing is missing")
PYTHON
run stress 12
run platformer 30
# Both shapes of the concave example touch from the start: no idle outline there.
run concave 30 --min-idle 0
run collider_assets 40
run sprites 120
run queries 40
run level 60

echo "== headless"
target/debug/examples/headless --steps 120 >out/headless.log
tail -3 out/headless.log

echo "visual check passed"
