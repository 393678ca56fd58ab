//! [`CharacterMoverPlugin`]: runs [`move_movers`] in the collision step's schedule.

use bevy::ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy::prelude::*;
use bevy::transform::TransformSystems;

use super::{CharacterMover, MoverOutput, OneWayPlatform, move_movers};
use crate::sat_systems::SatSystems;

/// Adds [`move_movers`] to `schedule`, after transform propagation and before
/// [`SatSystems::SyncColliders`], and registers the mover's types. Use the same
/// schedule as the [`SatPlugin`](crate::SatPlugin) (`PostUpdate` by default;
/// [`CharacterMoverPlugin::fixed`] beside [`SatPlugin::fixed`](crate::SatPlugin::fixed)).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
/// App::new().add_plugins((
///     MinimalPlugins,
///     TransformPlugin,
///     SatPlugin::default(),
///     CharacterMoverPlugin::default(),
/// ));
/// ```
#[derive(Clone, Debug)]
pub struct CharacterMoverPlugin {
    /// The schedule the movers run in: the collision step's.
    pub schedule: InternedScheduleLabel,
}

impl Default for CharacterMoverPlugin {
    fn default() -> Self {
        Self {
            schedule: PostUpdate.intern(),
        }
    }
}

impl CharacterMoverPlugin {
    /// The movers in `FixedPostUpdate`, for [`SatPlugin::fixed`](crate::SatPlugin::fixed).
    #[must_use]
    pub fn fixed() -> Self {
        Self {
            schedule: FixedPostUpdate.intern(),
        }
    }
}

impl Plugin for CharacterMoverPlugin {
    fn build(&self, app: &mut App) {
        app.register_type::<CharacterMover>()
            .register_type::<MoverOutput>()
            .register_type::<OneWayPlatform>()
            .add_systems(
                self.schedule,
                move_movers
                    .after(TransformSystems::Propagate)
                    .before(SatSystems::SyncColliders),
            );
    }
}
