//! [`contact_at_impact`]: the contact of a pair that touched during the step but not at
//! its end, found by casting the shapes along their motions.

use sat2d::{Contact, Iso, Vec2};

use crate::world::placed_collider::PlacedCollider;

/// When, during the step, `a` (which moved by `motion_a` to where it is now) and `b`
/// (moved by `motion_b`) first touched, and their contact then, normal from `a` to `b`:
/// `(contact, time of impact)` with the time a fraction of the step in `(0, 1]`.
///
/// Translation only: each shape keeps its present rotation along the way. `None` when
/// they never touch during the step, and when they already touched at its start (cast
/// fraction 0): such a touch was under way before the step, so it ends rather than
/// starts.
///
/// ```text
/// start_a = iso_a moved back by motion_a, start_b likewise
/// hit     = cast_shape(a from start_a by motion_a, b from start_b by motion_b)
/// place both at their hit-time translations; their contact there (they touch),
/// or a depth-0 contact from the hit's normal and point if rounding finds them apart
/// ```
pub(crate) fn contact_at_impact(
    a: &PlacedCollider,
    motion_a: Vec2,
    b: &PlacedCollider,
    motion_b: Vec2,
) -> Option<(Contact, f32)> {
    let moved = |iso: &Iso, offset: Vec2| Iso {
        translation: iso.translation + offset,
        ..*iso
    };
    let (start_a, start_b) = (moved(&a.iso, -motion_a), moved(&b.iso, -motion_b));
    let hit = sat2d::cast_shape(&a.shape, &start_a, motion_a, &b.shape, &start_b, motion_b)?;
    if hit.fraction <= 0.0 {
        return None;
    }
    let time = hit.fraction.min(1.0);
    let (at_a, at_b) = (
        moved(&start_a, motion_a * time),
        moved(&start_b, motion_b * time),
    );
    let contact = sat2d::contact(&a.shape, &at_a, &b.shape, &at_b)
        .unwrap_or_else(|| Contact::new(hit.normal, 0.0, &[hit.point], false, false));
    Some((contact, time))
}
