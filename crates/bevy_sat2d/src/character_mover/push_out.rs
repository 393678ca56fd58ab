//! The push-out: whatever the mover overlaps (it started inside, or something was
//! placed on it) moves it out along the contacts' MTVs, never further than the
//! penetration (plus the skin) and a bounded distance per step.

use bevy::prelude::*;

use super::sweep::Sweep;

/// How many contacts are resolved, deepest first, in one push-out.
const PASSES: usize = 4;

impl Sweep<'_, '_, '_> {
    /// How far to move a mover at `position` out of what it overlaps, and how deep the
    /// deepest overlap was. Each pass moves it out of the deepest overlap left, to a
    /// skin beyond it, along that overlap's MTV, so each pass moves it by one
    /// penetration plus the skin; the total is no longer than
    /// [`MoverSettings::max_push_out`](super::MoverSettings::max_push_out). So a
    /// push-out only ever takes the mover out of the geometry, never further: a mover
    /// deeper than `max_push_out` comes out over several steps. One-way platforms are
    /// never pushed out of: with `inside_one_way`, those the mover overlaps at
    /// `position` are added to it (it passes through them).
    pub(super) fn push_out(
        &self,
        position: Vec2,
        mut inside_one_way: Option<&mut Vec<Entity>>,
    ) -> (Vec2, f32) {
        let settings = self.settings;
        let mut push = Vec2::ZERO;
        let mut deepest_depth = 0.0_f32;
        for _ in 0..PASSES {
            let iso = self.iso(position + push);
            let hits = self.query.shape_hits(self.shape, &iso, self.filter);
            if let Some(inside) = inside_one_way.take() {
                inside.extend(
                    hits.iter()
                        .filter(|(entity, contact)| contact.depth > 0.0 && self.is_one_way(*entity))
                        .map(|(entity, _)| *entity),
                );
            }
            let deepest = hits
                .into_iter()
                .filter(|(entity, contact)| contact.depth > 0.0 && !self.is_one_way(*entity))
                .max_by(|a, b| a.1.depth.total_cmp(&b.1.depth).then(b.0.cmp(&a.0)));
            let Some((_, contact)) = deepest else {
                break;
            };
            deepest_depth = deepest_depth.max(contact.depth);
            // The normal points from the mover to the collider: move against it.
            push -= contact.normal * (contact.depth + settings.skin_width);
        }
        (push.clamp_length_max(settings.max_push_out), deepest_depth)
    }
}
