//! [`SatRollback`]: the components and resources a rollback library must snapshot for
//! the plugin, named in one call.

use bevy::ecs::component::Mutable;
use bevy::prelude::*;

use crate::character_mover::{CharacterMover, MoverOutput};
use crate::components::collision_exclusions::CollisionExclusions;
use crate::world::placed_translation::PlacedTranslation;
use crate::world::touching_pairs::TouchingPairs;

/// A rollback library's registration calls, as [`SatRollback::register`] makes them:
/// implement it once over the library (bevy_ggrs: `rollback_component_with_clone` and
/// `rollback_resource_with_clone`; lightyear: its prediction registration).
///
/// ```
/// // With bevy_ggrs (a dev-dependency of this crate, not a dependency).
/// use bevy::ecs::component::Mutable;
/// use bevy::prelude::*;
/// use bevy_ggrs::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::{RollbackRegistry, SatRollback};
///
/// struct Ggrs;
/// impl RollbackRegistry for Ggrs {
///     fn component<T: Component<Mutability = Mutable> + Clone>(&mut self, app: &mut App) {
///         app.rollback_component_with_clone::<T>();
///     }
///     fn resource<T: Resource<Mutability = Mutable> + Clone>(&mut self, app: &mut App) {
///         app.rollback_resource_with_clone::<T>();
///     }
/// }
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::new(GgrsSchedule)))
///     .add_plugins(GgrsPlugin::<GgrsConfig<u8>>::default());
/// SatRollback::register(&mut app, &mut Ggrs);
/// ```
pub trait RollbackRegistry {
    /// Snapshot component `T` of every rollback entity, cloned.
    fn component<T: Component<Mutability = Mutable> + Clone>(&mut self, app: &mut App);
    /// Snapshot resource `T`, cloned.
    fn resource<T: Resource<Mutability = Mutable> + Clone>(&mut self, app: &mut App);
}

/// The plugin's rollback set: what a rollback library (bevy_ggrs, lightyear) must
/// snapshot and restore, besides the game's own state, so that a re-simulated frame
/// reports the same events, sweeps and mover moves as its first simulation.
///
/// | Type | Kind | Why | Size |
/// |---|---|---|---|
/// | [`TouchingPairs`] | resource | the last step's touching pairs: `Started` / `Ongoing` / `Ended` compare against them | 16 bytes a touching pair |
/// | [`PlacedTranslation`] | component | where the last step left each collider: sweeps start there, movers are carried by a platform's motion from there | 12 bytes a collider |
/// | [`MoverOutput`] | component | a mover's ground (it is carried by it) and the one-way platforms it is passing through | ~100 bytes a mover |
/// | [`CharacterMover`] | component | its translation, settings and mask | ~64 bytes a mover |
/// | [`CollisionExclusions`] | component | the mover puts a one-way platform there while passing through | a list |
///
/// Everything else the plugin keeps is derived again or checked: the broad phase,
/// the placed shapes and the reused results are rebuilt from the colliders that a load
/// changed (a restored `Transform` is a changed one), the first step after a load tests
/// every pair afresh, and [`CollidingEntities`](crate::CollidingEntities) is rebuilt
/// from [`TouchingPairs`] in that step (so it needs no snapshot; read it after the
/// step). The game registers its own state as usual: `Transform` (the step reads
/// `GlobalTransform`, propagated from it in the step's schedule), and `Collider`,
/// [`CollisionLayers`](crate::CollisionLayers) or markers if it changes them.
///
/// **Disabled entities** count as removed: their pairs end and nothing tests them;
/// enabled again, they are placed anew. That holds for every disabling component
/// registered when the app starts: Bevy's `Disabled`, and bevy_ggrs's
/// `RollbackDespawned`, which its `despawn_rollback` inserts until the frame is
/// confirmed.
///
/// **Order of events.** Within a step, `Ended` comes first, then `Started`, then
/// `Ongoing`, each in the order of the pairs' entity indices (smaller, then larger) and
/// within a pair the smaller `Entity` first. Entity indices can differ between peers
/// (spawn order, despawned entities): results never depend on them, but a game whose
/// reaction depends on the order of events should sort them by its own stable id.
///
/// Run the plugin in the rollback schedule (`SatPlugin::new(GgrsSchedule)`) and read
/// events in the same schedule after [`SatSystems::Events`](crate::SatSystems): a
/// message written before a load is not taken back.
///
/// ```
/// use bevy::ecs::component::Mutable;
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// use bevy_sat2d::{RollbackRegistry, SatRollback};
///
/// /// Collects the names, as a test would; a game forwards to its rollback library.
/// #[derive(Default)]
/// struct Names(Vec<&'static str>);
/// impl RollbackRegistry for Names {
///     fn component<T: Component<Mutability = Mutable> + Clone>(&mut self, _: &mut App) {
///         self.0.push(std::any::type_name::<T>());
///     }
///     fn resource<T: Resource<Mutability = Mutable> + Clone>(&mut self, _: &mut App) {
///         self.0.push(std::any::type_name::<T>());
///     }
/// }
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
/// let mut names = Names::default();
/// SatRollback::register(&mut app, &mut names);
/// assert_eq!(names.0.len(), 5);
/// assert!(app.world().contains_resource::<bevy_sat2d::TouchingPairs>());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SatRollback;

impl SatRollback {
    /// Inserts the resources of the rollback set (the step keeps [`TouchingPairs`] only
    /// when it is there) and names every type of the set to `registry`. Call it while
    /// building the app, before the first step.
    pub fn register(app: &mut App, registry: &mut impl RollbackRegistry) {
        Self::insert_resources(app);
        registry.resource::<TouchingPairs>(app);
        registry.component::<PlacedTranslation>(app);
        registry.component::<MoverOutput>(app);
        registry.component::<CharacterMover>(app);
        registry.component::<CollisionExclusions>(app);
    }

    /// Inserts the resources of the rollback set, without naming them to a library.
    pub fn insert_resources(app: &mut App) {
        app.init_resource::<TouchingPairs>();
    }
}
