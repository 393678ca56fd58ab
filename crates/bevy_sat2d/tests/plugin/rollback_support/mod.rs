//! A SyncTest without a rollback library: snapshots of a registered set of components
//! and resources, taken before every frame, restored some frames later, and the frames
//! in between simulated again.
#![allow(dead_code)]

pub mod ggrs_game;
pub mod ggrs_scene;

use std::any::Any;

use bevy::ecs::component::Mutable;
use bevy::ecs::entity_disabling::Disabled;
use bevy::prelude::*;
use bevy_sat2d::RollbackRegistry;

/// Clones one registered type out of the world.
type Take = Box<dyn Fn(&World, &[Entity]) -> Box<dyn Any>>;
/// Writes a taken copy back.
type Restore = Box<dyn Fn(&mut World, &[Entity], &dyn Any)>;

/// The types a snapshot holds, as a rollback library would be told them
/// (`rollback_component_with_clone` / `rollback_resource_with_clone`).
#[derive(Default)]
pub struct Snapshotter {
    takes: Vec<Take>,
    restores: Vec<Restore>,
}

/// One frame's copy of every registered type: per component type, one `Option` per
/// rollback entity; per resource type, its value.
pub struct Snapshot(Vec<Box<dyn Any>>);

impl Snapshotter {
    /// Snapshots component `T` of every rollback entity: present or absent, and its value.
    pub fn component<T: Component<Mutability = Mutable> + Clone>(&mut self) {
        self.takes.push(Box::new(|world, entities| {
            let values: Vec<Option<T>> = entities
                .iter()
                .map(|&entity| world.get::<T>(entity).cloned())
                .collect();
            Box::new(values)
        }));
        self.restores.push(Box::new(|world, entities, values| {
            let values = values
                .downcast_ref::<Vec<Option<T>>>()
                .expect("its own type");
            for (&entity, value) in entities.iter().zip(values) {
                match value {
                    // Written through `Mut`, as bevy_ggrs does: change detection sees it.
                    Some(value) => match world.get_mut::<T>(entity) {
                        Some(mut component) => *component = value.clone(),
                        None => {
                            world.entity_mut(entity).insert(value.clone());
                        }
                    },
                    None => {
                        world.entity_mut(entity).remove::<T>();
                    }
                }
            }
        }));
    }

    /// Snapshots resource `T`.
    pub fn resource<T: Resource + Clone>(&mut self) {
        self.takes.push(Box::new(|world, _| {
            Box::new(world.get_resource::<T>().cloned())
        }));
        self.restores.push(Box::new(|world, _, value| {
            let value = value.downcast_ref::<Option<T>>().expect("its own type");
            match value {
                Some(value) => world.insert_resource(value.clone()),
                None => {
                    world.remove_resource::<T>();
                }
            }
        }));
    }

    /// Snapshots whether each rollback entity is disabled (bevy_ggrs's
    /// `despawn_rollback` disables an entity until its frame is confirmed).
    pub fn disabled(&mut self) {
        self.takes.push(Box::new(|world, entities| {
            let values: Vec<bool> = entities
                .iter()
                .map(|&entity| world.entity(entity).contains::<Disabled>())
                .collect();
            Box::new(values)
        }));
        self.restores.push(Box::new(|world, entities, values| {
            let values = values.downcast_ref::<Vec<bool>>().expect("its own type");
            for (&entity, &disabled) in entities.iter().zip(values) {
                let mut entity = world.entity_mut(entity);
                match (entity.contains::<Disabled>(), disabled) {
                    (false, true) => {
                        entity.insert(Disabled);
                    }
                    (true, false) => {
                        entity.remove::<Disabled>();
                    }
                    _ => {}
                }
            }
        }));
    }
}

/// The plugin names its rollback set through this, as it would to bevy_ggrs.
impl RollbackRegistry for Snapshotter {
    fn component<T: Component<Mutability = Mutable> + Clone>(&mut self, _: &mut App) {
        Snapshotter::component::<T>(self);
    }

    fn resource<T: Resource<Mutability = Mutable> + Clone>(&mut self, _: &mut App) {
        Snapshotter::resource::<T>(self);
    }
}

impl Snapshotter {
    /// A copy of every registered type.
    pub fn take(&self, world: &World, entities: &[Entity]) -> Snapshot {
        Snapshot(
            self.takes
                .iter()
                .map(|take| take(world, entities))
                .collect(),
        )
    }

    /// Writes `snapshot` back into the world.
    pub fn restore(&self, world: &mut World, entities: &[Entity], snapshot: &Snapshot) {
        for (restore, value) in self.restores.iter().zip(&snapshot.0) {
            restore(world, entities, value.as_ref());
        }
    }
}

/// A game to run: its app, its rollback entities, and a checksum of a frame.
pub trait Game {
    /// The app, set up and not yet updated.
    fn app(&self) -> App;
    /// What the rollback library is told to snapshot.
    fn register(&self, app: &mut App, snapshotter: &mut Snapshotter);
    /// Sets this frame's inputs in the app (a pure function of `frame`).
    fn set_inputs(&self, app: &mut App, frame: u32);
    /// A checksum of the frame just run: its events and every entity's state.
    fn checksum(&self, app: &mut App) -> u64;
    /// The entities that are snapshotted.
    fn rollback_entities(&self, app: &mut App) -> Vec<Entity>;
}

/// The checksums of `frames` frames run straight through.
pub fn plain_run(game: &impl Game, frames: u32) -> Vec<u64> {
    let mut app = game.app();
    (0..frames)
        .map(|frame| {
            game.set_inputs(&mut app, frame);
            app.update();
            game.checksum(&mut app)
        })
        .collect()
}

/// The checksums of a run that, every `every` frames, goes back `distance` frames (to
/// the snapshot taken before that frame) and simulates them again, as a SyncTest at
/// that check distance: each frame's checksum is the one of its last simulation, and
/// every re-simulated frame's checksum is checked against the first. Returns the
/// checksums and the first frame whose re-simulation differed, if any.
pub fn rollback_run(
    game: &impl Game,
    frames: u32,
    distance: u32,
    every: u32,
) -> (Vec<u64>, Option<u32>) {
    let mut app = game.app();
    let mut snapshotter = Snapshotter::default();
    game.register(&mut app, &mut snapshotter);
    let entities = game.rollback_entities(&mut app);
    let mut snapshots: Vec<Snapshot> = Vec::new();
    let mut checksums: Vec<u64> = Vec::new();
    let mut first_mismatch = None;
    let simulate = |app: &mut App, frame: u32, snapshots: &mut Vec<Snapshot>| {
        let snapshot = snapshotter.take(app.world(), &entities);
        if (frame as usize) < snapshots.len() {
            snapshots[frame as usize] = snapshot;
        } else {
            snapshots.push(snapshot);
        }
        game.set_inputs(app, frame);
        app.update();
        game.checksum(app)
    };
    for frame in 0..frames {
        if frame >= distance && frame % every == 0 {
            let back = frame - distance;
            snapshotter.restore(app.world_mut(), &entities, &snapshots[back as usize]);
            for again in back..frame {
                let checksum = simulate(&mut app, again, &mut snapshots);
                if checksum != checksums[again as usize] && first_mismatch.is_none() {
                    first_mismatch = Some(again);
                }
                checksums[again as usize] = checksum;
            }
        }
        let checksum = simulate(&mut app, frame, &mut snapshots);
        checksums.push(checksum);
    }
    (checksums, first_mismatch)
}
