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
    ///
    /// With a [`SweptCollider`](crate::SweptCollider), the pair may also start in a step
    /// at whose end it no longer touches: the sweep found it touching on the way. Then
    /// `contact` is the contact at that time and `time_of_impact` says when it was;
    /// `Ended` follows in the next step.
    Started {
        /// The smaller entity.
        a: Entity,
        /// The larger entity.
        b: Entity,
        /// The contact, normal from `a` to `b`: at the end of the step, or at the time
        /// of impact for a swept contact.
        contact: Contact,
        /// For a swept contact (touching during the step but not at its end), when
        /// they first touched, as a fraction of the step: 0 is the last step's
        /// positions, 1 this step's. `None` for a pair touching at the step's end.
        time_of_impact: Option<f32>,
    },
    /// Every later step while the pair still touches, with the current contact (not
    /// written when [`SatConfig::ongoing_events`](crate::SatConfig::ongoing_events) is
    /// off).
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
/// observed entity toward `other`. Triggered exactly when [`CollisionEvent::Started`]
/// is written, with the same time of impact.
///
/// Triggered only on entities some observer watches: a global observer
/// (`app.add_observer(..)`) watches every entity, an entity observer its own. With no
/// observer of this event, the step triggers nothing and copies no contact; finding the
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
