//! The changed moving colliders' rows synced, in turn on the step's thread or, in a
//! large scene (from [`TWO_THREADS_FROM`] moving colliders), with their new places
//! worked out on two threads first.
//!
//! A row whose record only needs its placement ([`new_place`]) gets it written with
//! [`NewPlace::apply`]; every other row (a new collider, a rebuilt shape, a sweep)
//! goes through `sync_tracked`. Both ways write the same records in the same order: the
//! threads only read, and the records are written afterwards in row order, so the
//! thread count changes nothing.

use bevy::prelude::*;
use bevy::tasks::ComputeTaskPool;

use super::new_place::{NewPlace, new_place};
use super::{
    ChangedMovingColliders, ColliderChange, ColliderDataItem, ColliderQueries, sync_tracked,
};
#[cfg(doc)]
use crate::step::TWO_THREADS_FROM;
use crate::step::read_ahead::{
    POINTS_AHEAD, READ_AHEAD_FROM, ROWS_AHEAD, ask_for_points, ask_for_row,
};
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_translation::PlacedTranslation;

/// The new places the two threads work out, kept between steps for their room.
#[derive(Default)]
pub(crate) struct Halves {
    /// Each half's new places, in row order (`None` for a row `sync_tracked` syncs).
    places: [Vec<Option<NewPlace>>; 2],
    /// Where the second half starts: half of the last step's rows.
    split: usize,
}

/// Writes `place` into its record and its row's [`PlacedTranslation`]; the collider
/// is then in the broad phase at its new place.
fn write_place(
    world: &mut CollisionWorld,
    place: NewPlace,
    placed_translation: Option<Mut<PlacedTranslation>>,
) -> bool {
    place.apply(world);
    if let Some(mut placed_translation) = placed_translation {
        placed_translation.set_if_neq(PlacedTranslation(Some(place.translation())));
    }
    true
}

/// Syncs one changed moving row whose new place, if that is all it needs, the threads
/// worked out; every other row goes through `sync_tracked`. Returns whether it is in
/// the broad phase at its new place.
fn sync_row(
    world: &mut CollisionWorld,
    data: &ColliderDataItem,
    placed_translation: Option<Mut<PlacedTranslation>>,
    place: Option<NewPlace>,
) -> bool {
    match place {
        Some(place) => write_place(world, place, placed_translation),
        None => {
            let change = ColliderChange::with_translation(data, placed_translation.as_deref());
            sync_tracked(world, &change, placed_translation)
        }
    }
}

/// [`sync_row`], its new place worked out here from the row's one [`ColliderChange`].
fn sync_row_here(
    world: &mut CollisionWorld,
    data: &ColliderDataItem,
    placed_translation: Option<Mut<PlacedTranslation>>,
) -> bool {
    let change = ColliderChange::with_translation(data, placed_translation.as_deref());
    match new_place(world, &change) {
        Some(place) => write_place(world, place, placed_translation),
        None => sync_tracked(world, &change, placed_translation),
    }
}

/// Syncs the rows of `moving` in turn on this thread; returns how many are in the broad
/// phase at their new place.
pub(crate) fn sync_moving_in_turn(
    world: &mut CollisionWorld,
    moving: &mut ChangedMovingColliders,
) -> usize {
    let mut moved = 0;
    if world.colliders.len() < READ_AHEAD_FROM {
        for (data, placed_translation) in moving {
            moved += usize::from(sync_row_here(world, &data, placed_translation));
        }
        return moved;
    }
    // Placing a collider reads its record and its shape (and a polygon's points): out
    // of cache in a scene this large, so they are asked for ahead, rows `ROWS_AHEAD` on
    // kept in a ring (see `read_ahead`).
    let mut rows = moving.iter_mut();
    let mut ring: [_; ROWS_AHEAD] = core::array::from_fn(|_| None);
    for slot in &mut ring {
        *slot = rows.next();
        if let Some((data, _)) = slot {
            ask_for_row(world, &data.0, data.1.shape());
        }
    }
    let mut next = 0;
    while let Some((data, placed_translation)) = ring[next].take() {
        // Row i taken from slot `next`: the slot `k` on holds row i + k, and this one
        // takes row i + ROWS_AHEAD.
        ring[next] = rows.next();
        if let Some((data, _)) = &ring[next] {
            ask_for_row(world, &data.0, data.1.shape());
        }
        if let Some((data, _)) = &ring[(next + POINTS_AHEAD) % ROWS_AHEAD] {
            ask_for_points(world, &data.0, data.1.shape());
        }
        next = (next + 1) % ROWS_AHEAD;
        moved += usize::from(sync_row_here(world, &data, placed_translation));
    }
    moved
}

/// Syncs the changed moving rows with their new places worked out first on two
/// threads, each over half the rows and reading the world only; then writes them in
/// row order on this thread. Returns how many are in the broad phase at their new
/// place, and how many of them got a new place from the threads.
///
/// The threads are the compute pool's and this one: the step's systems run on the
/// main thread, so that on a machine whose compute pool has one thread (Bevy's share
/// of 2 cores) both cores work.
pub(crate) fn sync_moving_on_two_threads(
    world: &mut CollisionWorld,
    colliders: &mut ColliderQueries,
    halves: &mut Halves,
) -> (usize, usize) {
    let split = halves.split;
    {
        let changed = colliders.p2();
        let changed = &changed;
        let world: &CollisionWorld = world;
        let [first, second] = &mut halves.places;
        first.clear();
        second.clear();
        let work_out = |rows: &mut dyn Iterator<Item = _>, places: &mut Vec<_>| {
            for (data, last) in rows {
                let change = ColliderChange::with_translation(&data, last);
                places.push(new_place(world, &change));
            }
        };
        ComputeTaskPool::get_or_init(Default::default).scope(|scope| {
            scope.spawn(async move { work_out(&mut changed.iter().take(split), first) });
            scope.spawn(async move { work_out(&mut changed.iter().skip(split), second) });
        });
    }
    let [first, second] = &halves.places;
    halves.split = (first.len() + second.len()) / 2;
    let mut places = first.iter().chain(second);
    let (mut moved, mut placed) = (0, 0);
    for (data, placed_translation) in &mut colliders.p0() {
        // Both queries find the same rows in the same order; the id check keeps a row
        // from another's place should they ever not.
        let place = places
            .next()
            .copied()
            .flatten()
            .filter(|place| place.id() == data.0.index_u32());
        placed += usize::from(place.is_some());
        moved += usize::from(sync_row(world, &data, placed_translation, place));
    }
    (moved, placed)
}
