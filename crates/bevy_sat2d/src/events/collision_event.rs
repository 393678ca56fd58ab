//! [`CollisionEvent`] (a message for every pair) and the per-entity observer events
//! [`CollisionStarted`] and [`CollisionEnded`].

use bevy::prelude::*;
use sat2d::Contact;

use crate::world::collision_world::CollisionWorld;

/// What happened to a pair of colliders this step. Written for every pair, with no
/// opt-in, in a stable order: all `Ended`, then all `Started`, then all `Ongoing`, each
/// ordered by the pair's smaller entity index, then its larger one (Bevy's entity order
/// is not index order, so this is not the order of `(a, b)`).
///
/// `a < b` always (entity order). An event names the pair and holds no contact (24
/// bytes, so a pile-up's millions of `Started` stay small): the pair's contact, normal
/// from `a` to `b`, comes from the [`CollisionWorld`] through [`Self::contact`], and
/// moving `b` by `contact.mtv()` (or `a` by `-contact.mtv()`) separates them. It is
/// computed when asked for, so a system that never asks pays nothing for it.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn react(mut events: MessageReader<CollisionEvent>, world: Res<CollisionWorld>) {
///     for event in events.read() {
///         let (a, b) = event.entities();
///         if let Some(contact) = event.contact(&world) {
///             info!("{a} -> {b}: depth {} along {}", contact.depth, contact.normal);
///         }
///         if event.is_ended() {
///             info!("{a} and {b} separated");
///         }
///     }
/// }
/// # bevy::ecs::system::assert_is_system(react);
/// ```
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum CollisionEvent {
    /// The first step the pair touches (touching counts: closed sets).
    ///
    /// With a [`SweptCollider`](crate::SweptCollider), the pair may also start in a step
    /// at whose end it no longer touches: the sweep found it touching on the way. Then
    /// `time_of_impact` says when, its contact is the one at that time, and `Ended`
    /// follows in the next step.
    Started {
        /// The smaller entity.
        a: Entity,
        /// The larger entity.
        b: Entity,
        /// For a swept contact (touching during the step but not at its end), when
        /// they first touched, as a fraction of the step: 0 is the last step's
        /// positions, 1 this step's. `None` for a pair touching at the step's end.
        time_of_impact: Option<f32>,
    },
    /// Every later step while the pair still touches (not written when
    /// [`SatConfig::ongoing_events`](crate::SatConfig::ongoing_events) is off).
    Ongoing {
        /// The smaller entity.
        a: Entity,
        /// The larger entity.
        b: Entity,
    },
    /// The step the pair stops touching, or either side is despawned, loses its
    /// `Collider`, or changes layers so that the pair is no longer tested.
    Ended {
        /// The smaller entity.
        a: Entity,
        /// The larger entity.
        b: Entity,
    },
}

impl CollisionEvent {
    /// The two entities, smaller first.
    #[must_use]
    pub fn entities(&self) -> (Entity, Entity) {
        match *self {
            Self::Started { a, b, .. } | Self::Ongoing { a, b } | Self::Ended { a, b } => (a, b),
        }
    }

    /// The pair's contact, normal from `a` to `b`, as of the last step (the step that
    /// wrote this event, when read in the frame it was written): `None` for `Ended`,
    /// and for a pair that no longer touches. For a swept `Started`, the contact at
    /// the time of impact. Computed from `world` when called ([`CollisionWorld::contact`]).
    #[must_use]
    pub fn contact(&self, world: &CollisionWorld) -> Option<Contact> {
        match *self {
            Self::Started { a, b, .. } | Self::Ongoing { a, b } => world.contact(a, b),
            Self::Ended { .. } => None,
        }
    }

    /// For a `Started` from a swept contact, when in the step the pair touched (a
    /// fraction of the step in `(0, 1]`); `None` for every other event.
    ///
    /// ```
    /// use bevy::prelude::*;
    /// use bevy_sat2d::prelude::*;
    /// fn hits(mut events: MessageReader<CollisionEvent>) {
    ///     for event in events.read() {
    ///         if let Some(time) = event.time_of_impact() {
    ///             info!("{:?} met {time:.2} of the way through the step", event.entities());
    ///         }
    ///     }
    /// }
    /// # bevy::ecs::system::assert_is_system(hits);
    /// ```
    #[must_use]
    pub fn time_of_impact(&self) -> Option<f32> {
        match *self {
            Self::Started { time_of_impact, .. } => time_of_impact,
            Self::Ongoing { .. } | Self::Ended { .. } => None,
        }
    }

    /// Whether `entity` is one of the pair.
    #[must_use]
    pub fn involves(&self, entity: Entity) -> bool {
        let (a, b) = self.entities();
        a == entity || b == entity
    }

    /// The other entity of the pair, if `entity` is one of them.
    #[must_use]
    pub fn other(&self, entity: Entity) -> Option<Entity> {
        match self.entities() {
            (a, b) if a == entity => Some(b),
            (a, b) if b == entity => Some(a),
            _ => None,
        }
    }

    /// The contact seen from `entity`: its normal points from `entity` to the other
    /// ([`Self::contact`], flipped when `entity` is `b`); `None` if `entity` is neither.
    #[must_use]
    pub fn contact_from(&self, entity: Entity, world: &CollisionWorld) -> Option<Contact> {
        let other = self.other(entity)?;
        match *self {
            Self::Started { .. } | Self::Ongoing { .. } => world.contact(entity, other),
            Self::Ended { .. } => None,
        }
    }

    /// Whether this is `Started`.
    #[must_use]
    pub fn is_started(&self) -> bool {
        matches!(self, Self::Started { .. })
    }

    /// Whether this is `Ongoing`.
    #[must_use]
    pub fn is_ongoing(&self) -> bool {
        matches!(self, Self::Ongoing { .. })
    }

    /// Whether this is `Ended`.
    #[must_use]
    pub fn is_ended(&self) -> bool {
        matches!(self, Self::Ended { .. })
    }
}

/// Triggered on each of the two entities when a pair starts touching; observe it with
/// `entity.observe(|started: On<CollisionStarted>| ...)`. The normal points from the
/// observed entity toward `other`. Triggered exactly when [`CollisionEvent::Started`]
/// is written, with the same time of impact.
///
/// Triggered only on entities some observer watches: a global observer
/// (`app.add_observer(..)`) watches every entity, an entity observer its own. With no
/// observer of this event, the step triggers nothing and computes no contact; finding the
/// observers costs one pass over the app's observers in a step where pairs start or end.
#[derive(EntityEvent, Clone, Debug, PartialEq)]
pub struct CollisionStarted {
    /// The observed entity.
    pub entity: Entity,
    /// The entity it started touching.
    pub other: Entity,
    /// The contact, normal from `entity` to `other` (at the time of impact for a swept
    /// contact).
    pub contact: Contact,
    /// For a swept contact, when in the step they touched (see
    /// [`CollisionEvent::time_of_impact`]); `None` when they touch at the step's end.
    pub time_of_impact: Option<f32>,
}

/// Triggered on each of the two entities (those still alive) when a pair stops
/// touching, for any reason [`CollisionEvent::Ended`] lists; like [`CollisionStarted`],
/// only on entities some observer watches.
#[derive(EntityEvent, Clone, Debug, PartialEq, Eq)]
pub struct CollisionEnded {
    /// The observed entity.
    pub entity: Entity,
    /// The entity it stopped touching.
    pub other: Entity,
}

#[cfg(test)]
mod tests;
