//! One routine per shape pair.

pub(crate) mod contact_circle_circle;
pub(crate) mod contact_concave;
pub(crate) mod contact_convex_convex;
pub(crate) mod contact_polygon_circle;
pub(crate) mod contact_polygon_polygon;
pub(crate) mod contact_swept_discs;
