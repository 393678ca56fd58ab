//! What the step tells a game.
//!
//! - [`CollisionEvent`](collision_event::CollisionEvent), a message written for every
//!   pair that started, went on or ended touching, with no opt-in. It names the pair;
//!   its contact (MTV, points) is computed when asked for, from the
//!   [`CollisionWorld`](crate::CollisionWorld).
//! - [`CollisionStarted`](collision_event::CollisionStarted) and
//!   [`CollisionEnded`](collision_event::CollisionEnded), entity events triggered on each
//!   entity of a pair that an observer watches
//!   ([`collision_observers`] finds which).
//! - [`CollidingEntities`](colliding_entities::CollidingEntities), a component: who an
//!   entity touches now.

pub(crate) mod colliding_entities;
pub(crate) mod collision_event;
pub(crate) mod collision_observers;
