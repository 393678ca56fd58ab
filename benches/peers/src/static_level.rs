//! `-- static`: what a static level costs each engine. 1,000 moving colliders alone,
//! then the same 1,000 among 100,000 static ones at half the density (a level's worth
//! of never-moving geometry; at half the density each mover touches about as many
//! statics as it touches movers alone, so the level has the alone scene's pairs), each
//! in the three apps: `empty` (the same entities with no collider: what Bevy itself
//! costs for them), bevy_sat2d and avian2d (collision only). The six apps take turns;
//! the ratio level / alone is the figure, and for bevy_sat2d the ratio of its four
//! stages alone (what the plugin itself does, without Bevy's per-entity systems).

use super::*;

/// Moving colliders in both scenes.
const MOVING: usize = 1_000;
/// Static colliders in the level.
const STATIC: usize = 100_000;

/// The level's area per collider, in multiples of the alone scene's: half the density.
const LEVEL_AREA: f32 = 2.0;

/// The [`MOVING`] colliders alone.
pub(crate) fn alone() -> Scene {
    Scene::new(MOVING, 0)
}

/// The same movers among [`STATIC`] static colliders at half the density.
pub(crate) fn level() -> Scene {
    Scene::spread(MOVING, STATIC, LEVEL_AREA)
}

/// Runs the six apps and prints each one's median and the ratios.
pub fn run() {
    let threads = bevy::tasks::available_parallelism();
    println!(
        "static level: {MOVING} moving colliders alone, then among {STATIC} static ones at \
         half the density (the peer scene's shapes and speeds, box grown with the count); \
         {WARMUP} warm-up + {SAMPLES} timed updates per app, the apps taking turns every \
         {BLOCK} updates; {threads} threads available; statics spawned {}",
        if in_rows() {
            "in rows, as a tile map spawns them (ROWS=1)"
        } else {
            "in random order"
        }
    );
    let (alone, level) = (alone(), level());
    let build = Instant::now();
    let mut apps = [
        empty::app(&alone),
        empty::app(&level),
        sat::app(&alone),
        sat::app(&level),
        avian::app(&alone),
        avian::app(&level),
    ];
    println!(
        "setup of the six apps (spawn + first update): {:.1} s",
        build.elapsed().as_secs_f64()
    );
    let timings = measure(&mut apps.each_mut());
    let counts = [
        None,
        None,
        Some(sat::counts(&apps[2])),
        Some(sat::counts(&apps[3])),
        Some(avian::counts(&apps[4])),
        Some(avian::counts(&apps[5])),
    ];
    println!();
    println!(
        "{:<12} {:>17} {:>26} {:>8}   pairs tested / touching (alone, level), last step",
        "app", "alone median ms", "100k static + 1k median ms", "ratio",
    );
    for (index, name) in ["empty", "bevy_sat2d", "avian2d"].into_iter().enumerate() {
        let (alone, level) = (&timings[2 * index], &timings[2 * index + 1]);
        let show = |counts: Option<(usize, usize)>| {
            counts.map_or_else(
                || "-".into(),
                |(pairs, touching)| format!("{pairs} / {touching}"),
            )
        };
        println!(
            "{name:<12} {:>17.3} {:>26.3} {:>7.2}x   {}, {}",
            alone.median(),
            level.median(),
            level.median() / alone.median(),
            show(counts[2 * index]),
            show(counts[2 * index + 1]),
        );
    }
    println!(
        "(empty: Bevy's own cost of the same entities with no collider; its ratio is the \
         floor of any collision plugin's)"
    );
    let (alone, level) = (&timings[2], &timings[3]);
    if let (Some(alone), Some(level)) = (alone.stages_median(), level.stages_median()) {
        println!(
            "bevy_sat2d's four stages (medians): alone {alone:.3} ms, level {level:.3} ms, \
             {:.2}x (goal <= 1.15x)",
            level / alone
        );
    }
    if let (Some(alone), Some(level)) = (alone.stage_medians(), level.stage_medians()) {
        let show = |[sync, broad, narrow, events]: [f64; 4]| {
            format!("sync {sync:.3}, broad {broad:.3}, narrow {narrow:.3}, events {events:.3} ms")
        };
        println!("bevy_sat2d stage medians, alone: {}", show(alone));
        println!("bevy_sat2d stage medians, level: {}", show(level));
    }
    println!(
        "bevy_sat2d stages, level (last step): {}",
        sat::stages(&apps[3])
    );
    println!(
        "avian2d stages, level (last step):    {}",
        avian::stages(&apps[5])
    );
}
