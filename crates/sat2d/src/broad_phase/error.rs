//! [`BroadPhaseError`]: why a broad-phase call was refused.

/// Why a broad-phase call was refused. The broad phase is unchanged after an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BroadPhaseError {
    /// The bounds hold a NaN or infinite number, a negative radius, or `min > max`.
    #[error("collider {0}: bounds are not finite or not ordered")]
    InvalidBounds(u32),
    /// `insert` was given an id that is already present.
    #[error("collider {0} is already in the broad phase")]
    DuplicateId(u32),
    /// `update` or `set_mobility` was given an id that is not present.
    #[error("collider {0} is not in the broad phase")]
    UnknownId(u32),
}

impl BroadPhaseError {
    /// The id of the collider the refused call named.
    #[must_use]
    pub fn id(&self) -> u32 {
        match *self {
            Self::InvalidBounds(id) | Self::DuplicateId(id) | Self::UnknownId(id) => id,
        }
    }
}
