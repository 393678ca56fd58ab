//! `-- profile SCENE [UPDATES]`: one bevy_sat2d app alone, updated `UPDATES` times
//! (3,000 unless named) after its warm-up, for `perf record`: `level` (the static
//! level of [`static_level`]), `alone` (its 1,000 movers alone) or `rotating` (10,000
//! colliders of [`rotating`]'s scene). Prints the median of its four stages, and the
//! pairs that started and ended per update (each an edit of both colliders' lists).

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
    app.init_resource::<Changes>()
        .add_systems(Last, count_changes);
    for _ in 0..WARMUP {
        app.update();
    }
    *app.world_mut().resource_mut::<Changes>() = Changes::default();
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
    let changes = app.world().resource::<Changes>();
    let per_update = |count: usize| count as f64 / changes.updates.max(1) as f64;
    println!(
        "({updates} updates; {:.1} pairs started and {:.1} ended per update)",
        per_update(changes.started),
        per_update(changes.ended)
    );
}

/// The `Started` and `Ended` events of the timed updates.
#[derive(Resource, Default)]
struct Changes {
    updates: usize,
    started: usize,
    ended: usize,
}

/// Counts each update's `Started` and `Ended` events, from the first timed update on
/// (the warm-up's are dropped when it ends).
fn count_changes(
    mut events: MessageReader<bevy_sat2d::CollisionEvent>,
    mut changes: ResMut<Changes>,
) {
    changes.updates += 1;
    for event in events.read() {
        match event {
            bevy_sat2d::CollisionEvent::Started { .. } => changes.started += 1,
            bevy_sat2d::CollisionEvent::Ended { .. } => changes.ended += 1,
            _ => {}
        }
    }
}
