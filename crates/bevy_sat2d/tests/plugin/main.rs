//! The plugin's integration tests, headless. They are modules of one test binary, so
//! that Bevy is linked once rather than once per file: each link of a Bevy binary costs
//! time and hundreds of megabytes on a clean build.
#![allow(missing_docs)]

mod character_mover_support;
mod common;
mod rollback_support;
mod swept_support;
#[path = "../support/update_until.rs"]
mod update_until;

mod assets;
mod character_mover;
mod character_mover_filters;
mod character_mover_first_frame;
mod character_mover_platforms;
mod character_mover_terrain;
mod colliding_lists;
mod control;
mod events;
mod fixed_timestep;
mod image_assets;
mod large_scene_threads;
mod pair_filters;
mod placement;
mod query_filter;
mod readme_snippet;
mod removal;
mod rollback;
mod rollback_disabled;
mod rollback_ggrs;
mod scenes;
mod seamless_contacts;
mod spatial_query;
mod static_changes;
mod steady_state_allocations;
mod swept_collider;
mod swept_collider_paths;
mod swept_turning;
mod tile_level;
