//! [`Warned`]: which placement warnings an entity has had, so each cause is logged once
//! per entity and no cause hides another.

use bevy::prelude::*;

use crate::world::placement::Unplaceable;

/// A reason a collider is skipped or placed inexactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Warning {
    /// The transform could not place it (non-finite, scale overflow, zero scale).
    Unplaceable(Unplaceable),
    /// A circle or capsule under non-uniform scale, placed with the larger factor.
    InexactScale,
    /// The scaled shape is invalid (outside the working range).
    ScaledShape,
    /// The broad phase refused its bounds.
    BroadPhase,
}

impl Warning {
    /// This cause's bit in [`Warned`].
    fn bit(self) -> u8 {
        match self {
            Self::Unplaceable(Unplaceable::NonFinite) => 1,
            Self::Unplaceable(Unplaceable::ScaleOverflow) => 1 << 1,
            Self::Unplaceable(Unplaceable::ZeroScale) => 1 << 2,
            Self::InexactScale => 1 << 3,
            Self::ScaledShape => 1 << 4,
            Self::BroadPhase => 1 << 5,
        }
    }
}

/// The warnings given for one entity's collider, one bit per cause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Warned(u8);

impl Warned {
    /// Whether `warning` is new for this entity; it counts as given from now on.
    pub(crate) fn first(&mut self, warning: Warning) -> bool {
        let new = self.0 & warning.bit() == 0;
        self.0 |= warning.bit();
        new
    }

    /// Whether `warning` was given.
    #[cfg(test)]
    pub(crate) fn contains(self, warning: Warning) -> bool {
        self.0 & warning.bit() != 0
    }
}

/// Logs why `entity`'s transform cannot place its collider, once per entity and cause.
pub(crate) fn warn_unplaceable(warned: &mut Warned, entity: Entity, cause: Unplaceable) {
    if !warned.first(Warning::Unplaceable(cause)) {
        return;
    }
    let why = match cause {
        Unplaceable::NonFinite => "a non-finite GlobalTransform (NaN or infinity)",
        Unplaceable::ScaleOverflow => "a scale too large for f32 (about 1e19 or more)",
        Unplaceable::ZeroScale => "a zero scale factor",
    };
    warn!("bevy_sat2d: {entity} has {why}; its collider is skipped until that changes");
}

#[cfg(test)]
mod tests;
