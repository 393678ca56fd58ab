//! Pile-ups: N colliders spawned at one point (the spawn-at-origin bug), in release
//! mode. Every pair touches, so the first step reports N(N-1)/2 `Started` pairs.
//!
//! `cargo bench -p bevy_sat2d --bench pile_up` runs each size in a fresh process (peak
//! memory only grows, so one process per measurement) three times and prints the medians
//! of the first step, of its narrow phase and events stages, and of the step after it
//! (every pair `Ongoing`); and the largest peak resident memory (Linux's `VmHWM`) after
//! the first step and after the next, with the bytes per pair the first step added.
//! Targets for 5,000 colliders: first step under 2 s, peak memory under 1 GB.

mod scene;

use std::process::Command;
use std::time::Instant;

use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// The pile-up sizes measured.
const SIZES: [usize; 3] = [1_000, 2_500, 5_000];
/// Runs per size; the table shows the median time and the largest peak memory.
const RUNS: usize = 3;

/// One run's figures: the first step and the next in milliseconds, the first step's
/// narrow phase and events stages in milliseconds, and the peak resident memory before
/// the first step, after it and after the next, in MiB.
#[derive(Clone, Copy, Debug)]
struct Run {
    first_ms: f64,
    second_ms: f64,
    narrow_ms: f64,
    events_ms: f64,
    before_mib: f64,
    first_peak_mib: f64,
    peak_mib: f64,
    contacts: usize,
}

/// The number of figures a child prints, in [`Run`]'s field order.
const FIELDS: usize = 8;

/// The process's peak resident memory so far, in MiB (0 where `/proc` is missing).
fn peak_resident_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<f64>()
                .ok()
        })
        .map_or(0.0, |kib| kib / 1024.0)
}

/// Spawns `count` mixed colliders at the origin (each keeps its random angle), then
/// times two steps.
fn measure(count: usize) -> Run {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    app.update();
    scene::spawn_mixed(&mut app, count, |entity, _, _| {
        entity
            .get_mut::<Transform>()
            .expect("spawned with a transform")
            .translation = Vec3::ZERO;
    });
    let before_mib = peak_resident_mib();
    let start = Instant::now();
    app.update();
    let first_ms = start.elapsed().as_secs_f64() * 1e3;
    let first_peak_mib = peak_resident_mib();
    let diagnostics = app.world().resource::<SatDiagnostics>().clone();
    let start = Instant::now();
    app.update();
    let second_ms = start.elapsed().as_secs_f64() * 1e3;
    Run {
        first_ms,
        second_ms,
        narrow_ms: diagnostics.narrow_phase_time.as_secs_f64() * 1e3,
        events_ms: diagnostics.events_time.as_secs_f64() * 1e3,
        before_mib,
        first_peak_mib,
        peak_mib: peak_resident_mib(),
        contacts: diagnostics.contacts,
    }
}

/// Runs `measure(count)` in a child process (this binary, with `--pile-up count`).
fn measure_in_child(count: usize) -> Run {
    let output = Command::new(std::env::current_exe().expect("the bench binary's path"))
        .args(["--pile-up", &count.to_string()])
        .output()
        .expect("the bench binary runs");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text
        .lines()
        .find_map(|line| line.strip_prefix("pile-up "))
        .expect("the child prints its figures");
    let fields: Vec<f64> = line
        .split_whitespace()
        .map(|field| field.parse().expect("a number"))
        .collect();
    assert_eq!(fields.len(), FIELDS, "{line}");
    Run {
        first_ms: fields[0],
        second_ms: fields[1],
        narrow_ms: fields[2],
        events_ms: fields[3],
        before_mib: fields[4],
        first_peak_mib: fields[5],
        peak_mib: fields[6],
        contacts: fields[7] as usize,
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    if let Some(count) = arguments
        .windows(2)
        .find(|pair| pair[0] == "--pile-up")
        .map(|pair| pair[1].parse::<usize>().expect("a collider count"))
    {
        let run = measure(count);
        println!(
            "pile-up {} {} {} {} {} {} {} {}",
            run.first_ms,
            run.second_ms,
            run.narrow_ms,
            run.events_ms,
            run.before_mib,
            run.first_peak_mib,
            run.peak_mib,
            run.contacts
        );
        return;
    }
    // `cargo test --benches` runs this with no `--bench`: one small pile-up, as a smoke test.
    let sizes: &[usize] = if arguments.iter().any(|argument| argument == "--bench") {
        &SIZES
    } else {
        &[100]
    };
    println!(
        "{:>9} {:>10} {:>10} {:>8} {:>8} {:>10} {:>12} {:>12} {:>10}",
        "colliders",
        "pairs",
        "first",
        "narrow",
        "events",
        "next",
        "peak first",
        "peak next",
        "bytes/pair"
    );
    for &count in sizes {
        let runs: Vec<Run> = (0..RUNS).map(|_| measure_in_child(count)).collect();
        let pairs = count * (count - 1) / 2;
        assert!(runs.iter().all(|run| run.contacts == pairs), "{runs:?}");
        let largest = |field: fn(&Run) -> f64| runs.iter().map(field).fold(0.0, f64::max);
        let middle = |field: fn(&Run) -> f64| median(runs.iter().map(field).collect());
        let (first_peak, peak) = (
            largest(|run| run.first_peak_mib),
            largest(|run| run.peak_mib),
        );
        let before = largest(|run| run.before_mib);
        println!(
            "{count:>9} {pairs:>10} {:>7.0} ms {:>5.0} ms {:>5.0} ms {:>7.0} ms {:>8.0} MiB {:>8.0} MiB {:>10.0}",
            middle(|run| run.first_ms),
            middle(|run| run.narrow_ms),
            middle(|run| run.events_ms),
            middle(|run| run.second_ms),
            first_peak,
            peak,
            (first_peak - before) * 1024.0 * 1024.0 / pairs as f64,
        );
    }
}
