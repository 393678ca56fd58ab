//! The push-out after the slide: whatever the mover still overlaps (it started inside,
//! or something was placed on it) moves it out along the contacts' MTVs, a bounded
//! distance per step.

use bevy::prelude::*;

use super::sweep::Sweep;

/// How many contacts are resolved, deepest first, in one push-out.
const PASSES: usize = 4;

impl Sweep<'_, '_, '_> {
    /// How far to move a mover at `position` out of what it overlaps: each pass moves
    /// it out of the deepest overlap to a skin beyond it, and the total is no longer
    /// than [`MoverSettings::max_push_out`](super::MoverSettings::max_push_out). One-way
    /// platforms are never pushed out of: those the mover overlaps at `position` are
    /// listed in `inside_one_way` (sorted), as it passes through them.
    pub(super) fn push_out(&self, position: Vec2, inside_one_way: &mut Vec<Entity>) -> Vec2 {
        let settings = self.settings;
        let mut push = Vec2::ZERO;
        for pass in 0..PASSES {
            let iso = self.iso(position + push);
            let hits = self.query.shape_hits(self.shape, &iso, self.filter);
            if pass == 0 {
                inside_one_way.extend(
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
            // The normal points from the mover to the collider: move against it.
            push -= contact.normal * (contact.depth + settings.skin_width);
        }
        push.clamp_length_max(settings.max_push_out)
    }
}
