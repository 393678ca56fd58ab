//! [`Sweep`]: one [`SweptCollider`](crate::SweptCollider)'s motion through a step, as
//! the sync records it for the broad phase.

use sat2d::{Aabb, Vec2};

/// One swept collider's motion through this step, recorded when the step places it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sweep {
    /// Its grid id.
    pub(crate) id: u32,
    /// Its box at the end of the step: for a collider that turned, the box around its
    /// every rotation there.
    pub(crate) end: Aabb,
    /// How far it moved this step (zero when it only turned: a collider that neither
    /// moved nor turned has no sweep).
    pub(crate) motion: Vec2,
}

impl Sweep {
    /// The box around the whole path: the start box merged with the end box.
    pub(crate) fn path_box(&self) -> Aabb {
        self.end.merged(&shifted(&self.end, -self.motion))
    }
}

/// `aabb` moved by `offset`.
pub(crate) fn shifted(aabb: &Aabb, offset: Vec2) -> Aabb {
    Aabb::new(aabb.min + offset, aabb.max + offset)
}
