//! Segments and capsules laid along lines given in f64, for the shallow-angle,
//! collinear and parallel properties, and the checks every such pair must pass.

use glam::DVec2;
use proptest::prelude::*;
use sat2d::{Iso, Shape, Vec2};

use super::exact;

/// A value drawn log-uniformly from `low..high`.
pub fn log_uniform(low: f64, high: f64) -> impl Strategy<Value = f64> {
    (low.ln()..high.ln()).prop_map(f64::exp)
}

/// A radius: 0 (a segment) a third of the time, else log-uniform in `1e-6..1` (a capsule).
pub fn radius() -> impl Strategy<Value = f32> {
    prop_oneof![1 => Just(0.0f32), 2 => log_uniform(1e-6, 1.0).prop_map(|r| r as f32)]
}

/// A segment or capsule with the placement that puts its core on a line.
#[derive(Clone, Debug)]
pub struct Piece {
    pub shape: Shape,
    pub iso: Iso,
}

/// The piece whose core runs from `start` to `end`: a capsule of `radius`, or for a
/// radius of 0 a segment. A segment is built from its world ends and placed by the
/// identity when `world` is set (exact placement), else built along its local X and
/// placed by an `Iso`; a capsule (its core along local Y) always needs an `Iso`.
pub fn piece(start: DVec2, end: DVec2, radius: f32, world: bool) -> Piece {
    let (middle, along) = ((start + end) * 0.5, end - start);
    let (length, angle) = (along.length(), along.y.atan2(along.x));
    let middle = middle.as_vec2();
    if radius > 0.0 {
        let iso = Iso::new(middle, (angle - core::f64::consts::FRAC_PI_2) as f32);
        return Piece {
            shape: Shape::capsule(radius, length as f32),
            iso,
        };
    }
    if world {
        return Piece {
            shape: Shape::segment(start.as_vec2(), end.as_vec2()),
            iso: Iso::IDENTITY,
        };
    }
    let half = Vec2::new(length as f32 * 0.5, 0.0);
    Piece {
        shape: Shape::segment(-half, half),
        iso: Iso::new(middle, angle as f32),
    }
}

/// How far from the origin two pieces may sit: ±100 for two segments built from their
/// world ends (placed exactly, and ε grows with their coordinates), else within 4
/// lengths, where the placement's rounding ([`resolution`]) stays below ε/4.
pub fn spread(lengths: (f64, f64), radii: (f32, f32), world: (bool, bool)) -> f64 {
    let exact = |radius: f32, world: bool| radius == 0.0 && world;
    if exact(radii.0, world.0) && exact(radii.1, world.1) {
        100.0
    } else {
        (4.0 * (lengths.0 + lengths.1)).min(100.0)
    }
}

/// The unit vector at `angle`, and its left-hand perpendicular.
pub fn frame(angle: f64) -> (DVec2, DVec2) {
    let along = DVec2::from_angle(angle);
    (along, along.perp())
}

/// The f64 oracle's signed distance between two pieces as placed.
pub fn truth(a: &Piece, b: &Piece) -> f64 {
    exact::signed_distance(
        &exact::cores(&a.shape, &a.iso).remove(0),
        &exact::cores(&b.shape, &b.iso).remove(0),
    )
}

/// The crate's tolerance ε for a pair, in f64.
pub fn tolerance(a: &Piece, b: &Piece) -> f64 {
    f64::from(sat2d::tolerance(&a.shape, &b.shape))
}

/// The rounding `f32` placement adds: 2.4e-7 of the largest coordinate (a few half
/// ulps, as in `working_range.rs`).
pub fn resolution(a: &Piece, b: &Piece) -> f64 {
    let largest = |p: &Piece| f64::from(p.iso.translation.abs().max_element() + p.shape.reach());
    2.4e-7 * largest(a).max(largest(b))
}

/// How far a depth, a distance or a projection may stray from the oracle: ε/4 plus
/// the placement's rounding. Seen: 0.11ε and under (the tie rule may pick a face up
/// to ε/10 deeper than the shallowest).
pub fn slack(a: &Piece, b: &Piece) -> f64 {
    0.25 * tolerance(a, b) + resolution(a, b)
}

/// Whether B moved by `shift` still intersects A, by the crate's `intersects`.
pub fn intersects_moved(a: &Piece, b: &Piece, shift: Vec2) -> bool {
    let moved = Iso {
        translation: b.iso.translation + shift,
        ..b.iso
    };
    sat2d::intersects(&a.shape, &a.iso, &b.shape, &moved)
}

/// A and B overlap (or touch). Both orders intersect and have a finite contact with a
/// unit normal and the oracle's depth, within the [`slack`]. The swapped normal is the
/// opposite one (within `turn`, the angle between two faces that may be picked),
/// unless the two orders picked faces whose depths tie (within ε/10, the documented
/// tie margin, and the rounding). Either way each MTV works: the moved shape is at
/// most touching (oracle), and a hair of 3ε more separates them (`intersects`).
/// `explain` agrees that they are not separated (its deciding overlap is at least
/// `-slack`: it has no tolerance). Returns the contact of A and B.
pub fn check_overlap(a: &Piece, b: &Piece, turn: f64) -> Result<sat2d::Contact, TestCaseError> {
    let (epsilon, slack) = (tolerance(a, b), slack(a, b));
    let forward = sat2d::intersects(&a.shape, &a.iso, &b.shape, &b.iso);
    let backward = sat2d::intersects(&b.shape, &b.iso, &a.shape, &a.iso);
    prop_assert!(
        forward && backward,
        "intersects: {} / {}",
        forward,
        backward
    );
    let contact = sat2d::contact(&a.shape, &a.iso, &b.shape, &b.iso);
    let swapped = sat2d::contact(&b.shape, &b.iso, &a.shape, &a.iso);
    let (Some(contact), Some(swapped)) = (contact, swapped) else {
        return Err(TestCaseError::fail("contact is None"));
    };
    let truth = -truth(a, b);
    for (first, second, c) in [(a, b, &contact), (b, a, &swapped)] {
        prop_assert!(c.normal.is_finite() && (c.normal.length() - 1.0).abs() < 1e-5);
        prop_assert!(c.depth.is_finite() && c.depth >= 0.0, "depth {}", c.depth);
        prop_assert!(c.points().iter().all(|p| p.is_finite()), "{:?}", c);
        let error = (f64::from(c.depth) - truth).abs();
        prop_assert!(error <= slack, "depth {} vs {}: {:?}", c.depth, truth, c);
        let moved = Piece {
            iso: Iso {
                translation: second.iso.translation + c.mtv(),
                ..second.iso
            },
            ..second.clone()
        };
        let after = self::truth(first, &moved);
        prop_assert!(
            after >= -slack,
            "the MTV leaves an overlap of {}: {:?}",
            -after,
            c
        );
        let hair = c.normal * (3.0 * epsilon) as f32;
        prop_assert!(
            !intersects_moved(first, second, c.mtv() + hair),
            "the MTV and a hair do not separate: {:?}",
            c
        );
    }
    let difference = f64::from((contact.depth - swapped.depth).abs());
    let flip = f64::from((swapped.normal + contact.normal).length());
    prop_assert!(
        flip <= turn + 1e-5 || difference <= 0.1 * epsilon + resolution(a, b),
        "normals {} / {}, depths {} / {}",
        contact.normal,
        swapped.normal,
        contact.depth,
        swapped.depth
    );
    let explanation = sat2d::explain(&a.shape, &a.iso, &b.shape, &b.iso);
    let overlap = f64::from(explanation.axes[explanation.deciding].overlap);
    prop_assert!(overlap >= -slack, "{:?}", explanation);
    Ok(contact)
}

/// A and B lie `gap` apart (more than the tolerance): neither order intersects or has
/// a contact, `explain` finds a separating axis, and `distance` matches the f64 oracle
/// (and `gap`) within the [`slack`].
pub fn check_apart(a: &Piece, b: &Piece, gap: f64) -> Result<(), TestCaseError> {
    let (sa, ia, sb, ib) = (&a.shape, &a.iso, &b.shape, &b.iso);
    let slack = slack(a, b);
    prop_assert!(!sat2d::intersects(sa, ia, sb, ib) && !sat2d::intersects(sb, ib, sa, ia));
    prop_assert!(sat2d::contact(sa, ia, sb, ib).is_none());
    prop_assert!(sat2d::contact(sb, ib, sa, ia).is_none());
    let explanation = sat2d::explain(sa, ia, sb, ib);
    prop_assert!(explanation.separated(), "explain: {:?}", explanation);
    let oracle = truth(a, b);
    prop_assert!(
        (oracle - gap).abs() <= slack,
        "oracle {} vs gap {}",
        oracle,
        gap
    );
    for distance in [
        sat2d::distance(sa, ia, sb, ib),
        sat2d::distance(sb, ib, sa, ia),
    ] {
        let error = (f64::from(distance) - oracle).abs();
        prop_assert!(error <= slack, "distance {} vs {}", distance, oracle);
    }
    Ok(())
}
