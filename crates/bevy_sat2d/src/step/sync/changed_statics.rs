//! [`changed_statics`]: the static colliders that changed since the last step, found
//! in their tables' change ticks.
//!
//! A `Changed` filter tests each entity in turn, several ticks apiece, with a branch
//! per test: over a level of 100k static colliders that was a tenth of a step in
//! which none of them changed. Bevy has no cheaper record of what changed (transform
//! propagation itself reads every `Transform`'s tick each frame), so the ticks are read
//! here as what they are, arrays: [`ROWS_AT_ONCE`] rows of every watched component at
//! a time, OR-ed without a branch, which is the speed of reading the arrays.

use bevy::ecs::change_detection::{ContiguousRef, MAX_CHANGE_AGE, Tick};
use bevy::prelude::*;

use super::ColliderChange;
use crate::components::collider::Collider;
use crate::components::collider_of::ColliderOf;
use crate::components::collision_exclusions::CollisionExclusions;
use crate::components::collision_layers::CollisionLayers;
use crate::components::static_collider::StaticCollider;
use crate::components::swept_collider::SweptCollider;

/// Every static collider, read a table at a time ([`Query::contiguous_iter`]) for the
/// change ticks of the components the sync reads.
pub(super) type StaticColliders<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        Ref<'static, Collider>,
        Ref<'static, GlobalTransform>,
        Ref<'static, CollisionLayers>,
        Has<SweptCollider>,
        Option<Ref<'static, ColliderOf>>,
        Option<Ref<'static, CollisionExclusions>>,
    ),
    With<StaticCollider>,
>;

/// Calls `sync` with every static collider whose `Collider`, `GlobalTransform`,
/// `CollisionLayers`, `ColliderOf` or `CollisionExclusions` changed since the last
/// step, in table order. A `StaticCollider` added to a collider the world already holds
/// is not looked for here: its add hook queues the collider's refresh, so the scan
/// reads no tick array of the marker.
///
/// Each table's change ticks are read as arrays, [`ROWS_AT_ONCE`] rows at a time with
/// no branch inside (a loop the compiler vectorizes); only a run of rows where some
/// tick is new is looked at row by row, and only the rows that changed are fetched.
pub(super) fn changed_statics(statics: &StaticColliders, mut sync: impl FnMut(ColliderChange)) {
    let tables = statics
        .contiguous_iter()
        .expect("the plugin's components live in tables");
    for (entities, colliders, globals, layers, is_swept, bodies, exclusions) in tables {
        let (colliders, collider_ticks) = ContiguousRef::split(colliders);
        let (globals, global_ticks) = ContiguousRef::split(globals);
        let (layers, layer_ticks) = ContiguousRef::split(layers);
        let bodies = bodies.map(ContiguousRef::split);
        let exclusion_ticks = exclusions.map(|list| ContiguousRef::split(list).1);
        let news = NewTicks::since(collider_ticks.last_run(), collider_ticks.this_run());
        let watched = [
            Some(collider_ticks.changed()),
            Some(global_ticks.changed()),
            Some(layer_ticks.changed()),
            bodies.as_ref().map(|(_, ticks)| ticks.changed()),
            exclusion_ticks.as_ref().map(|ticks| ticks.changed()),
        ];
        let watched = || watched.iter().flatten();
        for first in (0..entities.len()).step_by(ROWS_AT_ONCE) {
            let rows = first..entities.len().min(first + ROWS_AT_ONCE);
            if !watched().any(|ticks| news.any(&ticks[rows.clone()])) {
                continue;
            }
            for row in rows {
                if !watched().any(|ticks| news.is_new(ticks[row])) {
                    continue;
                }
                sync(ColliderChange {
                    entity: entities[row],
                    collider: &colliders[row],
                    collider_changed: news.is_new(collider_ticks.changed()[row]),
                    global: &globals[row],
                    layers: layers[row],
                    is_static: true,
                    is_swept,
                    body: bodies.as_ref().map(|(bodies, _)| bodies[row].0),
                    has_exclusions: exclusion_ticks.is_some(),
                    last_placed: None,
                });
            }
        }
    }
}

/// How many rows [`changed_statics`] tests at once before looking at any one.
const ROWS_AT_ONCE: usize = 64;

/// Which change ticks are new to a system: [`Tick::is_newer_than`] with its two
/// subtractions taken once.
#[derive(Clone, Copy)]
struct NewTicks {
    this_run: u32,
    /// How many ticks ago the system last ran (at most Bevy's maximum change age): a
    /// tick fewer ticks ago than this is new.
    since_last_run: u32,
}

impl NewTicks {
    /// The ticks new to a system that last ran at `last_run` and runs at `this_run`.
    fn since(last_run: Tick, this_run: Tick) -> Self {
        Self {
            this_run: this_run.get(),
            since_last_run: this_run
                .get()
                .wrapping_sub(last_run.get())
                .min(MAX_CHANGE_AGE),
        }
    }

    /// Whether `tick` is new: as `tick.is_newer_than(last_run, this_run)`, whose clamp
    /// of the tick's own age changes nothing, as `since_last_run` is clamped already.
    #[inline]
    fn is_new(self, tick: Tick) -> bool {
        self.this_run.wrapping_sub(tick.get()) < self.since_last_run
    }

    /// Whether any of `ticks` is new, without a branch per tick.
    #[inline]
    fn any(self, ticks: &[Tick]) -> bool {
        ticks
            .iter()
            .fold(false, |any, &tick| any | self.is_new(tick))
    }
}
