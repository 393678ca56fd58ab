//! A character mover on exact shape casts: collide and slide, slopes, steps, ground
//! snapping, one-way platforms, moving platforms, and no snagging on tile seams.
//!
//! Two ways in:
//!
//! - the [`CharacterMover`] component, run by [`CharacterMoverPlugin`]: set its
//!   `translation` each step and read the [`MoverOutput`] beside it after the move;
//! - the [`move_and_slide`] function, for a game that moves characters in its own
//!   system over a [`SpatialQuery`](crate::SpatialQuery).
//!
//! Files by layer: the component and settings (`mover.rs`), the output
//! (`mover_output.rs`), the cast that knows what stops a mover (`sweep.rs`, with
//! `one_way_platform.rs`), the algorithm (`move_and_slide.rs`) and its parts (`seams.rs`,
//! `step_up.rs`, `ground.rs`, `push_out.rs`, `platform_carry.rs`), then the system and
//! the plugin.

pub(crate) mod character_mover_plugin;
pub(crate) mod ground;
pub(crate) mod move_and_slide;
pub(crate) mod move_movers;
pub(crate) mod mover;
pub(crate) mod mover_output;
pub(crate) mod one_way_platform;
pub(crate) mod platform_carry;
pub(crate) mod push_out;
pub(crate) mod seams;
pub(crate) mod step_up;
pub(crate) mod sweep;

pub use character_mover_plugin::CharacterMoverPlugin;
pub use move_and_slide::move_and_slide;
pub use move_movers::move_movers;
pub use mover::{CharacterMover, MoverSettings};
pub use mover_output::{MoverGround, MoverHit, MoverOutput};
pub use one_way_platform::OneWayPlatform;
