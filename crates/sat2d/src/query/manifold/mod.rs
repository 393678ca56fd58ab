//! The contact manifold: candidate points from reference/incident clipping
//! ([`clip_faces`]), then each point settled into the overlap ([`settle_points`]).
//! Both run in the frame of the two cores they are given.

mod clip;
mod settle;

pub(crate) use clip::{Candidates, clip_faces};
pub(crate) use settle::{settle_point, settle_points};
