//! [`contact_each`] and [`intersects_each`]: one query over many pairs, with the memory
//! of the pairs ahead asked for while the current one is solved.
//!
//! A game's narrow phase asks about thousands of pairs whose shapes lie anywhere in
//! memory. Out of cache, a pair costs two memory round trips before its work can
//! start: its records (the shapes and placements), then a polygon's store, whose
//! address is in the record. A query's own work (about 100 ns for a polygon contact) is
//! long enough that the core never reaches the next pair's reads on its own, so each
//! pair pays its trips in full: a loop of [`contact`](super::contact) calls takes about
//! five times as long per pair over 100,000 scattered polygon pairs as over 4,096 in
//! cache (406–444 against 85 ns), and this about a third of that (123–137 ns).
//!
//! Here the records of the pair [`RECORDS_AHEAD`] places on are asked for, and the
//! stores of the pair [`STORES_AHEAD`] places on (whose records arrived by then), while
//! the current pair is solved. The asking is a prefetch: it never waits, so the trips
//! of several pairs overlap the work. Results are those of the one-pair queries, bit
//! for bit.

use prefetch_index::prefetch_index;

use crate::{Contact, Iso, Shape};

/// How many pairs ahead of the one being solved its records are asked for.
const RECORDS_AHEAD: usize = 8;

/// How many pairs ahead of the one being solved its polygons' stores are asked for.
const STORES_AHEAD: usize = 4;

/// The two shapes of a pair with their placements: `(A, A's placement, B, B's
/// placement)`, what [`contact`](super::contact) takes.
pub type PairRef<'a> = (&'a Shape, &'a Iso, &'a Shape, &'a Iso);

/// [`contact`](super::contact) on every pair of `pairs`, in order: `found(index,
/// contact)` for each pair that overlaps, `index` its place in `pairs`. `shapes_of`
/// gives a pair's two shapes and placements; it is called a few times per pair (to ask
/// for its memory ahead, then to solve it), so it should only look them up.
///
/// The contacts are those of [`contact`](super::contact), bit for bit; over pairs
/// whose shapes are scattered in memory this runs faster than a loop of it, as the
/// memory of the pairs ahead arrives while the current one is solved (see
/// [`Shape::preload`]).
///
/// ```
/// use sat2d::{Iso, Shape, Vec2};
/// let bodies: Vec<(Shape, Iso)> = (0..32)
///     .map(|index| (Shape::rectangle(1.2, 1.0), Iso::new(Vec2::new(index as f32, 0.0), 0.0)))
///     .collect();
/// // Each body against its right-hand neighbour, 0.2 units of overlap each.
/// let pairs: Vec<(usize, usize)> = (1..32).map(|index| (index - 1, index)).collect();
/// let mut depths = Vec::new();
/// sat2d::contact_each(
///     &pairs,
///     |&(a, b)| (&bodies[a].0, &bodies[a].1, &bodies[b].0, &bodies[b].1),
///     |index, contact| depths.push((index, contact.depth)),
/// );
/// assert_eq!(depths.len(), 31);
/// assert!(depths.iter().all(|&(_, depth)| (depth - 0.2).abs() < 1e-5));
/// ```
pub fn contact_each<'a, P>(
    pairs: &'a [P],
    shapes_of: impl Fn(&'a P) -> PairRef<'a>,
    mut found: impl FnMut(usize, Contact),
) {
    solve_each(pairs, &shapes_of, |index, (a, iso_a, b, iso_b)| {
        if let Some(contact) = super::contact(a, iso_a, b, iso_b) {
            found(index, contact);
        }
    });
}

/// [`intersects`](super::intersects) on every pair of `pairs`, in order: `found(index)`
/// for each pair that intersects, `index` its place in `pairs`. `shapes_of` is as in
/// [`contact_each`], and so is the speed over scattered pairs.
///
/// ```
/// use sat2d::{Iso, Shape, Vec2};
/// let ball = Shape::circle(1.0);
/// let places: Vec<Iso> = (0..8).map(|index| Iso::from_translation(Vec2::new(index as f32 * 1.5, 0.0))).collect();
/// let pairs: Vec<(usize, usize)> = (1..8).flat_map(|b| (0..b).map(move |a| (a, b))).collect();
/// let mut touching = 0;
/// sat2d::intersects_each(&pairs, |&(a, b)| (&ball, &places[a], &ball, &places[b]), |_| touching += 1);
/// assert_eq!(touching, 7); // only neighbours, 1.5 apart, meet
/// ```
pub fn intersects_each<'a, P>(
    pairs: &'a [P],
    shapes_of: impl Fn(&'a P) -> PairRef<'a>,
    mut found: impl FnMut(usize),
) {
    solve_each(pairs, &shapes_of, |index, (a, iso_a, b, iso_b)| {
        if super::intersects(a, iso_a, b, iso_b) {
            found(index);
        }
    });
}

/// `solve(index, pair)` for every pair in order, the memory of the pairs ahead asked
/// for first (see the module docs).
#[inline]
fn solve_each<'a, P>(
    pairs: &'a [P],
    shapes_of: &impl Fn(&'a P) -> PairRef<'a>,
    mut solve: impl FnMut(usize, PairRef<'a>),
) {
    for (index, pair) in pairs.iter().enumerate() {
        if let Some(ahead) = pairs.get(index + RECORDS_AHEAD) {
            let (a, iso_a, b, iso_b) = shapes_of(ahead);
            ask_for_record(a, iso_a);
            ask_for_record(b, iso_b);
        }
        if let Some(ahead) = pairs.get(index + STORES_AHEAD) {
            let (a, _, b, _) = shapes_of(ahead);
            a.preload();
            b.preload();
        }
        solve(index, shapes_of(pair));
    }
}

/// Asks for the lines of a shape's record and of its placement, without reading
/// either: the first line of the shape (where a query's reads of it begin) and the
/// lines of the placement's two halves.
#[inline(always)]
fn ask_for_record(shape: &Shape, iso: &Iso) {
    prefetch_index(core::slice::from_ref(shape), 0);
    prefetch_index(core::slice::from_ref(&iso.translation), 0);
    prefetch_index(core::slice::from_ref(&iso.rotation), 0);
}
