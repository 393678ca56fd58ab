//! Contact points: clipping and settling.

pub(crate) mod clip;
