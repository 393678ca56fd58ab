//! The concave MTV leaves the shapes at most touching (issue 23, class 9).
//!
//! The issue moved B by `depth + 3ε` along the normal and found the shapes still
//! overlapping by 2ε in 3 of about 8,000 random concave pairs, and took the MTV for a
//! little short. It is not: it agrees with an independent `f64` brute force to 1e-7,
//! and B moved by exactly the MTV overlaps no part pair. The overlap past it is the
//! shapes' own: there the way out is a corner of the free region (a capsule leaving a
//! U's slot, where the shortest push meets two walls' constraints at once), and a
//! push along the normal beyond the corner runs back into a wall that slants across
//! it. These tests pin both facts: the push separates to within the tolerance in
//! every case, and past it the crate measures the re-entry as exact geometry does.

mod common;
#[path = "concave_minimality/oracle.rs"]
mod oracle;

use common::exact::deepest_overlap;
use sat2d::{Iso, Shape, Vec2};

/// B moved along the contact's normal by `depth + extra`.
fn pushed(iso_b: &Iso, contact: &sat2d::Contact, extra: f32) -> Iso {
    Iso::new(
        iso_b.translation + contact.normal * (contact.depth + extra),
        iso_b.rotation.angle(),
    )
}

/// Checks that the MTV of (A, B) leaves them at most touching, exactly and as the
/// crate measures it; returns the contact.
fn assert_push_separates(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> sat2d::Contact {
    let tolerance = sat2d::tolerance(a, b);
    let contact = sat2d::contact(a, iso_a, b, iso_b).expect("they overlap");
    let moved = pushed(iso_b, &contact, 0.0);
    let left = deepest_overlap(a, iso_a, b, &moved);
    assert!(
        left <= f64::from(tolerance),
        "after the MTV a part pair overlaps by {left} (tolerance {tolerance}): {contact:?}"
    );
    let after = sat2d::contact(a, iso_a, b, &moved);
    assert!(
        after.as_ref().is_none_or(|after| after.depth <= tolerance),
        "after the MTV the crate measures {after:?} (tolerance {tolerance})"
    );
    contact
}

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// A U: a box with a slot cut into its top, of the issue's proportions.
fn u_shape(half_width: f32, half_height: f32, slot_half: f32, floor: f32) -> Shape {
    Shape::polygon(&[
        v(-half_width, -half_height),
        v(half_width, -half_height),
        v(half_width, half_height),
        v(slot_half, half_height),
        v(slot_half, floor),
        v(-slot_half, floor),
        v(-slot_half, half_height),
        v(-half_width, half_height),
    ])
    .unwrap()
}

/// The issue's example: a capsule across a U's slot.
#[test]
fn the_issues_capsule_across_a_u_is_pushed_out_exactly() {
    let a = Shape::capsule(0.329_543_92, 2.788_890_8);
    let iso_a = Iso::new(v(-0.032_807_05, 1.782_511_6), -1.771_898_7);
    let b = u_shape(1.349_038_4, 0.923_771_74, 0.457_409_62, -0.155_089_8);
    let iso_b = Iso::new(v(0.907_858_5, 2.438_789_1), 1.679_294);
    let tolerance = sat2d::tolerance(&a, &b);
    for (first, iso_first, second, iso_second) in [(&a, iso_a, &b, iso_b), (&b, iso_b, &a, iso_a)] {
        let contact = assert_push_separates(first, &iso_first, second, &iso_second);
        assert!(contact.is_minimal());
        let exact = oracle::minimal_translation(first, &iso_first, second, &iso_second);
        assert!(
            (f64::from(contact.depth) - exact.length()).abs() <= 1e-6 * exact.length(),
            "depth {} against the exact {}",
            contact.depth,
            exact.length()
        );
        // Past the MTV along its normal the shapes meet again, exactly as much as
        // exact geometry says: the corner of a slot, not a short push.
        let past = pushed(&iso_second, &contact, 3.0 * tolerance);
        let exact_past = deepest_overlap(first, &iso_first, second, &past);
        let measured = sat2d::contact(first, &iso_first, second, &past).map_or(0.0, |c| c.depth);
        assert!(exact_past > f64::from(tolerance), "{exact_past}");
        assert!(
            (f64::from(measured) - exact_past).abs() <= 0.1 * f64::from(tolerance),
            "measured {measured}, exactly {exact_past}"
        );
    }
}

/// Seeded random capsules and segments across random U's and spiky outlines (the
/// issue's kinds of pair), both orders: the push leaves every part pair within the
/// tolerance.
#[test]
fn random_pushes_out_of_slots_and_spikes_separate() {
    run_random_pushes(0x23_09, 400);
}

#[test]
#[ignore = "soak: 100,000 random pairs, run with --ignored (in release)"]
fn random_pushes_out_of_slots_and_spikes_separate_soak() {
    run_random_pushes(0x23_0A, 100_000);
}

/// `count` seeded random pairs, both orders, checked by [`assert_push_separates`].
fn run_random_pushes(seed: u64, count: usize) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut checked = 0;
    while checked < count {
        let size = 0.5 + 2.0 * rng.f32();
        let concave = if rng.bool() {
            let half_width = size * (0.6 + 0.4 * rng.f32());
            let slot_half = half_width * (0.15 + 0.6 * rng.f32());
            let half_height = size * (0.4 + 0.6 * rng.f32());
            let floor = half_height * (1.6 * rng.f32() - 0.8);
            u_shape(half_width, half_height, slot_half, floor)
        } else {
            let count = 2 * rng.usize(4..=12);
            let points: Vec<Vec2> = (0..count)
                .map(|i| {
                    let radius = if i % 2 == 0 {
                        1.0
                    } else {
                        0.2 + 0.6 * rng.f32()
                    };
                    Vec2::from_angle(i as f32 * core::f32::consts::TAU / count as f32)
                        * size
                        * radius
                })
                .collect();
            Shape::polygon(&points).unwrap()
        };
        let other = if rng.bool() {
            Shape::capsule(0.05 + 0.4 * rng.f32() * size, 3.0 * rng.f32() * size)
        } else {
            let half = Vec2::from_angle(rng.f32() * core::f32::consts::TAU) * size * rng.f32();
            Shape::segment(-half - v(0.01, 0.0), half)
        };
        let place = |rng: &mut fastrand::Rng| {
            Iso::new(
                Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * size,
                rng.f32() * core::f32::consts::TAU,
            )
        };
        let (iso_concave, iso_other) = (place(&mut rng), place(&mut rng));
        if !sat2d::intersects(&concave, &iso_concave, &other, &iso_other) {
            continue;
        }
        assert_push_separates(&concave, &iso_concave, &other, &iso_other);
        assert_push_separates(&other, &iso_other, &concave, &iso_concave);
        checked += 1;
    }
}

/// The pairs fuzz target's find (CI, seed 1): a circle 0.02 across at the hub of a
/// star of four spikes 100 long, both at (-300, -300). The search, within its budget,
/// returned a push that left the circle 21 tolerances deep in a spike; a checked
/// search now falls back to the convex hulls' push, which separates, flagged as not
/// minimal. Both orders.
#[test]
fn a_small_circle_at_the_hub_of_long_spikes_is_pushed_out() {
    let spikes: Vec<Vec2> = (0..8)
        .map(|index| {
            let radius = if index % 2 == 0 { 0.01 } else { 100.0 };
            Vec2::from_angle(index as f32 * core::f32::consts::FRAC_PI_4) * radius
        })
        .collect();
    let star = Shape::polygon(&spikes).expect("a four-spike star");
    let circle = Shape::circle(0.021_38);
    let iso_circle = Iso::new(v(-300.0, -300.0), 0.515_6);
    let iso_star = Iso::from_translation(v(-300.0, -300.0));
    assert_push_separates(&circle, &iso_circle, &star, &iso_star);
    assert_push_separates(&star, &iso_star, &circle, &iso_circle);
}

/// The pairs fuzz target's find (CI, seed 1): a circle 0.02 across at the hub of an
/// 18-spike star whose notches (97.1) lie just inside its tips (99.9), the circle
/// turned by 356.5°, both at (-300, -300). Two notches, at 10° and 350°, give the same
/// push (97.129). Through the notch at 350° the circle ends 0.0101 past the tip of a
/// sliver part (the star's fan decomposition), whose face planes all pass within the
/// tolerance of it: the part pair's contact said 0.009 deep instead of 0.0001, and the
/// concave MTV, searching from that false depth, answered 1.29 for shapes that touch.
/// The contact now measures past a corner's tip by the closest points
/// (`contact_convex_convex.rs`). The sizes are the fuzz target's, computed as it does.
/// Both orders.
#[test]
fn a_small_circle_at_the_hub_of_a_shallow_star_leaves_through_a_notch() {
    // `common.rs`' sizes: 0.01 to 100 on a log scale, from 16 bits.
    let size = |bits: u16| 0.01 * (100.0f32 / 0.01).powf(f32::from(bits) / f32::from(u16::MAX));
    let (outer, inner) = (size(65_530), size(65_327));
    let points: Vec<Vec2> = (0..36)
        .map(|index| {
            let radius = if index % 2 == 0 { outer } else { inner };
            Vec2::from_angle(index as f32 * core::f32::consts::PI / 18.0) * radius
        })
        .collect();
    let star = Shape::polygon(&points).expect("an 18-spike star");
    let circle = Shape::circle(size(96));
    let turn = f32::from(64_896u16) / f32::from(u16::MAX) * core::f32::consts::TAU;
    let iso_circle = Iso::new(v(-300.0, -300.0), turn);
    let iso_star = Iso::from_translation(v(-300.0, -300.0));
    let contact = assert_push_separates(&circle, &iso_circle, &star, &iso_star);
    assert!((contact.depth - 97.129).abs() < 0.01, "{contact:?}");
    assert_push_separates(&star, &iso_star, &circle, &iso_circle);
}
