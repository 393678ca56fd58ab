//! Segment pairs at the edge of f32 precision.

use sat2d::{Iso, Shape, Vec2};

/// Issue 13, finding 1: two segments crossing at a shallow angle were called apart
/// (the closest-points denominator cancelled in f32). Now one kernel computes it from
/// the cross product, for every angle down to 1e-6 rad.
#[test]
fn shallow_segment_crossings_intersect() {
    let segment = Shape::segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0));
    for angle in [1e-2, 3e-3, 1e-3, 1e-4, 1e-5, 1e-6] {
        let rotated = Iso::new(Vec2::ZERO, angle);
        assert!(
            sat2d::intersects(&segment, &Iso::IDENTITY, &segment, &rotated),
            "angle {angle}"
        );
        let contact = sat2d::contact(&segment, &Iso::IDENTITY, &segment, &rotated)
            .unwrap_or_else(|| panic!("no contact at angle {angle}"));
        assert!(
            contact.depth >= 0.0 && contact.depth < 1e-2,
            "angle {angle}: {contact:?}"
        );
        // Above the tolerance (ends more than ε = 2e-5 apart) they meet at one point,
        // the crossing; below it they coincide, and the ends are contact points.
        if angle >= 1e-4 {
            assert!(
                contact.points().iter().all(|p| p.length() < 1e-3),
                "angle {angle}: {contact:?}"
            );
        }
    }
}
