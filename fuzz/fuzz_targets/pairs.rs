//! `contact`, `intersects` and `explain` on arbitrary shape pairs and placements, each
//! checked against the crate's own conventions: the two agree, the MTV separates, the
//! swapped pair has the same depth (and, for concave shapes, the opposite normal or an
//! equally short push), `explain` agrees with `contact` away from touching, and every
//! number is finite.
#![no_main]

#[path = "common.rs"]
mod common;

use arbitrary::Arbitrary;
use common::{FuzzIso, FuzzShape, deepest_part_overlap, finite, resolution, unit};
use libfuzzer_sys::fuzz_target;
use sat2d::{Iso, Shape};

#[derive(Arbitrary, Debug)]
struct Input {
    a: FuzzShape,
    iso_a: FuzzIso,
    b: FuzzShape,
    iso_b: FuzzIso,
}

fuzz_target!(|input: Input| {
    let (Some(a), Some(b)) = (input.a.build(), input.b.build()) else {
        return;
    };
    let (iso_a, iso_b) = (input.iso_a.iso(), input.iso_b.iso());
    let tolerance = sat2d::tolerance(&a, &b);
    let contact = sat2d::contact(&a, &iso_a, &b, &iso_b);
    let intersects = sat2d::intersects(&a, &iso_a, &b, &iso_b);
    assert_eq!(
        contact.is_some(),
        intersects,
        "contact {contact:?} vs intersects"
    );
    let Some(contact) = contact else {
        return;
    };
    finite("depth", contact.depth);
    assert!(contact.depth >= 0.0);
    unit("normal", contact.normal);
    for point in contact.points() {
        assert!(point.is_finite(), "point {point}");
    }
    let convex = !matches!(a, Shape::Concave(_)) && !matches!(b, Shape::Concave(_));
    let margin = 20.0 * tolerance + resolution(&[iso_a, iso_b]);
    // B moved by `push` leaves the shapes at most touching: the crate measures no
    // deeper contact, or, where that contact is past its work budget (its depth is a
    // push that separates, not how deep they overlap: placements far out round the
    // push, leaving the pair a hair inside, and many parts meeting at the touch can
    // spend the budget), no pair of convex parts overlaps deeper.
    let clears = |push: sat2d::Vec2| {
        let moved = Iso::new(iso_b.translation + push, iso_b.rotation.angle());
        sat2d::contact(&a, &iso_a, &b, &moved).is_none_or(|after| {
            after.depth <= margin
                || (!after.is_minimal() && deepest_part_overlap(&a, &iso_a, &b, &moved) <= margin)
        })
    };
    if convex {
        // Moving B by the MTV and a little more separates them.
        let pushed = Iso::new(
            iso_b.translation + contact.normal * (contact.depth + margin),
            iso_b.rotation.angle(),
        );
        assert!(
            !sat2d::intersects(&a, &iso_a, &b, &pushed),
            "the MTV does not separate: {contact:?}"
        );
    } else {
        // The concave MTV is the shortest push, so a push past it can slide B back
        // into a notch it has just cleared (it runs along the normal, the notch's wall
        // does not): B moved by the MTV itself must be left at most touching.
        assert!(
            clears(contact.mtv()),
            "the concave MTV does not separate: {contact:?}"
        );
    }
    let swapped = sat2d::contact(&b, &iso_b, &a, &iso_a).expect("symmetric overlap");
    assert!(
        (swapped.depth - contact.depth).abs() <= 10.0 * tolerance,
        "depths {} and {}",
        contact.depth,
        swapped.depth
    );
    if !convex && contact.depth > margin {
        // Swapped, the push is the same one reversed, or another just as short when
        // two tie.
        assert!(
            (swapped.normal + contact.normal).length() <= 1e-3 || clears(-swapped.mtv()),
            "swapped, the normal {} is neither reversed nor a push that separates: {contact:?}",
            swapped.normal
        );
    }
    let explanation = sat2d::explain(&a, &iso_a, &b, &iso_b);
    let deciding = &explanation.axes[explanation.deciding];
    assert!(
        deciding.overlap >= -10.0 * tolerance,
        "explain separates what contact overlaps: {deciding:?} vs {contact:?}"
    );
});
