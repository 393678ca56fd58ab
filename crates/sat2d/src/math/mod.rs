//! Layer 1, math: rotations and rigid placements ([`Rot`], [`Iso`]).

mod isometry;
mod rotation;

pub use isometry::Iso;
pub use rotation::Rot;
