#!/usr/bin/env bash
# The showcase in a web page (WebGL2).
#
#   scripts/web.sh build          build the page into <target>/web-page/ (index.html, the
#                                 .js, the _bg.wasm); prints the folder and the wasm's size
#   scripts/web.sh serve [PORT]   serve that folder on http://127.0.0.1:PORT (default 8000)
#   scripts/web.sh dir            print the folder
#   scripts/web.sh tools          install the wasm32 target and wasm-bindgen-cli if missing
#
# <target> is cargo's target directory (target/, or $CARGO_TARGET_DIR). Installs what is
# missing: the wasm32-unknown-unknown target (rustup) and wasm-bindgen-cli at exactly the
# version of the wasm-bindgen crate in Cargo.lock (cargo install, kept in ~/.cargo/bin).
# No wasm-opt: Debian's (binaryen 108) makes the file 7% smaller but the gzipped page larger.
set -euo pipefail
cd "$(dirname "$0")/.."

example=showcase
target=wasm32-unknown-unknown
profile=web # Cargo.toml [profile.web]: size-optimised release with LTO

target_dir() {
    cargo metadata --format-version 1 --no-deps --offline 2>/dev/null \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])' \
        || echo "${CARGO_TARGET_DIR:-target}"
}
# Not <target>/web/: cargo keeps the web profile's build scripts and macros there.
page="$(target_dir)/web-page"

# The wasm-bindgen version Cargo.lock resolved: the CLI must match it exactly.
wasm_bindgen_version() {
    awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

install_tools() {
    if ! rustup target list --installed | grep -qx "$target"; then
        echo "installing the $target target"
        rustup target add "$target"
    fi
    local version
    version="$(wasm_bindgen_version)"
    if [ -z "$version" ]; then
        # A fresh lock file: resolve the wasm dependencies first.
        cargo metadata --format-version 1 --filter-platform "$target" >/dev/null
        version="$(wasm_bindgen_version)"
    fi
    if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
        echo "installing wasm-bindgen-cli $version"
        # With its own lock file first; a registry mirror that lacks one of the locked
        # versions gets the newest ones it has.
        cargo install --locked wasm-bindgen-cli --version "$version" \
            || cargo install wasm-bindgen-cli --version "$version"
    fi
}

build() {
    install_tools
    local start=$SECONDS
    echo "== cargo build --profile $profile --target $target --example $example"
    cargo build --profile "$profile" --target "$target" --example "$example"
    local wasm
    wasm="$(target_dir)/$target/$profile/examples/$example.wasm"
    rm -rf "$page"
    mkdir -p "$page"
    # Without the name section (a quarter of the file; panics still print their message).
    wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
        --out-dir "$page" --out-name "$example" "$wasm"
    cp web/index.html "$page/"
    # The showcase loads no asset files; an example that does needs assets/ beside it.
    local bytes gzipped
    bytes=$(stat -c %s "$page/${example}_bg.wasm")
    gzipped=$(gzip -9 -c "$page/${example}_bg.wasm" | wc -c)
    echo "== page built in $((SECONDS - start)) s: $page"
    echo "   ${example}_bg.wasm: $((bytes / 1024)) KiB, $((gzipped / 1024)) KiB gzipped"
}

serve() {
    local port=${1:-8000}
    if [ ! -f "$page/index.html" ]; then
        echo "no page in $page: run scripts/web.sh build first" >&2
        exit 1
    fi
    echo "serving $page on http://127.0.0.1:$port/"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$page"
}

case "${1:-}" in
    build) build ;;
    serve) serve "${2:-}" ;;
    dir) echo "$page" ;;
    tools) install_tools ;;
    *)
        echo "usage: scripts/web.sh build | serve [PORT] | dir | tools" >&2
        exit 2
        ;;
esac
