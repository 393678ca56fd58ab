//! Finding the ground under a mover, and snapping down onto it.

use bevy::prelude::*;

use super::MoverGround;
use super::sweep::{Blocker, Sweep};

impl Sweep<'_, '_, '_> {
    /// The walkable ground within `reach` below `position` (against `up`), with how far
    /// below it lies (the mover's gap to it), or `None`.
    pub(super) fn ground_below(&self, position: Vec2, reach: f32) -> Option<(MoverGround, f32)> {
        let down = -*self.settings.up * reach;
        let Blocker {
            entity,
            normal,
            point,
            fraction,
        } = self.cast(position, down)?;
        if !self.settings.is_walkable(normal) {
            return None;
        }
        Some((
            MoverGround {
                entity,
                normal,
                point,
            },
            fraction * reach,
        ))
    }

    /// The ground a mover at `position` stands on: walkable, within two skins below.
    pub(super) fn probe_ground(&self, position: Vec2) -> Option<MoverGround> {
        self.ground_below(position, self.settings.skin_width * 2.0)
            .map(|(ground, _)| ground)
    }

    /// Follows the ground down: if walkable ground lies within the snap distance below
    /// `position`, the position a skin above it, and the ground.
    pub(super) fn snap_down(&self, position: Vec2) -> Option<(Vec2, MoverGround)> {
        let settings = self.settings;
        if settings.snap_to_ground <= 0.0 {
            return None;
        }
        let (ground, gap) =
            self.ground_below(position, settings.snap_to_ground + settings.skin_width)?;
        let lowered = position - *settings.up * gap + ground.normal * settings.skin_width;
        Some((lowered, ground))
    }
}
