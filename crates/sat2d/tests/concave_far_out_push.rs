//! The concave MTV past its work budget (issue 23): the search's proven best push,
//! not the bounding circles'.
//!
//! The `pairs` fuzz target found a tiny 18-tip star (0.3 across its tips, 0.014 at
//! its hub) over a 0.01 16-gon near (-300, -300) where, B moved by the push the
//! budgeted search answered with, the crate still measured a deep contact. The push
//! did separate them (it is a point no part pair's difference covers), to the
//! rounding of a placement 300 from the origin (ulp 3e-5, ten times the pair's
//! tolerance). That rounding left them overlapping by 8e-6, and the second contact's
//! search, all twenty part pairs' differences through the origin, spent its budget
//! and answered with the hulls' push, 0.24, flagged not minimal: a push, not a depth
//! of overlap. Past the budget a contact answers with the search's proven best (the
//! nearest point found that no difference covers, else the hulls' push), which
//! separates, never the coarser bounding circles' push.

mod common;

use common::exact::deepest_overlap;
use common::stars::spiked_star;
use sat2d::{Iso, Shape, Vec2};

/// A number in `[low, high]` from 16 fuzzer bits, on a log scale when `low > 0`
/// (`fuzz/fuzz_targets/common.rs`).
fn ranged(bits: u16, low: f32, high: f32) -> f32 {
    let unit = f32::from(bits) / f32::from(u16::MAX);
    if low > 0.0 {
        low * (high / low).powf(unit)
    } else {
        low + (high - low) * unit
    }
}

/// The fuzz targets' `Star(tips, outer, inner)`.
fn fuzz_star(tips: u8, outer: u16, inner: u16) -> Shape {
    let size = |bits| ranged(bits, 0.01, 100.0);
    spiked_star(3 + usize::from(tips % 30), size(outer), size(inner))
}

/// The fuzz targets' `FuzzIso { x, y, angle }`.
fn fuzz_iso(x: u16, y: u16, angle: u16) -> Iso {
    Iso::new(
        Vec2::new(ranged(x, -300.0, 300.0), ranged(y, -300.0, 300.0)),
        ranged(angle, 0.0, core::f32::consts::TAU),
    )
}

/// How finely `f32` resolves positions near these placements (the fuzz targets'
/// `resolution`).
fn resolution(isos: &[Iso]) -> f32 {
    let far = isos
        .iter()
        .map(|iso| iso.translation.abs().max_element())
        .fold(0.0, f32::max);
    far * f32::EPSILON * 8.0
}

/// The fuzz target's check on (A, B): B moved by the MTV overlaps no part pair beyond
/// the tolerance and the placements' rounding, exactly; the crate measures no deeper
/// contact, or one past its budget whose own push separates. (Not B moved farther
/// along the normal: past a concave MTV that can slide B back into a notch.) Returns
/// whether the push was minimal.
fn assert_push_clears(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> bool {
    let contact = sat2d::contact(a, iso_a, b, iso_b).expect("they overlap");
    let tolerance = sat2d::tolerance(a, b);
    let rounding = resolution(&[*iso_a, *iso_b]);
    let moved_by = |push: Vec2| Iso::new(iso_b.translation + push, iso_b.rotation.angle());
    let moved = moved_by(contact.mtv());
    let left = deepest_overlap(a, iso_a, b, &moved);
    assert!(
        left <= f64::from(tolerance + rounding),
        "a part pair overlaps by {left} after {contact:?}"
    );
    // The crate agrees: no contact deeper than the `pairs` target's margin, or one
    // past its budget, whose depth is a push that separates, not an overlap.
    if let Some(after) = sat2d::contact(a, iso_a, b, &moved) {
        assert!(
            after.depth <= 20.0 * tolerance + rounding || !after.is_minimal(),
            "after {contact:?} the crate measures {after:?}"
        );
        let pushed_again = moved_by(contact.mtv() + after.mtv());
        let left = deepest_overlap(a, iso_a, b, &pushed_again);
        assert!(
            left <= f64::from(tolerance + rounding),
            "after {after:?} a part pair overlaps by {left}"
        );
    }
    contact.is_minimal()
}

/// The length of the push that separates the shapes' bounding circles (along their
/// centres): no MTV is longer.
fn bounding_push(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> f32 {
    let (circle_a, circle_b) = (a.bounding_circle(iso_a), b.bounding_circle(iso_b));
    circle_a.center.distance(circle_b.center) + circle_a.radius + circle_b.radius
}

/// The fuzz input: `Star(255, 24191, 2560)` at `(0, 2)` against `Star(65, 0, 0)` at
/// `(0, 0)`, A turned by 4,099 (of 65,535) and 8,198, B at eight turns, both orders.
#[test]
fn a_tiny_star_pair_far_out_is_pushed_apart_and_measured_apart() {
    let (star, gon) = (fuzz_star(255, 24191, 2560), fuzz_star(65, 0, 0));
    for turn_a in [4099, 8198] {
        let iso_a = fuzz_iso(0, 2, turn_a);
        for turn_b in (0..8).map(|k| k * 8191) {
            let iso_b = fuzz_iso(0, 0, turn_b);
            for (first, iso_first, second, iso_second) in
                [(&star, iso_a, &gon, iso_b), (&gon, iso_b, &star, iso_a)]
            {
                let minimal = assert_push_clears(first, &iso_first, second, &iso_second);
                // Past the budget, the search's proven best (here the hulls' push,
                // 0.29), not the bounding circles' (0.33).
                let depth = sat2d::contact(first, &iso_first, second, &iso_second)
                    .expect("they overlap")
                    .depth;
                let circles = bounding_push(first, &iso_first, second, &iso_second);
                assert!(
                    minimal || depth < 0.9 * circles,
                    "{depth} against {circles}"
                );
            }
        }
    }
}

/// Where the budgeted push of the fuzz input left B: overlapping A's parts by 8e-6
/// in exact arithmetic (the rounding of its placement, 300 from the origin). The
/// contact is past its budget, and its push, the hulls', separates them.
#[test]
fn a_pair_left_overlapping_by_the_rounding_gets_a_push_that_separates() {
    let (star, gon) = (fuzz_star(255, 24191, 2560), fuzz_star(65, 0, 0));
    let iso_a = fuzz_iso(0, 2, 4099);
    let pushed = Vec2::new(0.060_285_1, -0.998_181_16) * 0.050_280_232;
    let iso_b = Iso::from_translation(fuzz_iso(0, 0, 0).translation + pushed);
    let overlap = deepest_overlap(&star, &iso_a, &gon, &iso_b);
    assert!((1e-6..1e-5).contains(&overlap), "{overlap}");
    let minimal = assert_push_clears(&star, &iso_a, &gon, &iso_b);
    let after = sat2d::contact(&star, &iso_a, &gon, &iso_b).expect("a hair inside");
    let circles = bounding_push(&star, &iso_a, &gon, &iso_b);
    assert!(
        minimal || after.depth < 0.9 * circles,
        "{after:?} against {circles}"
    );
}
