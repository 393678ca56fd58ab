//! `-- profile SCENE [UPDATES]`: one bevy_sat2d app alone, updated `UPDATES` times
//! (3,000 unless named) after its warm-up, for `perf record`: `level` (the static
//! level of [`static_level`]), `alone` (its 1,000 movers alone) or `rotating` (10,000
//! colliders of [`rotating`]'s scene). Prints the median of its four stages.

use super::*;

/// Runs the app the command line names and prints its stage medians.
pub fn run() {
    let arguments: Vec<String> = std::env::args().skip(2).collect();
    let updates: usize = arguments
        .get(1)
        .and_then(|argument| argument.parse().ok())
        .unwrap_or(3_000);
    let scene = match arguments.first().map(String::as_str) {
        Some("level") => static_level::level(),
        Some("alone") => static_level::alone(),
        Some("rotating") => rotating::scene(10_000),
        other => panic!("profile: unknown scene {other:?} (level, alone or rotating)"),
    };
    let mut app = sat::app(&scene);
    for _ in 0..WARMUP {
        app.update();
    }
    let mut stages = Vec::with_capacity(updates);
    for _ in 0..updates {
        app.update();
        stages.push(sat::stage_parts_ms(&app).expect("the sat app has stages"));
    }
    for (index, name) in ["sync", "broad", "narrow", "events"]
        .into_iter()
        .enumerate()
    {
        let times: Vec<f64> = stages.iter().map(|parts| parts[index]).collect();
        print!("{name} {:.3} ms  ", percentile(&times, 0.5));
    }
    println!("({updates} updates)");
}
