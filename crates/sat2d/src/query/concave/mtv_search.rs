//! [`MtvSearch`]: the exact MTV of two shapes made of convex parts. The folder's doc
//! (`mod.rs`) walks through the whole algorithm.
//!
//! Frame: A's local frame, B's parts carried into it; the answer is a translation of B
//! in that frame.
//!
//! B moved by `t` overlaps part pair `(i, j)` exactly when `t` lies inside their
//! Minkowski difference `D_ij = A_i ⊖ B_j` (a rounded convex shape: the cores'
//! difference grown by both radii). So the shortest translation that leaves every pair
//! at most touching is the point nearest the origin that lies inside no `D_ij`
//! (touching allowed: on a boundary is outside): the point of the boundary of the
//! union of the differences nearest the origin. It is found by
//! [`nearest_uncovered_point`], exactly, among the differences' boundary points: the
//! origin's projection on an edge, a corner arc's nearest point, a piece's end, or
//! where the boundaries of two differences cross. No direction is guessed.
//!
//! Only differences near the origin are built: the search runs in a window of radius
//! `reach` around it, widened until it holds an answer. A difference farther than
//! `reach` cannot cover a point nearer than `reach`, so an answer found within the
//! window is the answer. Part pairs come from the [`PartPairs`] tree, and each
//! difference is cut to the window ([`MinkowskiDifference::clipped`]): the cost grows
//! with the parts near the contact, not with the product of the part counts.

use core::ops::ControlFlow;

use glam::Vec2;

use crate::Aabb;
use crate::query::concave::convex_window;
use crate::query::concave::lazy_difference::LazyDifference;
use crate::query::concave::minkowski_difference::MinkowskiDifference;
use crate::query::concave::nearest_uncovered::{Window, nearest_uncovered_point};
use crate::query::concave::part_pairs::PartPairs;
use crate::query::concave::work_budget::{BUILD, PAIR, WorkBudget};
use crate::query::kernel::plane_distance;
use crate::query::parts::Parts;

/// How far inside a part pair's difference a point may lie and still count as outside
/// in the search, for shapes of `tolerance` ([`crate::tolerance`]): a quarter of it.
/// The answer is exact to this slack in depth (not always in direction: see
/// `contact_with_neighbours/pair_normal_push.rs`).
#[inline]
pub(crate) fn search_slack(tolerance: f32) -> f32 {
    0.25 * tolerance
}

/// Up to this many part pairs, the search starts with a window that holds the answer.
const FEW_PAIRS: usize = 64;

/// Up to this many part pairs, the search also starts with a window that holds the
/// answer when the known push out is at most [`SPREAD`] times the deepest pair's
/// overlap: the rounds of a doubling window would each walk the quadtree again from
/// its root for an annulus not much wider (a 32-spike star with a half-size one at
/// its centre: 11.3 million instructions in four rounds, 8.9 million in one; 400
/// seeded 64-point outline pairs: 1.03 billion and 0.87 billion).
const MANY_PAIRS: usize = 4096;

/// See [`MANY_PAIRS`]. Past it (a small spiked star deep in a large outline) the
/// first rounds prove most of the union covered cheaply.
const SPREAD: f32 = 8.0;

/// How B must move to leave A, given as the two shapes' parts in A's frame.
pub(crate) struct MtvSearch<'a> {
    /// A's parts and B's parts, placed in A's frame.
    pub parts: (&'a Parts<'a>, &'a Parts<'a>),
    /// The part pairs near each other.
    pub pairs: &'a PartPairs,
    /// How far the deepest single pair of parts overlaps: no MTV is shorter.
    pub deepest: f32,
    /// A translation known to separate the shapes (their convex hulls' MTV, or their
    /// bounding circles' push): no MTV is longer, and it is the answer if the budget
    /// runs out before anything shorter is found.
    pub upper: Vec2,
    /// How far inside a difference a point may lie and still count as outside (the
    /// closed-set rule in `f32`).
    pub slack: f32,
}

/// The search's answer: a push that separates, and whether it is the shortest.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mtv {
    /// The translation of B, in A's frame.
    pub push: Vec2,
    /// Whether the search ran to the end (else `push` separates, maybe not minimally).
    pub minimal: bool,
}

impl MtvSearch<'_> {
    /// The shortest translation of B, in A's frame, after which no pair of parts
    /// overlaps by more than `slack`, or, once `budget` is spent, the shortest push
    /// found so far that separates them (at worst [`upper`](Self::upper)), marked not
    /// minimal.
    ///
    /// ```text
    /// reach = 1.25 · deepest, or past the upper bound's length for few part pairs
    /// loop:
    ///     differences = every D_ij that comes within reach of the origin, cut to it
    ///     t = the nearest point within reach that no difference covers (the upper
    ///         bound counts as one once the window holds it)
    ///     if found: return t
    ///     reach = 2 · reach, but no farther than just past the upper bound
    /// budget spent at any step: the nearest point found so far that no difference
    /// covers (proven: every difference that meets its square was read), else the
    /// upper bound
    /// ```
    /// Both answers past the budget separate. With few part pairs every difference is
    /// cheap to build and to search, so the first window holds them all and the answer;
    /// so it does with more, when the push out is not much longer than the deepest
    /// overlap.
    pub fn run(&self, budget: &mut WorkBudget) -> Mtv {
        let limit = self.upper.length();
        let last = 1.01 * limit + self.slack;
        let (parts_a, parts_b) = self.parts;
        let pairs = parts_a.cores.len() * parts_b.cores.len();
        let mut reach =
            if pairs <= FEW_PAIRS || (pairs <= MANY_PAIRS && last <= SPREAD * self.deepest) {
                last
            } else {
                (1.25 * self.deepest).max(self.slack).min(last)
            };
        let fallback = Mtv {
            push: self.upper,
            minimal: false,
        };
        // A waiting pair's difference, built whole when the search first reads it.
        let build = |(i, j): (u32, u32)| {
            let (i, j) = (i as usize, j as usize);
            MinkowskiDifference::with_flags(
                parts_a.cores[i].form().core(),
                parts_a.flags[i],
                parts_b.cores[j].form().core(),
                parts_b.flags[j],
            )
        };
        let pair_count = parts_a.cores.len() * parts_b.cores.len();
        let mut built = Built {
            active: Vec::with_capacity(pair_count.min(4096)),
            whole: vec![0; pair_count.div_ceil(64)],
            ..Built::default()
        };
        // Every point nearer than this is covered: the deepest pair's difference holds
        // the disc of its depth (less the tolerance its depth was measured to), and a
        // round that finds nothing proves its reach covered.
        let mut covered = (self.deepest - 4.0 * self.slack).max(0.0);
        loop {
            if self
                .build_within(reach, covered, &mut built, budget)
                .is_break()
            {
                return fallback;
            }
            let known = (reach > limit).then_some(self.upper);
            let outcome = nearest_uncovered_point(
                &mut built.active,
                &build,
                Window { reach, covered },
                self.slack,
                known,
                budget,
            );
            match (outcome.point, outcome.complete) {
                (Some(push), minimal) => return Mtv { push, minimal },
                (None, false) => return fallback,
                // With the upper bound known the search always finds a point.
                (None, true) if reach >= last => return fallback,
                (None, true) => {
                    covered = reach;
                    reach = (2.0 * reach).min(last);
                }
            }
        }
    }

    /// Brings `built` up to `reach`: every part pair's difference that comes within
    /// `reach` of the origin, cut to a window around it, in `built.active`, less those
    /// wholly inside the disc of radius `covered` (known covered: they decide nothing
    /// the search reads). A difference of parts small enough to be used whole waits
    /// with its box ([`LazyDifference`]: the search builds it when it first reads it)
    /// and is kept for the rounds after (until it comes within reach, in
    /// `built.pending`); a larger one is cut to each round's window, so it is built
    /// again. Which pairs come within reach is judged by the parts' boxes and bounding
    /// circles for a waiting one (an overestimate, which only costs time), by the
    /// faces for a built one. Breaks once `budget` is spent (units per pair looked
    /// at, and per point of each difference built).
    fn build_within(
        &self,
        reach: f32,
        covered: f32,
        built: &mut Built,
        budget: &mut WorkBudget,
    ) -> ControlFlow<()> {
        let (parts_a, parts_b) = self.parts;
        built.active.truncate(built.kept);
        built
            .active
            .retain(|difference| difference.farthest() >= covered);
        // Differences built in earlier rounds that this one reaches.
        let mut at = 0;
        while at < built.pending.len() {
            if built.pending[at].0 < reach {
                let (_, difference) = built.pending.swap_remove(at);
                built.active.push(difference);
            } else {
                at += 1;
            }
        }
        built.kept = built.active.len();
        // A little beyond `reach`: the cut edges stay clear of every point kept.
        let window = Aabb::new(Vec2::splat(-1.01 * reach), Vec2::splat(1.01 * reach));
        let mut cut = Vec::new();
        let walk = self.pairs.each_within(reach, |i, j| {
            if !budget.spend(PAIR) {
                return ControlFlow::Break(());
            }
            let ((center_a, radius_a), (center_b, radius_b)) =
                (parts_a.bounds[i], parts_b.bounds[j]);
            let (centers, radii) = (center_a.distance(center_b), radius_a + radius_b);
            if centers - radii >= reach || built.is_whole(i * parts_b.cores.len() + j) {
                return ControlFlow::Continue(());
            }
            let (core_a, core_b) = (
                parts_a.cores[i].form().core(),
                parts_b.cores[j].form().core(),
            );
            // Small parts: the difference is used whole, the same in every window, and
            // waits with its box (the difference of the parts' boxes) until the
            // search reads it.
            if core_a.points.len() <= convex_window::SMALL
                && core_b.points.len() <= convex_window::SMALL
            {
                // Charged as a build begun (its points when it is built): the count of
                // differences a search may hold stays what the budget allows.
                if !budget.spend(BUILD) {
                    return ControlFlow::Break(());
                }
                let (box_a, box_b) = (&self.pairs.boxes_a[i], &self.pairs.boxes_b[j]);
                // No point of it is farther than the bounding circles allow, nor
                // nearer (with room for their rounding).
                let margin = 1e-5 * (centers + radii);
                let difference = LazyDifference::waiting(
                    (i as u32, j as u32),
                    Aabb::new(box_a.min - box_b.max, box_a.max - box_b.min),
                    centers + radii + margin,
                );
                built.set_whole(i * parts_b.cores.len() + j);
                if difference.farthest() >= covered {
                    let distance = difference.box_distance().max(centers - radii - margin);
                    if distance < reach {
                        built.active.push(difference);
                    } else {
                        built.pending.push((distance, difference));
                    }
                }
                return ControlFlow::Continue(());
            }
            if !budget.spend(BUILD + 8 * (core_a.points.len() + core_b.points.len())) {
                return ControlFlow::Break(());
            }
            // Larger ones are cut to the window, built again each round.
            if let Some(difference) = MinkowskiDifference::within(
                (core_a, parts_a.flags[i]),
                &self.pairs.boxes_a[i],
                (core_b, parts_b.flags[j]),
                &self.pairs.boxes_b[j],
                &window,
            ) {
                // Within the window the cut difference is the difference, so this
                // keeps exactly those that come within `reach` (the face planes'
                // distance is at most the Euclidean one).
                let view = difference.view();
                let distance = plane_distance(view, Vec2::ZERO) - view.radius;
                if difference.farthest() >= covered && distance < reach {
                    cut.push(LazyDifference::built(difference));
                }
            }
            ControlFlow::Continue(())
        });
        built.kept = built.active.len();
        built.active.append(&mut cut);
        walk
    }
}

/// The differences the rounds of [`MtvSearch::run`] have built.
#[derive(Default)]
struct Built {
    /// The differences of this round: first the `kept` ones, used whole and kept for
    /// every round after (built or waiting to be), then those cut to this round's window (and, during a search,
    /// the pieces the quadtree cuts).
    active: Vec<LazyDifference>,
    /// How many of `active` are kept from round to round.
    kept: usize,
    /// Differences used whole (built or waiting) that did not yet come within reach,
    /// with how near they may come.
    pending: Vec<(f32, LazyDifference)>,
    /// The part pairs whose differences are used whole (in `active` or `pending`):
    /// a bit per pair, pair `(i, j)` at `i ×` B's part count `+ j`.
    whole: Vec<u64>,
}

impl Built {
    /// Whether pair `index`'s difference is used whole.
    fn is_whole(&self, index: usize) -> bool {
        self.whole[index / 64] & (1 << (index % 64)) != 0
    }

    /// Marks pair `index`'s difference as used whole.
    fn set_whole(&mut self, index: usize) {
        self.whole[index / 64] |= 1 << (index % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::concave::hull_push::hull_push;
    use crate::{Iso, Shape, tolerance};

    /// A star of `tips` tips at radius `outer` and corners between them at `inner`.
    fn star(tips: usize, outer: f32, inner: f32) -> Shape {
        let points: Vec<Vec2> = (0..tips * 2)
            .map(|index| {
                let radius = if index % 2 == 0 { outer } else { inner };
                Vec2::from_angle(index as f32 * core::f32::consts::PI / tips as f32) * radius
            })
            .collect();
        Shape::polygon(&points).unwrap()
    }

    /// The search given all the work it needs is exact where the budgeted contact
    /// gives up (`tests/concave_minimality.rs`'s hub case, found by the `pairs` fuzz
    /// target): a small polygon at the hub of a spiked star leaves through a notch,
    /// 75.016 away, where the hulls' push is about 100. With the budget a query gets,
    /// the search answers with a push no shorter, marked not minimal.
    #[test]
    fn the_search_with_all_the_work_it_needs_finds_the_notch_out_of_a_spiked_hub() {
        let hub = 0.01 * 1e4f32.powf(63487.0 / 65535.0);
        let (spiked, small) = (star(32, hub, 100.0), star(18, 0.01, 0.01));
        let turn = 5120.0 / 65535.0 * core::f32::consts::TAU;
        let corner = Vec2::new(-300.0, -300.0);
        let relative = Iso::new(corner, turn).inverse_mul(&Iso::from_translation(corner));
        let (parts_a, parts_b) = (
            Parts::new(&spiked, &Iso::IDENTITY),
            Parts::new(&small, &relative),
        );
        let pairs = PartPairs::new(&parts_a, &parts_b);
        let search = MtvSearch {
            parts: (&parts_a, &parts_b),
            pairs: &pairs,
            deepest: 1.0,
            upper: hull_push(&parts_a, &parts_b).unwrap(),
            slack: 0.25 * tolerance(&spiked, &small),
        };
        assert!(search.upper.length() > 99.0, "{}", search.upper);
        let exact = search.run(&mut WorkBudget::with_units(u64::MAX));
        assert!(exact.minimal);
        assert!(
            (exact.push.length() - 75.016).abs() < 2e-3,
            "{}",
            exact.push
        );
        let budgeted = search.run(&mut WorkBudget::with_units(10_000));
        assert!(!budgeted.minimal);
        assert!(
            budgeted.push.length() >= exact.push.length(),
            "{}",
            budgeted.push
        );
    }
}
