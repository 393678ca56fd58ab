//! One routine per row of the route table (`route.rs`). Each states the frame it
//! solves in; most solve in A's local frame with B carried into it once.

pub(crate) mod contact_circle_circle;
pub(crate) mod contact_concave;
pub(crate) mod contact_convex_convex;
pub(crate) mod contact_polygon_circle;
pub(crate) mod contact_swept_discs;
