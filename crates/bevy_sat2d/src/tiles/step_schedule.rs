//! [`impl_step_schedule!`]: the constructors every tile plugin shares. Each runs in the
//! collision step's schedule, named by its one field `schedule`, and adds the plugin it
//! builds on in that same schedule (`add_plugin_once`).

#[cfg(feature = "bevy_ecs_tilemap")]
use bevy::prelude::*;

/// Gives a tile plugin, a struct whose one field is
/// `schedule: InternedScheduleLabel`, its constructors: `Default` (in `PostUpdate`, the
/// [`SatPlugin`](crate::SatPlugin)'s default schedule), `new(schedule)`, and `fixed()`
/// (in `FixedPostUpdate`, beside [`SatPlugin::fixed`](crate::SatPlugin::fixed)).
/// `$what` ends the sentence documenting `new`: "The plugin {$what} in `schedule`."
macro_rules! impl_step_schedule {
    ($plugin:ident, $what:literal) => {
        impl Default for $plugin {
            fn default() -> Self {
                Self::new(bevy::prelude::PostUpdate)
            }
        }

        impl $plugin {
            #[doc = concat!("The plugin ", $what, " in `schedule`.")]
            #[must_use]
            pub fn new(schedule: impl bevy::ecs::schedule::ScheduleLabel) -> Self {
                Self {
                    schedule: bevy::ecs::schedule::ScheduleLabel::intern(&schedule),
                }
            }

            /// The plugin in `FixedPostUpdate`, for
            /// [`SatPlugin::fixed`](crate::SatPlugin::fixed).
            #[must_use]
            pub fn fixed() -> Self {
                Self::new(bevy::prelude::FixedPostUpdate)
            }
        }
    };
}
pub(crate) use impl_step_schedule;

/// Adds `plugin` unless the app has a plugin of its type already (the game's own, in
/// the schedule the game chose).
#[cfg(feature = "bevy_ecs_tilemap")]
pub(crate) fn add_plugin_once<P: Plugin>(app: &mut App, plugin: P) {
    if !app.is_plugin_added::<P>() {
        app.add_plugins(plugin);
    }
}
