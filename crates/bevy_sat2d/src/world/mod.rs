//! The plugin's state between steps: what it knows of every collider, and the last
//! step's pairs. This layer sits below the stages that write it and imports none of
//! them; the stages (in [`crate::step`]) and the queries (in [`crate::query`]) read and
//! write it.
//!
//! - [`CollisionWorld`](collision_world::CollisionWorld), a resource: the broad phase's
//!   grid, a [`PlacedCollider`](placed_collider::PlacedCollider) record per collider
//!   (indexed by entity index), the candidate pairs with one
//!   [`PairResult`](pair_result::PairResult) beside each, and the buffers every step
//!   reuses. Contacts are computed from it on request.
//! - [`placement`](placement::placement): a `GlobalTransform` as a [`sat2d::Iso`] and a
//!   scale, or why it cannot be one ([`warnings`] says it once per entity and cause).
//! - [`ColliderSides`](collider_sides::ColliderSides): the few per-collider facts a
//!   pair walk reads, and what a pair test reads (placement, shape, entity), packed by
//!   id; [`Sweep`](sweep::Sweep): one swept collider's motion
//!   through a step; [`Counts`](counts::Counts): how many pairs started, went on, ended.
//! - [`seamless_contact`]: a collider's contact with a static collider that continues
//!   edge to edge into others it touches is the contact of the whole surface, so no
//!   push comes from a seam between tiles.
//! - [`removal`]: the remove hooks that queue dropped colliders, so no step misses one,
//!   and the observers that treat a `Disabled` collider as removed.
//! - The state a rollback library snapshots ([`crate::SatRollback`]):
//!   [`TouchingPairs`](touching_pairs::TouchingPairs), the last step's touching pairs, and
//!   [`PlacedTranslation`](placed_translation::PlacedTranslation), where the last step left
//!   each collider.

pub(crate) mod collider_sides;
pub(crate) mod collision_world;
pub(crate) mod counts;
pub(crate) mod pair_result;
pub(crate) mod placed_collider;
pub(crate) mod placed_translation;
pub(crate) mod placement;
pub(crate) mod removal;
pub(crate) mod seamless_contact;
pub(crate) mod sweep;
pub(crate) mod touching_pairs;
pub(crate) mod warnings;
