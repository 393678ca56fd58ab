//! [`CollisionEvent`] (a message for every pair) and the per-entity observer events
//! [`CollisionStarted`] and [`CollisionEnded`].

use bevy::prelude::*;
use sat2d::Contact;

/// What happened to a pair of colliders this step. Written for every pair, with no
/// opt-in, in a stable order: all `Ended`, then all `Started`, then all `Ongoing`, each
/// ordered by the pair's smaller entity index, then its larger one (Bevy's entity order
/// is not index order, so this is not the order of `(a, b)`).
///
/// `a < b` always (entity order), and the contact's normal points from `a` to `b`:
/// moving `b` by `contact.mtv()` (or `a` by `-contact.mtv()`) separates them.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// fn react(mut events: MessageReader<CollisionEvent>) {
///     for event in events.read() {
///         let (a, b) = event.entities();
///         if let Some(contact) = event.contact() {
///             info!("{a} -> {b}: depth {} along {}", contact.depth, contact.normal);
///         }
///         if event.is_ended() {
///             info!("{a} and {b} separated");
///         }
///     }
/// }
/// # bevy::ecs::system::assert_is_system(react);
/// ```
#[derive(Message, Clone, Debug, PartialEq)]
pub enum CollisionEvent {
    /// The first step the pair touches (touching counts: closed sets).
    Started {
        /// The smaller entity.
        a: Entity,
        /// The larger entity.
        b: Entity,
        /// The contact, normal from `a` to `b`.
        contact: Contact,
    },
    /// Every later step while the pair still touches, with the current contact.
    Ongoing {
        /// The smaller entity.
        a: Entity,
        /// The larger entity.
        b: Entity,
        /// The contact, normal from `a` to `b`.
        contact: Contact,
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
            Self::Started { a, b, .. } | Self::Ongoing { a, b, .. } | Self::Ended { a, b } => {
                (a, b)
            }
        }
    }

    /// The contact (normal from `a` to `b`), except for `Ended`.
    #[must_use]
    pub fn contact(&self) -> Option<&Contact> {
        match self {
            Self::Started { contact, .. } | Self::Ongoing { contact, .. } => Some(contact),
            Self::Ended { .. } => None,
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

    /// The contact seen from `entity`: its normal points from `entity` to the other.
    #[must_use]
    pub fn contact_from(&self, entity: Entity) -> Option<Contact> {
        let contact = self.contact()?;
        match self.entities() {
            (a, _) if a == entity => Some(contact.clone()),
            (_, b) if b == entity => Some(contact.flipped()),
            _ => None,
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
/// observed entity toward `other`.
#[derive(EntityEvent, Clone, Debug, PartialEq)]
pub struct CollisionStarted {
    /// The observed entity.
    pub entity: Entity,
    /// The entity it started touching.
    pub other: Entity,
    /// The contact, normal from `entity` to `other`.
    pub contact: Contact,
}

/// Triggered on each of the two entities (those still alive) when a pair stops
/// touching, for any reason [`CollisionEvent::Ended`] lists.
#[derive(EntityEvent, Clone, Debug, PartialEq, Eq)]
pub struct CollisionEnded {
    /// The observed entity.
    pub entity: Entity,
    /// The entity it stopped touching.
    pub other: Entity,
}
