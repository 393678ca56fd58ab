//! [`contact_at_impact`]: the contact of a pair that touched during the step but not at
//! its end, found by casting the shapes along their motions, turns included.

use sat2d::{Contact, Iso, RigidMotion, Rot, Vec2};

use crate::world::placed_collider::PlacedCollider;

/// When, during the step, `a` (which moved by `motion_a` and turned by `turn_a` to
/// where it is now) and `b` (moved by `motion_b`, turned by `turn_b`) first touched, and
/// their contact then, normal from `a` to `b`: `(contact, time of impact)` with the time
/// a fraction of the step in `(0, 1]`.
///
/// Each shape moves in a straight line and turns at a steady rate about its origin
/// ([`RigidMotion`]). Without a turn the cast is [`sat2d::cast_shape`], exact; with one,
/// [`sat2d::cast_turning_shape`], never later than the first touch and within its
/// stated gap of it. `None` when they never touch during the step, and when they
/// already touched at its start (cast fraction 0): such a touch was under way before
/// the step, so it ends rather than starts.
///
/// ```text
/// start_a = iso_a moved back by motion_a and turned back by turn_a, start_b likewise
/// hit     = the cast of a from start_a and b from start_b along their motions
/// place both where they were at the hit's time; their contact there (they touch),
/// or a depth-0 contact from the hit's normal and point if they are a hair apart
/// ```
pub(crate) fn contact_at_impact(
    a: &PlacedCollider,
    (motion_a, turn_a): (Vec2, f32),
    b: &PlacedCollider,
    (motion_b, turn_b): (Vec2, f32),
) -> Option<(Contact, f32)> {
    let start = |iso: &Iso, motion: Vec2, turn: f32| Iso {
        translation: iso.translation - motion,
        rotation: iso.rotation * Rot::from_angle(-turn),
    };
    let (start_a, start_b) = (
        start(&a.iso, motion_a, turn_a),
        start(&b.iso, motion_b, turn_b),
    );
    let (rigid_a, rigid_b) = (
        RigidMotion::new(start_a, motion_a, turn_a),
        RigidMotion::new(start_b, motion_b, turn_b),
    );
    let hit = if turn_a == 0.0 && turn_b == 0.0 {
        sat2d::cast_shape(&a.shape, &start_a, motion_a, &b.shape, &start_b, motion_b)
    } else {
        sat2d::cast_turning_shape(&a.shape, &rigid_a, &b.shape, &rigid_b)
    }?;
    if hit.fraction <= 0.0 {
        return None;
    }
    let time = hit.fraction.min(1.0);
    let (at_a, at_b) = (rigid_a.at(time), rigid_b.at(time));
    let contact = sat2d::contact(&a.shape, &at_a, &b.shape, &at_b)
        .unwrap_or_else(|| Contact::new(hit.normal, 0.0, &[hit.point], false, false));
    Some((contact, time))
}
