//! What a game adds to its entities to make them collide, and the rules for which
//! colliders pair up.
//!
//! - [`Collider`](collider::Collider) makes an entity collide. Its shape is a
//!   [`sat2d::Shape`] in the entity's local frame; the `GlobalTransform` places it.
//! - [`StaticCollider`](static_collider::StaticCollider) marks level geometry: two static
//!   colliders never pair, and a static collider costs nothing while it stays still.
//! - [`SweptCollider`](swept_collider::SweptCollider) marks fast colliders whose path
//!   through a step is tested too, so they cannot tunnel.
//! - [`CollisionLayers`](collision_layers::CollisionLayers) (bit masks),
//!   [`ColliderOf`](collider_of::ColliderOf) (colliders of one body never pair),
//!   [`CollisionExclusions`](collision_exclusions::CollisionExclusions) (named entities
//!   never pair) and the [`PairFilter`](pair_filter::PairFilter) resource (the game's
//!   own rule) decide which candidate pairs the narrow phase tests.
//!
//! Removing any of them is seen by the next step however late it runs: their remove
//! hooks queue the entity in the world's state ([`crate::world::removal`]).

pub(crate) mod body_parts;
pub(crate) mod collider;
pub(crate) mod collider_of;
pub(crate) mod collision_exclusions;
pub(crate) mod collision_layers;
pub(crate) mod pair_filter;
pub(crate) mod static_collider;
pub(crate) mod swept_collider;
