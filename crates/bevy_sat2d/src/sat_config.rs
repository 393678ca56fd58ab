//! [`SatConfig`]: the settings the step reads, changeable at run time.

use bevy::prelude::*;
use sat2d::broad_phase::CellSize;

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
    /// Whether the step runs (default `true`). While `false`, every stage system (and
    /// the plugin's own transform propagation) is skipped: nothing is synced, tested or
    /// written, and [`CollisionWorld`](crate::CollisionWorld) and
    /// [`SatDiagnostics`](crate::SatDiagnostics) keep the last step's state. Colliders
    /// removed or despawned meanwhile are remembered, and the first step after resuming
    /// ends their pairs, once, along with every other change made during the pause.
    pub enabled: bool,
    /// Whether [`CollisionEvent::Ongoing`](crate::CollisionEvent::Ongoing) is written for
    /// pairs that go on touching (default `true`). When `false`, only `Started` and
    /// `Ended` messages are written; the current contacts stay readable from
    /// [`CollisionWorld::contacts`](crate::CollisionWorld::contacts) and
    /// [`CollisionWorld::contact`](crate::CollisionWorld::contact), and
    /// [`CollidingEntities`](crate::CollidingEntities) is kept as always.
    pub ongoing_events: bool,
    /// The broad phase's cell size (a change rebuilds the grid at the next step; a fixed
    /// side that is not finite and positive is ignored with a warning).
    pub cell_size: CellSize,
    /// Whether the step may use Bevy's `ComputeTaskPool`: for the narrow phase's tests,
    /// and from 32,768 moving colliders for the sync's new places and the broad phase's
    /// walk over the moving colliders' cells. Results are the same either way.
    pub parallel: bool,
    /// How many touching pairs make a pile-up worth a warning (default 200,000): the
    /// first step that finds more logs one warning naming the count. Thousands of
    /// colliders all touching is the usual sign of everything spawned at one point
    /// (the origin) before being moved. `usize::MAX` never warns.
    pub pile_up_warning: usize,
}

impl Default for SatConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            ongoing_events: true,
            cell_size: CellSize::Auto,
            parallel: true,
            pile_up_warning: 200_000,
        }
    }
}

/// Whether [`SatConfig::enabled`] lets the stage systems run.
pub(crate) fn detection_enabled(config: Res<SatConfig>) -> bool {
    config.enabled
}
