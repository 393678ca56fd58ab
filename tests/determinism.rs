//! The determinism scene (`examples/determinism/scene.rs`) against its checked-in
//! hashes, `tests/determinism_hashes.txt`: the running hash of every frame's events,
//! contacts, placements and mover output. `scripts/determinism-check.sh` compares the
//! same run built for wasm32 under Node with the native one.
//!
//! A change that moves any result by one bit changes the hashes from some frame on.
//! When that is intended (a different, still correct contact point, say), write the new
//! hashes with `DETERMINISM_BLESS=1 cargo test --test determinism` and say why in the
//! commit message.

#[path = "../examples/determinism/frame_hash.rs"]
mod frame_hash;
#[path = "../examples/determinism/scene.rs"]
mod scene;

const EXPECTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/determinism_hashes.txt");

fn lines(hashes: &[u64]) -> Vec<String> {
    hashes
        .iter()
        .enumerate()
        .map(|(frame, hash)| format!("{frame} {hash:016x}"))
        .collect()
}

#[test]
fn every_frame_hashes_as_checked_in() {
    let actual = lines(&scene::run(scene::FRAMES).hashes);
    assert_eq!(actual.len(), scene::FRAMES);
    if std::env::var_os("DETERMINISM_BLESS").is_some() {
        std::fs::write(EXPECTED, actual.join("\n") + "\n").expect("the hash file is writable");
        return;
    }
    let expected = std::fs::read_to_string(EXPECTED).expect("the hash file is checked in");
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(
        expected.len(),
        scene::FRAMES,
        "{EXPECTED} has one line per frame"
    );
    if let Some(frame) = (0..scene::FRAMES).find(|&frame| actual[frame] != expected[frame]) {
        panic!(
            "the results differ from frame {frame} on: got `{}`, expected `{}` \
             (DETERMINISM_BLESS=1 rewrites {EXPECTED})",
            actual[frame], expected[frame]
        );
    }
}

#[test]
fn the_scene_exercises_every_kind_of_collision_and_repeats_itself() {
    // The hashes prove something only if the scene collides in every way the step
    // can: started pairs with contacts, concave ones, swept hits, a grounded mover
    // riding the platform. And a second run in the same process (where a hash map
    // seeded at random would iterate in another order) must repeat the first.
    let first = scene::run(300);
    let tally = first.tally;
    assert!(tally.started >= 50, "{tally:?}");
    assert!(tally.contacts >= 200, "{tally:?}");
    assert!(tally.concave_contacts >= 10, "{tally:?}");
    assert!(tally.swept >= 20, "{tally:?}");
    assert!(tally.grounded >= 100, "{tally:?}");
    assert!(tally.on_platform >= 100, "{tally:?}");
    let second = scene::run(300);
    assert_eq!(second.tally, tally);
    assert_eq!(second.hashes, first.hashes);
}
