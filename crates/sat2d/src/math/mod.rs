//! Layer 1, math: rotations and rigid placements ([`Rot`], [`Iso`]), and the segment
//! geometry every later layer shares (closest points, crossings, edge normals).

mod isometry;
mod rotation;
pub(crate) mod segment;

pub use isometry::Iso;
pub(crate) use isometry::{both_in_range, coordinates_in_range};
pub use rotation::Rot;
