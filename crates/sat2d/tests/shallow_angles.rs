//! Segments and capsules at shallow angles (issue 13): pairs crossing at 1e-6 to 1e-2
//! rad, and pairs a small gap apart leaving each other at such angles, at random
//! positions, lengths (0.01 to 100) and radii (segments, and capsules of 1e-6 to 1).
//!
//! Bounds are in units of the crate's own ε (`sat2d::tolerance`, 1e-5 of the pair's
//! reach). Depths and distances come out within 0.11ε of the f64 oracle (the tie rule
//! may pick a face up to ε/10 deeper than the shallowest): the checks allow ε/4 plus
//! the placement's rounding ([`lines::slack`]). The pieces sit where that rounding
//! stays below ε/4 ([`lines::spread`]), so "crossing" and "apart by 3ε" are decided.
//! 2,000,000 cases per property ran clean; the default run takes 20,000.

mod common;

use common::lines::{self, Piece, check_apart, check_overlap, log_uniform, piece};
use common::seeded;
use glam::DVec2;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Cases per property.
const CASES: u32 = 20_000;

/// Two pieces that lie along lines through one point, or near it.
#[derive(Clone, Debug)]
struct Layout {
    /// The angle between the two lines (rad, either sign).
    angle: f64,
    /// The direction of A's line.
    direction: f64,
    /// Where the lines meet, in units of the spread (see [`Layout::spot`]).
    spot: DVec2,
    lengths: (f64, f64),
    /// Where along A and along B the lines meet (0 at the start, 1 at the end).
    along: (f64, f64),
    radii: (f32, f32),
    /// Whether a segment is built from its world ends (see [`piece`]).
    world: (bool, bool),
    /// B runs the other way.
    reversed: bool,
}

impl Layout {
    /// The meeting point (see [`lines::spread`]).
    fn spot(&self) -> DVec2 {
        self.spot * lines::spread(self.lengths, self.radii, self.world)
    }

    /// A: its core through the meeting point.
    fn a(&self) -> Piece {
        let (along, _) = lines::frame(self.direction);
        let (spot, length) = (self.spot(), self.lengths.0);
        let start = spot - along * length * self.along.0;
        piece(start, start + along * length, self.radii.0, self.world.0)
    }

    /// B from `start` along `direction`, reversed if asked.
    fn b_from(&self, start: DVec2, direction: DVec2) -> Piece {
        let end = start + direction * self.lengths.1;
        let (start, end) = if self.reversed {
            (end, start)
        } else {
            (start, end)
        };
        piece(start, end, self.radii.1, self.world.1)
    }
}

fn layout() -> impl Strategy<Value = Layout> {
    let angle = (log_uniform(1e-6, 1e-2), any::<bool>())
        .prop_map(|(angle, negative)| if negative { -angle } else { angle });
    let lengths = (log_uniform(0.01, 100.0), log_uniform(0.01, 100.0));
    (
        angle,
        0.0..core::f64::consts::TAU,
        (-1.0f64..1.0, -1.0f64..1.0),
        lengths,
        (0.0f64..=1.0, 0.0f64..=1.0),
        (lines::radius(), lines::radius()),
        (any::<bool>(), any::<bool>()),
        any::<bool>(),
    )
        .prop_map(
            |(angle, direction, (x, y), lengths, along, radii, world, reversed)| Layout {
                angle,
                direction,
                spot: DVec2::new(x, y),
                lengths,
                along,
                radii,
                world,
                reversed,
            },
        )
}

/// A and B crossing at the meeting point, `angle` apart.
fn crossing(layout: &Layout) -> (Piece, Piece) {
    let direction = DVec2::from_angle(layout.direction + layout.angle);
    let start = layout.spot() - direction * layout.lengths.1 * layout.along.1;
    (layout.a(), layout.b_from(start, direction))
}

/// B starting `gap` beyond A's surface, above the meeting point on A (on the side
/// `above` picks), and leaving A's line at `|angle|` forward or backward along it.
fn apart(layout: &Layout, gap: f64, above: bool) -> (Piece, Piece) {
    let (along, left) = lines::frame(layout.direction);
    let side = if above { left } else { -left };
    let height = f64::from(layout.radii.0 + layout.radii.1) + gap;
    let start = layout.spot() + side * height;
    let forward = if layout.angle > 0.0 { along } else { -along };
    let (cos, sin) = (layout.angle.cos(), layout.angle.abs().sin());
    (layout.a(), layout.b_from(start, forward * cos + side * sin))
}

/// Runs `property` on `CASES` seeded layouts, each with an `extra` value, and checks
/// that they all ran.
fn run<T: core::fmt::Debug>(
    extra: impl Strategy<Value = T>,
    property: impl Fn(&Layout, T) -> Result<(), TestCaseError>,
) {
    let seen = AtomicUsize::new(0);
    let mut runner = TestRunner::new(seeded(CASES));
    runner
        .run(&(layout(), extra), |(layout, extra)| {
            seen.fetch_add(1, Ordering::Relaxed);
            property(&layout, extra)
        })
        .unwrap();
    assert!(seen.into_inner() >= CASES as usize);
}

/// Crossing pairs intersect, with the oracle's depth (the radii and the cores' own
/// sliver), an MTV that separates them, and the same depth and the opposite normal
/// the other way round (see `check_overlap`).
#[test]
fn shallow_crossings_intersect_and_separate() {
    run(Just(()), |layout, ()| {
        let (a, b) = crossing(layout);
        let turn = 2.0 * (layout.angle.abs() * 0.5).sin();
        check_overlap(&a, &b, turn).map(|_| ())
    });
}

/// Pairs a gap of 3ε to 3·10⁴ε apart, leaving each other at a shallow angle, are
/// apart, `explain` separates them, and `distance` is the gap (see `check_apart`).
#[test]
fn shallow_pairs_apart_are_apart() {
    let extra = (log_uniform(3.0, 3e4), any::<bool>());
    run(extra, |layout, (factor, above)| {
        let (a, b) = apart(layout, 0.0, above);
        let gap = factor * lines::tolerance(&a, &b);
        let (a, b) = apart(layout, gap, above);
        check_apart(&a, &b, gap)
    });
}
