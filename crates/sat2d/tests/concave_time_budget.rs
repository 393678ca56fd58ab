//! The concave MTV's work budget (issue 23, class 8): two many-spiked stars with one
//! centre put every part pair's Minkowski difference on the origin, and the exact
//! search took 14 ms for 64-point stars and 20 s for 4,096-point ones. Past its
//! budget (a count of work, not a clock) the search answers with a push that
//! separates, and [`Contact::is_minimal`](sat2d::Contact::is_minimal) says it may not
//! be the shortest. The times are measured by the `concentric_stars` bench, not here.

mod common;

use common::exact::deepest_overlap;
use common::stars::spiked_star;
use sat2d::{Contact, Iso, Shape, Vec2};

/// The contact both ways: the same push reversed, the same flag; B moved by the push
/// overlaps no part pair of A (by more than the tolerance, checked in `f64` when
/// `exact_check`, else by the crate). Returns the contact of (A, B).
fn assert_separating(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso, exact_check: bool) -> Contact {
    let contact = sat2d::contact(a, iso_a, b, iso_b)
        .unwrap_or_else(|| panic!("{b:?} at {iso_b:?} does not overlap"));
    let swapped = sat2d::contact(b, iso_b, a, iso_a).expect("the same overlap");
    assert_eq!(contact.depth, swapped.depth);
    assert_eq!(contact.normal, -swapped.normal);
    assert_eq!(contact.is_minimal(), swapped.is_minimal());
    let tolerance = sat2d::tolerance(a, b);
    let moved = Iso::new(iso_b.translation + contact.mtv(), iso_b.rotation.angle());
    if exact_check {
        let left = deepest_overlap(a, iso_a, b, &moved);
        assert!(left <= f64::from(tolerance), "left overlapping by {left}");
    }
    let after = sat2d::contact(a, iso_a, b, &moved);
    assert!(
        after.as_ref().is_none_or(|after| after.depth <= tolerance),
        "after the push: {after:?}"
    );
    contact
}

/// Half a tip step of a star of `tips` tips: B's tips in A's gaps.
fn half_step(tips: usize) -> Iso {
    Iso::new(Vec2::ZERO, core::f32::consts::PI / (2 * tips) as f32)
}

/// Two 32-spike stars (64 points) with one centre, and one half their size inside
/// them: every part pair's difference holds the origin. Both took 14 ms before the
/// budget, and were answered past it. Reading only the pieces that can lie on the
/// union's boundary, and building differences only once read (issue 36), both are
/// solved within it: minimal (B moved 0.1% less along the push still overlaps, in
/// `f64`), the same in both orders and on every run.
#[test]
fn concentric_64_point_stars_get_a_minimal_separating_push() {
    let (star, half) = (spiked_star(32, 1.0, 0.5), spiked_star(32, 0.5, 0.25));
    for (b, iso_b) in [(&star, half_step(32)), (&half, Iso::IDENTITY)] {
        let contact = assert_separating(&star, &Iso::IDENTITY, b, &iso_b, true);
        assert!(contact.is_minimal(), "{contact:?}");
        let shorter = Iso::new(
            iso_b.translation + contact.mtv() * 0.999,
            iso_b.rotation.angle(),
        );
        assert!(deepest_overlap(&star, &Iso::IDENTITY, b, &shorter) > 0.0);
        // No longer than the bounding circles' push, no shorter than the deepest
        // single pair's (both stars' hubs overlap whole).
        assert!(contact.depth <= star.reach() + b.reach(), "{contact:?}");
        assert!(contact.depth >= 0.5 + b.reach() * 0.5, "{contact:?}");
        // Deterministic: a count of work, not a clock.
        assert_eq!(
            sat2d::contact(&star, &Iso::IDENTITY, b, &iso_b),
            Some(contact)
        );
    }
}

/// Two 2,048-spike stars (4,096 points) with one centre took 20 s in `cast_shape`:
/// now a separating push, flagged, in both orders, and the cast's fraction-0 answer
/// carries its normal.
#[test]
fn concentric_4096_point_stars_get_a_separating_push_past_the_budget() {
    let star = spiked_star(2048, 1.0, 0.9);
    let iso_b = half_step(2048);
    let contact = assert_separating(&star, &Iso::IDENTITY, &star, &iso_b, false);
    assert!(!contact.is_minimal(), "{contact:?}");
    assert!(contact.depth <= 2.0 * star.reach(), "{contact:?}");
    let hit = sat2d::cast_shape(&star, &Iso::IDENTITY, Vec2::ZERO, &star, &iso_b, Vec2::X)
        .expect("they overlap at the start");
    assert_eq!(hit.fraction, 0.0);
    assert_eq!(hit.normal, contact.normal);
}

/// Game-sized concave contacts stay well inside the budget: exact, and say so.
#[test]
fn game_sized_concave_contacts_stay_minimal() {
    let u = Shape::polygon(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(6.0, 0.0),
        Vec2::new(6.0, 4.0),
        Vec2::new(4.0, 4.0),
        Vec2::new(4.0, 1.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(2.0, 4.0),
        Vec2::new(0.0, 4.0),
    ])
    .unwrap();
    let cases = [
        (
            Shape::rectangle(3.0, 0.4),
            Iso::from_translation(Vec2::new(3.0, 1.0)),
        ),
        (Shape::capsule(0.4, 2.0), Iso::new(Vec2::new(3.0, 2.0), 0.9)),
        (
            Shape::circle(0.7),
            Iso::from_translation(Vec2::new(2.2, 1.2)),
        ),
        (spiked_star(8, 1.0, 0.4), Iso::new(Vec2::new(2.4, 3.9), 0.3)),
    ];
    for (b, iso_b) in &cases {
        let contact = assert_separating(&u, &Iso::IDENTITY, b, iso_b, true);
        assert!(contact.is_minimal(), "{b:?}: {contact:?}");
    }
    // Two 16-spike stars meshed like gears.
    let gear = spiked_star(16, 1.0, 0.8);
    let meshed = Iso::new(Vec2::new(1.7, 0.0), core::f32::consts::PI / 16.0);
    let contact = assert_separating(&gear, &Iso::IDENTITY, &gear, &meshed, true);
    assert!(contact.is_minimal(), "{contact:?}");
}

/// Every convex pair's contact is exact, and says so.
#[test]
fn convex_contacts_are_minimal() {
    let (box_, circle) = (Shape::rectangle(2.0, 2.0), Shape::circle(0.5));
    let contact = sat2d::contact(
        &box_,
        &Iso::IDENTITY,
        &circle,
        &Iso::from_translation(Vec2::new(1.2, 0.0)),
    )
    .unwrap();
    assert!(contact.is_minimal());
    assert!(Contact::new(Vec2::X, 1.0, &[], false, false).is_minimal());
}
