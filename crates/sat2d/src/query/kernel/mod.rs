//! The SAT kernels every pair routine calls.

pub(crate) mod chord;
pub(crate) mod face_scan;
pub(crate) mod point_lanes;
