#!/usr/bin/env bash
# The rendered check: builds the windowed examples, runs them in a real window under
# Xvfb with Mesa's software Vulkan (lavapipe), takes screenshots with Bevy's screenshot
# API, and checks each one (panel present, outline colours, a colliding pair).
# Installs Xvfb and Mesa when missing (Debian). Screenshots land in out/.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/apt-install.sh xvfb mesa-vulkan-drivers libvulkan1 libxkbcommon-x11-0 xauth

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

# With the SAT explainer's window and the pre-selected crates' overlap.
run showcase 30 --selected --explainer
run stress 12
run platformer 30
# Both shapes of the concave example touch from the start: no idle outline there.
run concave 30 --min-idle 0
run collider_assets 40
run sprites 120
run queries 40
# Two blades turning 100 degrees a frame among thin walls: the swept one's times of
# impact drawn where its ends swung through walls between frames.
run spinning 60
run level 60
# A Tiled map through bevy_ecs_tiled: crates resting on a platform and a polyline.
run tiled_level 150
# The LDtk project through bevy_ecs_ldtk: crates resting on its IntGrid walls.
run ldtk_level 120
# Two players standing still, crates bouncing and a swept crate crossing its post, all
# re-simulated 7 frames back every frame by bevy_ggrs's SyncTest.
run rollback 120

echo "== headless"
target/debug/examples/headless --steps 120 >out/headless.log
tail -3 out/headless.log

echo "visual check passed"
