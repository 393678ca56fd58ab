//! [`SatPlugin`]: the resources, the four stage systems in their [`SatSystems`] sets,
//! the transform propagation a schedule other than `PostUpdate` needs, and the
//! `.collider.ron` assets.

use bevy::ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy::prelude::*;
use bevy::transform::TransformSystems;
use bevy::transform::systems::{
    StaticTransformOptimizations, mark_dirty_trees, propagate_parent_transforms,
    sync_simple_transforms,
};
use sat2d::broad_phase::CellSize;

use crate::assets::collider_asset::ColliderAsset;
use crate::assets::collider_asset::{ColliderAssetLoader, apply_collider_assets};
use crate::components::collider::Collider;
use crate::components::collider_of::{BodyColliders, ColliderOf};
use crate::components::collision_layers::CollisionLayers;
use crate::components::static_collider::StaticCollider;
use crate::components::swept_collider::SweptCollider;
use crate::diagnostics::SatDiagnostics;
use crate::events::collision_event::CollisionEvent;
use crate::sat_config::SatConfig;
use crate::sat_config::detection_enabled;
use crate::sat_systems::SatSystems;
use crate::step::broad_phase::find_candidate_pairs;
use crate::step::narrow_phase::test_candidate_pairs;
use crate::step::report::report_collisions;
use crate::step::sync::{on_two_threads, sync_colliders, sync_colliders_on_main_thread};
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_translation::PlacedTranslation;
use crate::world::removal::observe_disabling_components;

/// Collision detection for 2D: add it, put [`Collider`]s on entities, read
/// [`CollisionEvent`]s.
///
/// It adds one system per stage, each in its [`SatSystems`] set, the sets chained in that
/// order in `schedule`; order your own systems against the sets. The default,
/// `PostUpdate` after transform propagation, means events describe where things are
/// after this frame's movement, before rendering. [`SatPlugin::fixed`] runs the step in
/// `FixedPostUpdate` instead, once per fixed tick, for games that move things in
/// `FixedUpdate`.
///
/// Works headless with `MinimalPlugins` + `TransformPlugin`; `.collider.ron` files also
/// need `AssetPlugin` (the loader is registered when it is present).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
/// let ball = app.world_mut().spawn((Collider::circle(10.0), Transform::from_xyz(0.0, 0.0, 0.0))).id();
/// let crate_ = app.world_mut().spawn((Collider::rectangle(10.0, 10.0), Transform::from_xyz(12.0, 0.0, 0.0))).id();
/// app.update();
/// let world = app.world().resource::<CollisionWorld>();
/// let contact = world.contact(ball, crate_).expect("they overlap");
/// assert!((contact.depth - 3.0).abs() < 1e-4);
/// assert!(contact.normal.x > 0.99); // from the ball to the crate
/// ```
#[derive(Clone, Debug)]
pub struct SatPlugin {
    /// The schedule every stage runs in.
    pub schedule: InternedScheduleLabel,
    /// Initial [`SatConfig`].
    pub config: SatConfig,
    /// Whether the plugin brings `GlobalTransform` up to date in `schedule` itself,
    /// before [`SatSystems::SyncColliders`]: Bevy's own propagation systems, added to
    /// `schedule` in its `TransformSystems::Propagate` set. Off in `PostUpdate`, where
    /// `TransformPlugin` does it; on in any other schedule, where nothing else does.
    pub propagate_transforms: bool,
}

impl Default for SatPlugin {
    fn default() -> Self {
        Self::new(PostUpdate)
    }
}

impl SatPlugin {
    /// The plugin running in `schedule`. Outside `PostUpdate` it also propagates
    /// transforms there, before syncing colliders, so each step places colliders where
    /// that schedule left them (see [`Self::propagate_transforms`]).
    #[must_use]
    pub fn new(schedule: impl ScheduleLabel) -> Self {
        let schedule = schedule.intern();
        Self {
            schedule,
            config: SatConfig::default(),
            propagate_transforms: schedule != PostUpdate.intern(),
        }
    }

    /// The plugin on a fixed timestep: one step per tick, in `FixedPostUpdate`, after
    /// the game's `FixedUpdate` systems have moved things.
    ///
    /// - **Placement**: the plugin propagates `Transform` to `GlobalTransform` at the
    ///   start of each step (Bevy otherwise does so only in `PostUpdate`, once a frame),
    ///   so with two ticks in a frame, each tick's step sees that tick's positions, and
    ///   child colliders follow parents moved in `FixedUpdate`.
    /// - **Events**: [`CollisionEvent`]s written in a tick are read by `Update` systems
    ///   in the same frame and by `FixedUpdate` systems in the next tick (or by
    ///   `FixedPostUpdate` systems ordered `.after(SatSystems::Events)` in the same
    ///   tick), each exactly once with its own `MessageReader`, whatever the ratio of
    ///   frames to ticks: Bevy keeps messages until a frame after the next tick has run.
    /// - A frame with no tick has no step: [`CollisionWorld`] and `CollidingEntities`
    ///   describe the last tick.
    ///
    /// ```
    /// use bevy::prelude::*;
    /// use bevy_sat2d::prelude::*;
    /// #[derive(Component)]
    /// struct Velocity(Vec2);
    /// fn move_bodies(time: Res<Time>, mut bodies: Query<(&mut Transform, &Velocity)>) {
    ///     for (mut transform, velocity) in &mut bodies {
    ///         transform.translation += (velocity.0 * time.delta_secs()).extend(0.0);
    ///     }
    /// }
    /// fn react(mut events: MessageReader<CollisionEvent>) {
    ///     for event in events.read() {
    ///         info!("{event:?}");
    ///     }
    /// }
    /// App::new()
    ///     .add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::fixed()))
    ///     .add_systems(FixedUpdate, (react, move_bodies).chain());
    /// ```
    #[must_use]
    pub fn fixed() -> Self {
        Self::new(FixedPostUpdate)
    }

    /// With a fixed broad-phase cell size instead of the automatic one.
    ///
    /// The size is checked at the first step, exactly as a size set later through
    /// [`SatConfig`] is: a side that is not finite and positive is ignored with a
    /// warning, and the grid keeps its automatic size.
    #[must_use]
    pub fn with_cell_size(mut self, side: f32) -> Self {
        self.config.cell_size = CellSize::Fixed(side);
        self
    }

    /// With the whole step on one thread ([`SatConfig::parallel`] off).
    #[must_use]
    pub fn single_threaded(mut self) -> Self {
        self.config.parallel = false;
        self
    }
}

impl Plugin for SatPlugin {
    fn build(&self, app: &mut App) {
        let schedule = self.schedule;
        app.insert_resource(self.config)
            // The grid starts automatic; the first step applies (and checks) the
            // configured cell size, as it does every later change to `SatConfig`.
            .init_resource::<CollisionWorld>()
            .init_resource::<SatDiagnostics>()
            .register_type::<Collider>()
            .register_type::<CollisionLayers>()
            .register_type::<StaticCollider>()
            .register_type::<SweptCollider>()
            .register_type::<PlacedTranslation>()
            .register_type::<ColliderOf>()
            .register_type::<BodyColliders>()
            .register_type::<SatConfig>()
            .register_type::<SatDiagnostics>()
            .configure_sets(
                schedule,
                (
                    SatSystems::SyncColliders,
                    SatSystems::BroadPhase,
                    SatSystems::NarrowPhase,
                    SatSystems::Events,
                )
                    .chain()
                    .in_set(SatStep),
            )
            // Asked once per pass, before the step's first stage: a step that started
            // runs to its end even if a system pauses detection half-way (each stage
            // hands state to the next).
            .configure_sets(schedule, SatStep.run_if(detection_enabled));
        if schedule == PostUpdate.intern() {
            app.configure_sets(
                PostUpdate,
                SatSystems::SyncColliders.after(TransformSystems::Propagate),
            );
        }
        if self.propagate_transforms {
            // The same systems, in the same order, as `TransformPlugin` runs in
            // `PostUpdate`; each schedule's copies track changes since their own last run.
            app.init_resource::<StaticTransformOptimizations>()
                .add_systems(
                    schedule,
                    (
                        mark_dirty_trees,
                        propagate_parent_transforms,
                        sync_simple_transforms,
                    )
                        .chain()
                        .in_set(TransformSystems::Propagate)
                        .before(SatSystems::SyncColliders)
                        .run_if(detection_enabled),
                );
        }
        // Disabled colliders (Bevy's `Disabled`, bevy_ggrs's `RollbackDespawned`) count
        // as removed, and are placed anew when enabled again: every disabling component
        // the app's plugins registered, whichever was added first.
        app.add_systems(PreStartup, observe_disabling_components);
        app.add_message::<CollisionEvent>().add_systems(
            schedule,
            (
                (
                    sync_colliders.run_if(not(on_two_threads)),
                    sync_colliders_on_main_thread.run_if(on_two_threads),
                )
                    .chain()
                    .in_set(SatSystems::SyncColliders),
                find_candidate_pairs.in_set(SatSystems::BroadPhase),
                test_candidate_pairs.in_set(SatSystems::NarrowPhase),
                report_collisions.in_set(SatSystems::Events),
            ),
        );
        self.add_collider_assets(app);
    }

    fn finish(&self, app: &mut App) {
        // In case `AssetPlugin` was added after this plugin.
        self.add_collider_assets(app);
    }
}

/// The four [`SatSystems`] stages together, the set [`SatConfig::enabled`] gates.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct SatStep;

impl SatPlugin {
    /// Registers `.collider.ron` assets when the app has an `AssetPlugin` (headless apps
    /// may leave it out), once.
    fn add_collider_assets(&self, app: &mut App) {
        let registered = app.world().contains_resource::<Assets<ColliderAsset>>();
        if registered || !app.is_plugin_added::<AssetPlugin>() {
            return;
        }
        app.init_asset::<ColliderAsset>()
            .init_asset_loader::<ColliderAssetLoader>()
            .add_systems(
                self.schedule,
                apply_collider_assets.before(SatSystems::SyncColliders),
            );
    }
}
