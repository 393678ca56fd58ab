//! Layer 4, decomposition: from a point list to convex pieces. Outline cleaning and
//! validation, bridging holes into their outline, ear clipping into triangles,
//! Hertel–Mehlhorn merging into convex parts, and the convex hull.

pub(crate) mod bridge_holes;
pub(crate) mod convex_hull;
pub(crate) mod ear_clipping;
pub(crate) mod hertel_mehlhorn;
pub(crate) mod outline;
