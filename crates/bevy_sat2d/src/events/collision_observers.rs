//! [`CollisionObservers`]: who observes [`CollisionStarted`] and [`CollisionEnded`], so
//! the events stage triggers them only for entities someone watches.
//!
//! Triggering costs a command per entity and pair, and a started pair's contact copied
//! into it, even when no observer exists: for a pile-up of millions of pairs that is
//! seconds. Bevy's observers are entities holding an [`Observer`], whose descriptor
//! names the events it watches and, for an entity observer (`entity.observe(..)`), the
//! entities. Reading those descriptors costs one pass over the observers, taken only in
//! steps where pairs start or end.

use bevy::ecs::entity::EntityHashSet;
use bevy::ecs::event::EventKey;
use bevy::ecs::observer::Observer;
use bevy::prelude::*;

use crate::events::collision_event::{CollisionEnded, CollisionStarted};

/// The entities the observers of one event watch.
#[derive(Debug, Default)]
pub(crate) struct Watched {
    /// A global observer (`app.add_observer(..)`) watches every entity.
    every: bool,
    /// The entities entity observers watch.
    entities: EntityHashSet,
}

impl Watched {
    /// Whether an observer would see this event triggered on `entity`.
    pub(crate) fn contains(&self, entity: Entity) -> bool {
        self.every || self.entities.contains(&entity)
    }

    /// Whether no observer watches this event at all.
    pub(crate) fn is_empty(&self) -> bool {
        !self.every && self.entities.is_empty()
    }

    fn clear(&mut self) {
        self.every = false;
        self.entities.clear();
    }
}

/// The observers of the plugin's two observer events as of the last
/// [`refresh`](Self::refresh); the events stage keeps it as a `Local`.
#[derive(Debug)]
pub(crate) struct CollisionObservers {
    started_key: EventKey,
    ended_key: EventKey,
    /// Who observes [`CollisionStarted`].
    pub(crate) started: Watched,
    /// Who observes [`CollisionEnded`].
    pub(crate) ended: Watched,
}

impl FromWorld for CollisionObservers {
    fn from_world(world: &mut World) -> Self {
        Self {
            started_key: world.register_event_key::<CollisionStarted>(),
            ended_key: world.register_event_key::<CollisionEnded>(),
            started: Watched::default(),
            ended: Watched::default(),
        }
    }
}

impl CollisionObservers {
    /// Reads every observer's descriptor. An observer of either event with no entities
    /// watches every entity; one with entities watches those.
    pub(crate) fn refresh<'a>(&mut self, observers: impl IntoIterator<Item = &'a Observer>) {
        self.started.clear();
        self.ended.clear();
        for observer in observers {
            let descriptor = observer.descriptor();
            for &key in descriptor.event_keys() {
                let watched = if key == self.started_key {
                    &mut self.started
                } else if key == self.ended_key {
                    &mut self.ended
                } else {
                    continue;
                };
                if descriptor.entities().is_empty() {
                    watched.every = true;
                } else {
                    watched
                        .entities
                        .extend(descriptor.entities().iter().copied());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
