//! Determinism: runs the seeded scene of `scene.rs` headless and prints the running
//! hash of its results after every frame, one line per frame (`frame hash`, the hash in
//! 16 hex digits). Built for wasm32, it exports the same run to JavaScript as
//! `frame_hashes()`, which `scripts/determinism-check.sh` calls under Node and
//! compares line by line with the native run. The counts of what happened (`Tally`) go
//! to stderr.
//!
//! `cargo run --example determinism [-- --frames N]`

mod frame_hash;
mod scene;

/// The hash after each frame of the whole run, for JavaScript (a `BigUint64Array`).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn frame_hashes() -> Vec<u64> {
    scene::run(scene::FRAMES).hashes
}

fn main() {
    // On wasm32 the page or Node calls `frame_hashes`; `main` runs when the module loads.
    #[cfg(not(target_arch = "wasm32"))]
    {
        let args: Vec<String> = std::env::args().collect();
        let frames = args
            .iter()
            .position(|arg| arg == "--frames")
            .and_then(|index| args.get(index + 1)?.parse().ok())
            .unwrap_or(scene::FRAMES);
        let run = scene::run(frames);
        eprintln!("{:?}", run.tally);
        for (frame, hash) in run.hashes.iter().enumerate() {
            println!("{frame} {hash:016x}");
        }
    }
}
