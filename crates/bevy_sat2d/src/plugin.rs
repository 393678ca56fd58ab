//! [`SatPlugin`]: the resources, the four stage systems in their [`SatSystems`] sets,
//! and the `.collider.ron` assets.

use bevy::ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy::prelude::*;
use bevy::transform::TransformSystems;
use sat2d::broad_phase::CellSize;

use crate::broad_phase::find_candidate_pairs;
use crate::collider_asset::{ColliderAssetLoader, apply_collider_assets};
use crate::narrow_phase::test_candidate_pairs;
use crate::report::report_collisions;
use crate::sync::sync_colliders;
use crate::{
    Collider, ColliderAsset, CollisionEvent, CollisionLayers, CollisionWorld, SatDiagnostics,
    SatSystems, StaticCollider, SweptCollider,
};

/// Settings the plugin reads every step; change them at run time through the resource.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// #[derive(Resource)]
/// struct MenuOpen(bool);
/// // Pause detection while a menu is open: the step does nothing and writes nothing;
/// // on resume, whatever changed meanwhile (moves, despawns) is reported once.
/// fn toggle_pause(menu: Res<MenuOpen>, mut config: ResMut<SatConfig>) {
///     config.enabled = !menu.0;
/// }
/// # bevy::ecs::system::assert_is_system(toggle_pause);
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
/// // Only `Started` and `Ended` messages; read current contacts from `CollisionWorld`.
/// app.world_mut().resource_mut::<SatConfig>().ongoing_events = false;
/// ```
#[derive(Resource, Reflect, Clone, Copy, Debug, PartialEq)]
#[reflect(Resource, Debug)]
pub struct SatConfig {
    /// Whether the step runs (default `true`). While `false`, every stage system is
    /// skipped: nothing is synced, tested or written, and [`CollisionWorld`] and
    /// [`SatDiagnostics`] keep the last step's state. Colliders removed or despawned
    /// meanwhile are remembered, and the first step after resuming ends their pairs,
    /// once, along with every other change made during the pause.
    pub enabled: bool,
    /// Whether [`CollisionEvent::Ongoing`] is written for pairs that go on touching
    /// (default `true`). When `false`, only `Started` and `Ended` messages are written;
    /// the current contacts stay readable from [`CollisionWorld::contacts`] and
    /// [`CollisionWorld::contact`], and [`CollidingEntities`](crate::CollidingEntities)
    /// is kept as always.
    pub ongoing_events: bool,
    /// The broad phase's cell size (a change rebuilds the grid at the next step; a fixed
    /// side that is not finite and positive is ignored with a warning).
    pub cell_size: CellSize,
    /// Whether the narrow phase may use Bevy's `ComputeTaskPool`. Results are the same
    /// either way.
    pub parallel: bool,
}

impl Default for SatConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            ongoing_events: true,
            cell_size: CellSize::Auto,
            parallel: true,
        }
    }
}

/// Whether [`SatConfig::enabled`] lets the stage systems run.
fn detection_enabled(config: Res<SatConfig>) -> bool {
    config.enabled
}

/// Collision detection for 2D: add it, put [`Collider`]s on entities, read
/// [`CollisionEvent`]s.
///
/// It adds one system per stage, each in its [`SatSystems`] set, the sets chained in that
/// order in `schedule`; order your own systems against the sets. The default,
/// `PostUpdate` after transform propagation, means events describe where things are
/// after this frame's movement, before rendering. Works headless (`MinimalPlugins` +
/// `TransformPlugin`); with `AssetPlugin` present it also registers the `.collider.ron`
/// loader.
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
}

impl Default for SatPlugin {
    fn default() -> Self {
        Self::new(PostUpdate)
    }
}

impl SatPlugin {
    /// The plugin running in `schedule`. Outside `PostUpdate`, order
    /// [`SatSystems::SyncColliders`] after whatever updates `GlobalTransform` there.
    #[must_use]
    pub fn new(schedule: impl ScheduleLabel) -> Self {
        Self {
            schedule: schedule.intern(),
            config: SatConfig::default(),
        }
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

    /// With the narrow phase on one thread.
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
                    .chain(),
            );
        if schedule == PostUpdate.intern() {
            app.configure_sets(
                PostUpdate,
                SatSystems::SyncColliders.after(TransformSystems::Propagate),
            );
        }
        app.add_message::<CollisionEvent>().add_systems(
            schedule,
            (
                sync_colliders.in_set(SatSystems::SyncColliders),
                find_candidate_pairs.in_set(SatSystems::BroadPhase),
                test_candidate_pairs.in_set(SatSystems::NarrowPhase),
                report_collisions.in_set(SatSystems::Events),
            )
                .distributive_run_if(detection_enabled),
        );
        self.add_collider_assets(app);
    }

    fn finish(&self, app: &mut App) {
        // In case `AssetPlugin` was added after this plugin.
        self.add_collider_assets(app);
    }
}

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
