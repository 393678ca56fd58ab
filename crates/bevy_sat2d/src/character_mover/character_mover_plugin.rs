//! [`CharacterMoverPlugin`]: runs [`move_movers`] in the collision step's schedule.

use bevy::ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy::prelude::*;
use bevy::transform::TransformSystems;

use super::{CharacterMover, MoverOutput, OneWayPlatform, move_movers};
use crate::components::collision_exclusions::CollisionExclusions;
use crate::sat_systems::SatSystems;
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_translation::PlacedTranslation;

/// Adds [`move_movers`] to `schedule`, after [`SatSystems::SyncColliders`] (so the
/// movers see every collider placed this frame, a level spawned in the same frame
/// included) and before [`SatSystems::BroadPhase`] (so this step's pairs and events see
/// where the movers ended: each mover's collider is moved in the world right after),
/// and registers the mover's types. Use the same
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
                (move_movers, place_moved_movers)
                    .chain()
                    .after(TransformSystems::Propagate)
                    .after(SatSystems::SyncColliders)
                    .before(SatSystems::BroadPhase),
            );
    }
}

/// Moves each mover's placed collider by the distance the mover went this step, so the
/// broad and narrow phases that follow test it where it ended (the sync placed it where
/// it started), writes that place into its [`PlacedTranslation`], and notes a
/// [`CollisionExclusions`] the mover inserted for a one-way platform it passes through.
fn place_moved_movers(
    mut world: ResMut<CollisionWorld>,
    mut movers: Query<
        (
            Entity,
            &MoverOutput,
            Has<CollisionExclusions>,
            Option<&mut PlacedTranslation>,
        ),
        With<CharacterMover>,
    >,
) {
    for (entity, output, has_exclusions, placed_translation) in &mut movers {
        world.shift_placed(entity, output.translation, has_exclusions);
        // Where the step leaves it, for the next step's sweep and riders.
        if let Some(mut placed_translation) = placed_translation
            && output.translation != Vec2::ZERO
            && let Some(placed) = world
                .collider(entity)
                .filter(|placed| placed.bounds.is_some())
        {
            placed_translation.set_if_neq(PlacedTranslation(Some(placed.iso.translation)));
        }
    }
}
