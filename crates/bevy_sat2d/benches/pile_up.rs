//! Pile-ups: N colliders spawned at one point (the spawn-at-origin bug), in release
//! mode. Every pair touches, so the first step reports N(N-1)/2 `Started` pairs.
//!
//! `cargo bench -p bevy_sat2d --bench pile_up` runs each size in a fresh process (peak
//! memory only grows, so one process per measurement) three times and prints the medians
//! of the first step, of its narrow phase and events stages, and of the step after it
//! (every pair `Ongoing`); and the largest peak resident memory (Linux's `VmHWM`) after
//! the first step and after the next, with the bytes per pair the first step added.
//! Targets for 5,000 colliders: first step under 2 s, peak memory under 1 GB.
//!
//! A second table runs the pile-up as a game meets it: four steps, with a system that
//! reads every `CollisionEvent` each step. It prints the worst step, the events stage of
//! that step, and the peak resident memory after each of the four steps.

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

/// Spawns `count` mixed colliders at the origin, each keeping its random angle.
fn spawn_at_origin(app: &mut App, count: usize) {
    scene::spawn_mixed(app, count, scene::half_box(count), |entity, _, _| {
        entity
            .get_mut::<Transform>()
            .expect("spawned with a transform")
            .translation = Vec3::ZERO;
    });
}

/// Spawns `count` mixed colliders at the origin, then times two steps.
fn measure(count: usize) -> Run {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
    app.update();
    spawn_at_origin(&mut app, count);
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

/// The steps of the pile-up with a reader.
const READ_STEPS: usize = 4;

/// How many `CollisionEvent`s the reader has seen.
#[derive(Resource, Default)]
struct EventsRead(usize);

/// Reads every `CollisionEvent`, as a game reacting to them would.
fn read_events(mut events: MessageReader<CollisionEvent>, mut read: ResMut<EventsRead>) {
    read.0 += events.read().count();
}

/// A run of [`READ_STEPS`] steps with a reader: the worst step and its events stage in
/// milliseconds, the peak resident memory after each step in MiB, and the events read.
#[derive(Clone, Copy, Debug)]
struct ReadRun {
    worst_ms: f64,
    worst_events_ms: f64,
    peaks_mib: [f64; READ_STEPS],
    events_read: usize,
}

/// Spawns `count` colliders at the origin, with a system in `Last` reading every
/// `CollisionEvent`, then times [`READ_STEPS`] steps.
fn measure_read(count: usize) -> ReadRun {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()))
        .init_resource::<EventsRead>()
        .add_systems(Last, read_events);
    app.update();
    spawn_at_origin(&mut app, count);
    let (mut worst_ms, mut worst_events_ms) = (0.0, 0.0);
    let mut peaks_mib = [0.0; READ_STEPS];
    for peak in &mut peaks_mib {
        let start = Instant::now();
        app.update();
        let step_ms = start.elapsed().as_secs_f64() * 1e3;
        if step_ms > worst_ms {
            worst_ms = step_ms;
            let diagnostics = app.world().resource::<SatDiagnostics>();
            worst_events_ms = diagnostics.events_time.as_secs_f64() * 1e3;
        }
        *peak = peak_resident_mib();
    }
    ReadRun {
        worst_ms,
        worst_events_ms,
        peaks_mib,
        events_read: app.world().resource::<EventsRead>().0,
    }
}

/// Runs `measure_read(count)` in a child process (`--pile-up-read count`).
fn measure_read_in_child(count: usize) -> ReadRun {
    let fields = child_figures("--pile-up-read", count, "pile-up-read ");
    assert_eq!(fields.len(), 3 + READ_STEPS, "{fields:?}");
    ReadRun {
        worst_ms: fields[0],
        worst_events_ms: fields[1],
        peaks_mib: std::array::from_fn(|step| fields[2 + step]),
        events_read: fields[2 + READ_STEPS] as usize,
    }
}

/// Runs this binary with `flag count` and returns the numbers of its line that starts
/// with `prefix`.
fn child_figures(flag: &str, count: usize, prefix: &str) -> Vec<f64> {
    let output = Command::new(std::env::current_exe().expect("the bench binary's path"))
        .args([flag, &count.to_string()])
        .output()
        .expect("the bench binary runs");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text
        .lines()
        .find_map(|line| line.strip_prefix(prefix))
        .expect("the child prints its figures");
    line.split_whitespace()
        .map(|field| field.parse().expect("a number"))
        .collect()
}

/// Runs `measure(count)` in a child process (this binary, with `--pile-up count`).
fn measure_in_child(count: usize) -> Run {
    let fields = child_figures("--pile-up", count, "pile-up ");
    assert_eq!(fields.len(), FIELDS, "{fields:?}");
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
    let count_after = |flag: &str| {
        arguments
            .windows(2)
            .find(|pair| pair[0] == flag)
            .map(|pair| pair[1].parse::<usize>().expect("a collider count"))
    };
    if let Some(count) = count_after("--pile-up-read") {
        let run = measure_read(count);
        let peaks: Vec<String> = run.peaks_mib.iter().map(f64::to_string).collect();
        println!(
            "pile-up-read {} {} {} {}",
            run.worst_ms,
            run.worst_events_ms,
            peaks.join(" "),
            run.events_read
        );
        return;
    }
    if let Some(count) = count_after("--pile-up") {
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
    println!(
        "\nwith a system reading every CollisionEvent, {READ_STEPS} steps \
         (worst step, its events stage, peak memory after each step):"
    );
    println!(
        "{:>9} {:>10} {:>10} {:>8}   peak after steps 1..{READ_STEPS}",
        "colliders", "pairs", "worst", "events"
    );
    for &count in sizes {
        let runs: Vec<ReadRun> = (0..RUNS).map(|_| measure_read_in_child(count)).collect();
        let pairs = count * (count - 1) / 2;
        // `Started` in the first step, `Ongoing` in each later one.
        assert!(
            runs.iter().all(|run| run.events_read == READ_STEPS * pairs),
            "{runs:?}"
        );
        let peaks: Vec<String> = (0..READ_STEPS)
            .map(|step| {
                let peak = runs
                    .iter()
                    .map(|run| run.peaks_mib[step])
                    .fold(0.0, f64::max);
                format!("{peak:.0} MiB")
            })
            .collect();
        println!(
            "{count:>9} {pairs:>10} {:>7.0} ms {:>5.0} ms   {}",
            median(runs.iter().map(|run| run.worst_ms).collect()),
            median(runs.iter().map(|run| run.worst_events_ms).collect()),
            peaks.join(", ")
        );
    }
}
