//! `-- rotating`: a sparse scene where every collider moves **and turns** every step, at
//! 1,000, 10,000 and 100,000 colliders (issue 37).
//!
//! The peer scene's shapes and speeds, each collider also turning at 1–3 rad/s either
//! way, in a box of [`AREA`] times the peer scene's area per collider, so that about a
//! quarter of a touching pair falls to each collider. Per count, three apps take turns
//! as in the peer scene: `empty` (the same entities and mover, no collider), bevy_sat2d
//! and avian2d (collision only). Printed per count: each app's median with its p10–p90,
//! the ratio avian2d / bevy_sat2d, the plugin's own share per collider (its step less
//! `empty`'s), its four stages, the pairs, and whether both engines found the same
//! touching pairs; then step(100k) / step(10k).
//!
//! `-- rotating 10000` runs one count; `--no-avian` leaves avian2d out (for profiling).
//! With `SCATTERED=1` every engine's shapes are made in a shuffled order, so they lie in
//! memory apart from their entities' order ([`scattered`]).

use super::*;

/// Area per collider, in multiples of the peer scene's: 7 leaves about 0.25 touching
/// pairs per collider (the peer scene has 1.7).
const AREA: f32 = 7.0;
/// The counts run unless the command line names others.
const COUNTS: [usize; 3] = [1_000, 10_000, 100_000];

/// `count` colliders of the peer scene, spread over [`AREA`] times its area, each
/// turning at 1–3 rad/s, either way (drawn from their own generator, so the bodies are
/// the peer scene's).
pub(crate) fn scene(count: usize) -> Scene {
    let mut scene = Scene::spread(count, 0, AREA);
    let mut rng = fastrand::Rng::with_seed(SEED + 1);
    for body in &mut scene.bodies {
        let speed = 1.0 + rng.f32() * 2.0;
        body.spin = if rng.bool() { speed } else { -speed };
    }
    scene
}

/// `median (p10–p90)` of `timing`, in ms.
fn spread(timing: &Timing) -> String {
    format!(
        "{:.3} ({:.3}–{:.3})",
        timing.median(),
        percentile(&timing.samples_ms, 0.1),
        timing.p90()
    )
}

/// Runs the counts the command line names (all of [`COUNTS`] if none) and prints each
/// one's figures.
pub fn run() {
    let arguments: Vec<String> = std::env::args().skip(2).collect();
    let with_avian = !arguments.iter().any(|argument| argument == "--no-avian");
    let mut counts: Vec<usize> = arguments
        .iter()
        .filter_map(|argument| argument.parse().ok())
        .collect();
    if counts.is_empty() {
        counts = COUNTS.to_vec();
    }
    let threads = bevy::tasks::available_parallelism();
    println!(
        "rotating sparse scene: the peer scene's shapes and speeds, each collider also \
         turning at 1–3 rad/s, {AREA}× the peer scene's area per collider; {WARMUP} warm-up \
         + {SAMPLES} timed updates per app, the apps taking turns every {BLOCK} updates; \
         {threads} threads available; shapes made {}",
        if scattered() {
            "in a shuffled order (SCATTERED=1)"
        } else {
            "in entity order"
        }
    );
    let mut sat_medians = Vec::new();
    for count in counts {
        let scene = scene(count);
        let build = Instant::now();
        let mut apps = vec![empty::app(&scene), sat::app(&scene)];
        if with_avian {
            apps.push(avian::app(&scene));
        }
        println!(
            "\n{count} colliders, box {:.0}×{:.0}; setup {:.1} s",
            scene.half_box.x * 2.0,
            scene.half_box.y * 2.0,
            build.elapsed().as_secs_f64()
        );
        let timings = measure(&mut apps.iter_mut().collect::<Vec<_>>());
        let (empty_t, sat_t) = (&timings[0], &timings[1]);
        let (pairs, touching) = sat::counts(&apps[1]);
        let own = sat_t.median() - empty_t.median();
        println!("  empty       {} ms", spread(empty_t));
        println!(
            "  bevy_sat2d  {} ms; own share (less empty) {own:.3} ms = {:.0} ns per collider; \
             its four stages {:.3} ms; {pairs} pairs tested, {touching} touching ({:.3} per \
             collider)",
            spread(sat_t),
            own * 1e6 / count as f64,
            sat_t.stages_median().unwrap_or(f64::NAN),
            touching as f64 / count as f64,
        );
        println!("    last step: {}", sat::stages(&apps[1]));
        if let Some([sync, broad, narrow, events]) = sat_t.stage_medians() {
            println!(
                "    stage medians: sync {sync:.3} ms, broad {broad:.3} ms, narrow {narrow:.3} \
                 ms, events {events:.3} ms"
            );
        }
        sat_medians.push((count, sat_t.median()));
        if with_avian {
            let avian_t = &timings[2];
            let (avian_pairs, avian_touching) = avian::counts(&apps[2]);
            println!(
                "  avian2d     {} ms; {avian_pairs} pairs tested, {avian_touching} touching",
                spread(avian_t)
            );
            println!("    last step: {}", avian::stages(&apps[2]));
            println!(
                "  avian2d / bevy_sat2d: raw {:.2}x, net of empty {:.2}x",
                avian_t.median() / sat_t.median(),
                (avian_t.median() - empty_t.median()) / own,
            );
            let sat_set = sat::touching(&mut apps[1]);
            let avian_set = avian::touching(&mut apps[2]);
            let common = sat_set.intersection(&avian_set).count();
            println!(
                "  touching pairs, last step: in both {common}, only bevy_sat2d {}, only \
                 avian2d {}",
                sat_set.len() - common,
                avian_set.len() - common
            );
        }
    }
    let median_at = |count| {
        sat_medians
            .iter()
            .find(|&&(at, _)| at == count)
            .map(|&(_, median)| median)
    };
    if let (Some(big), Some(small)) = (median_at(100_000), median_at(10_000)) {
        println!(
            "\nbevy_sat2d step(100k) / step(10k) = {:.1} (goal <= 11)",
            big / small
        );
    }
}
