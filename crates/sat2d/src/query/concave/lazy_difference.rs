//! [`LazyDifference`]: a part pair's Minkowski difference that the concave MTV's
//! search builds only once it reads its faces.
//!
//! Frame: A's local frame, B's parts carried into it (the frame of
//! [`MinkowskiDifference`]).
//!
//! Two ordinary 64-point outlines have about a thousand part pairs near the contact,
//! and the quadtree of `nearest_uncovered.rs` drops most of its squares by reading
//! a few differences' faces: the others it only sorts by their boxes. A difference's
//! box is the difference of its parts' boxes (the box of `A ⊖ B` is
//! `[A.min − B.max, A.max − B.min]`, radii included), known without building it. So a
//! pair whose parts are small enough to be used whole waits with its box, and is
//! built the first time the search reads it, then kept.

use core::cell::{Cell, OnceCell};

use glam::Vec2;

use crate::Aabb;
use crate::query::concave::minkowski_difference::MinkowskiDifference;
#[cfg(doc)]
use crate::query::concave::work_budget::BUILD;
use crate::query::concave::work_budget::WorkBudget;

/// Builds part pair `(i, j)`'s difference, whole.
pub(crate) type Build<'a> = &'a dyn Fn((u32, u32)) -> MinkowskiDifference;

/// A part pair's Minkowski difference, built or waiting to be (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct LazyDifference {
    difference: OnceCell<MinkowskiDifference>,
    /// The part pair it is built from (unused once built).
    pair: (u32, u32),
    bounds: Aabb,
    /// At least the distance from the origin to its farthest point (exactly that
    /// once built).
    farthest: Cell<f32>,
}

impl LazyDifference {
    /// A difference already built (one cut to a window, or a piece the quadtree cut).
    pub fn built(difference: MinkowskiDifference) -> Self {
        Self {
            bounds: difference.bounds(),
            farthest: Cell::new(difference.farthest()),
            difference: OnceCell::from(difference),
            pair: (u32::MAX, u32::MAX),
        }
    }

    /// Part pair `pair`'s difference, not built yet, whose box (radius included) is
    /// `bounds` and whose points lie no farther from the origin than `farthest` (the
    /// box's farthest corner is used where it is nearer). It must be small enough to
    /// be used whole ([`MinkowskiDifference::SMALL`]).
    pub fn waiting(pair: (u32, u32), bounds: Aabb, farthest: f32) -> Self {
        let corner = bounds.min.abs().max(bounds.max.abs()).length();
        Self {
            difference: OnceCell::new(),
            pair,
            bounds,
            farthest: Cell::new(farthest.min(corner)),
        }
    }

    /// The box around it, its radius included.
    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    /// How near the origin its box comes: no point of it is nearer.
    pub fn box_distance(&self) -> f32 {
        Vec2::ZERO.clamp(self.bounds.min, self.bounds.max).length()
    }

    /// At least the distance from the origin to its farthest point (exactly that
    /// once built).
    pub fn farthest(&self) -> f32 {
        self.farthest.get()
    }

    /// The difference, if it has been built (this builds nothing).
    pub fn already_built(&self) -> Option<&MinkowskiDifference> {
        self.difference.get()
    }

    /// Whether it is used whole, never cut ([`MinkowskiDifference::is_small`]; a
    /// waiting one always is).
    pub fn is_small(&self) -> bool {
        self.difference
            .get()
            .is_none_or(MinkowskiDifference::is_small)
    }

    /// The difference, built by `build` the first time (spending eight units per
    /// point of it from `budget`: the search spent [`BUILD`] when it made the waiting
    /// one). `None` when the budget refuses the build.
    pub fn get(&self, build: Build<'_>, budget: &mut WorkBudget) -> Option<&MinkowskiDifference> {
        if let Some(difference) = self.difference.get() {
            return Some(difference);
        }
        let difference = self.difference.get_or_init(|| build(self.pair));
        self.farthest.set(difference.farthest());
        budget
            .spend(8 * difference.view().points.len())
            .then_some(difference)
    }

    /// The difference, which must be built (by [`get`](Self::get)).
    ///
    /// # Panics
    /// If it is not built yet.
    pub fn expect_built(&self) -> &MinkowskiDifference {
        self.difference
            .get()
            .expect("a difference read after it was built")
    }
}
