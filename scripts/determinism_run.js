// Runs the determinism scene built for wasm32 (the wasm-bindgen module for Node given
// as the first argument) and prints the running hash after every frame as the native
// example does: `frame hash`, the hash in 16 hex digits. See scripts/determinism-check.sh.
const path = require("path");
const scene = require(path.resolve(process.argv[2]));
const hashes = scene.frame_hashes();
const lines = [];
hashes.forEach((hash, frame) => {
    lines.push(`${frame} ${hash.toString(16).padStart(16, "0")}`);
});
process.stdout.write(lines.join("\n") + "\n");
