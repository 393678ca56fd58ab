//! [`Mobility`]: whether a collider moves.

/// Whether a collider moves. Pairs of two static colliders are never reported, and a
/// grid keeps static colliders where they are until they are updated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Mobility {
    /// Moves, or may move, from step to step.
    #[default]
    Moving,
    /// Rarely or never moves: level geometry, tiles, walls.
    Static,
}

impl Mobility {
    /// Whether this is [`Mobility::Static`].
    #[inline]
    #[must_use]
    pub fn is_static(self) -> bool {
        self == Self::Static
    }
}
