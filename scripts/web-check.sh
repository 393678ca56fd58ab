#!/usr/bin/env bash
# The browser check: builds the showcase's web page (scripts/web.sh build), serves it on
# 127.0.0.1, opens it in headless Chromium with software WebGL2 (SwiftShader) and checks
# it through the DevTools protocol (scripts/web_check.py): the first frames by pixels,
# keyboard focus, the explainer's step-through, one drag, a resize. Installs Debian's chromium and python3-websocket
# when missing. Screenshots land in <target>/web-check/ (target/, or $CARGO_TARGET_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/apt-install.sh chromium python3-websocket

scripts/web.sh build
page="$(scripts/web.sh dir)"
out="$(dirname "$page")/web-check"
rm -rf "$out"
mkdir -p "$out"

# A free port: the kernel picks one for a socket bound to port 0.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')
scripts/web.sh serve "$port" >"$out/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" \
        2>/dev/null && break
    sleep 0.2
done

# Debian's python3-websocket belongs to the system interpreter.
/usr/bin/python3 scripts/web_check.py "http://127.0.0.1:$port/" "$out"
