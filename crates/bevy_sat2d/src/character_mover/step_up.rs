//! Stepping up onto a ledge no higher than the step height.

use bevy::prelude::*;

use super::MoverGround;
use super::sweep::Sweep;

/// Where a step up ended: the position, the ground it stands on, and what is left of
/// the horizontal motion.
pub(super) struct Step {
    pub position: Vec2,
    pub ground: MoverGround,
    pub remaining: Vec2,
}

impl Sweep<'_, '_, '_> {
    /// Tries to carry the horizontal part of `remaining` over a ledge from `position`:
    ///
    /// ```text
    /// rise   = cast up by the step height (stop a skin short of a ceiling)
    /// across = cast the horizontal motion from there (stop a skin short)
    /// land   = cast down by what was risen plus a skin: must find walkable ground
    /// ```
    ///
    /// `None` when there is no room above, no progress across, or no walkable ground
    /// to land on within the step height (the ledge is a wall).
    pub(super) fn step_up(&self, position: Vec2, remaining: Vec2) -> Option<Step> {
        let settings = self.settings;
        let up = *settings.up;
        let skin = settings.skin_width;
        let across = remaining - up * remaining.dot(up);
        if settings.step_height <= 0.0 || across.length() <= skin {
            return None;
        }
        let rise_motion = up * settings.step_height;
        let rise = match self.cast(position, rise_motion) {
            Some(ceiling) => (settings.step_height * ceiling.fraction - skin).max(0.0),
            None => settings.step_height,
        };
        let raised = position + up * rise;
        let (moved, left) = match self.cast(raised, across) {
            Some(wall) => {
                let travel = across * wall.fraction + wall.normal * skin;
                (travel, across * (1.0 - wall.fraction))
            }
            None => (across, Vec2::ZERO),
        };
        // Progress across the ledge, in the direction of the motion.
        if moved.dot(across.normalize()) <= skin {
            return None;
        }
        let over = raised + moved;
        let (ground, gap) = self.ground_below(over, rise + skin)?;
        let landed = over - up * gap + ground.normal * skin;
        Some(Step {
            position: landed,
            ground,
            remaining: left,
        })
    }
}
