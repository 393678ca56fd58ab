//! Collision detection for Bevy 0.19 on the [`sat2d`] core: exact SAT with the minimum
//! translation vector, containment flags and contact points, for circles, boxes,
//! capsules, segments, convex and concave polygons.
//!
//! ```
//! use bevy::prelude::*;
//! use bevy_sat2d::prelude::*;
//!
//! fn push_apart(mut events: MessageReader<CollisionEvent>, world: Res<CollisionWorld>) {
//!     for event in events.read() {
//!         let (a, b) = event.entities(); // a < b, stable
//!         // Computed on request from the last step's placement.
//!         if let Some(contact) = event.contact(&world) {
//!             // contact.normal points from a to b; moving b by contact.mtv() separates them.
//!             let _ = (a, b, contact.mtv(), contact.points());
//!         }
//!     }
//! }
//!
//! App::new()
//!     .add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()))
//!     .add_systems(PostUpdate, push_apart.after(SatSystems::Events));
//! ```
//!
//! # What happens each step
//!
//! In `PostUpdate`, after transform propagation, or once per fixed tick in
//! `FixedPostUpdate` with [`SatPlugin::fixed`] ([`SatSystems`], in order):
//!
//! 1. **SyncColliders** — colliders whose `Collider`, `GlobalTransform`,
//!    [`CollisionLayers`] or [`StaticCollider`] marker changed are re-placed in the
//!    broad phase (scale applied); removed and despawned ones are dropped. Moving
//!    colliders are found by a `Changed` query that skips the static archetypes whole;
//!    static ones by reading their tables' change ticks as arrays, so a static level
//!    that does not change costs a few bytes read per collider and nothing else in any
//!    stage. Removals are queued as they happen (by `Collider`'s remove hook), so a
//!    step that skips frames (a run condition, a fixed schedule) still ends their
//!    pairs, once. A collider with
//!    a non-finite, overflowing or zero-scale transform is skipped, with one warning per
//!    entity and cause. With [`CharacterMoverPlugin`], the movers move here, after the
//!    sync and before the broad phase, and their colliders are moved in the world to
//!    where they ended.
//! 2. **BroadPhase** — candidate pairs from `sat2d`'s spatial hash grid, plus the pairs
//!    along the path of each [`SweptCollider`] that moved. Pairs of two
//!    [`StaticCollider`]s are never produced; the rest are filtered by
//!    [`CollisionLayers`], by body (colliders with the same [`ColliderOf`] never pair),
//!    by [`CollisionExclusions`] and by the game's own [`PairFilter`] hook, if set.
//! 3. **NarrowPhase** — `sat2d::intersects` on every candidate pair where either
//!    collider changed, in parallel on the `ComputeTaskPool`; the others reuse last
//!    step's result. A pair with a moving [`SweptCollider`] that ends the step apart is
//!    also cast along the step's motion.
//! 4. **Events** — [`CollisionEvent`] `Started` / `Ongoing` / `Ended` for every pair (no
//!    opt-in; `Ongoing` can be turned off with [`SatConfig::ongoing_events`]),
//!    [`CollisionStarted`] / [`CollisionEnded`] triggered on each entity of the pair that
//!    an observer watches (none at all when nobody observes them), and
//!    [`CollidingEntities`] kept current. A pair also ends when either entity is
//!    despawned, loses its `Collider`, or changes layers so that the pair is no longer
//!    tested.
//!
//! Every list of pairs is kept in the broad phase's order (by entity index), so each
//! stage merges with the last step's list in one walk, and past the sync no stage walks
//! the colliders, only the pairs and the colliders that changed; the lists live in
//! [`CollisionWorld`] and keep their capacity, so a settled scene's step allocates
//! nothing in the plugin itself. [`SatDiagnostics`] holds the counts and stage times of
//! the last step, and [`CollisionWorld`] answers questions about it (contacts, colliders
//! under a point).
//!
//! # Contacts on request
//!
//! The step records which pairs touch, 12 bytes a pair, and events name the pair. A
//! pair's contact (MTV, containment flags, points) is computed when a system asks for
//! it: [`CollisionEvent::contact`], [`CollisionWorld::contact`] or
//! [`CollisionWorld::contacts`], from the colliders as the last step placed them and by
//! [`sat2d::contact`], which agrees with the step's `intersects`. So it is exactly the
//! contact the step saw, as often as it is asked, until the next step; a game that
//! reacts to `Started` alone never pays for one, and a pile-up of millions of pairs
//! stays small. Two things follow:
//! - ask in the schedule the step runs in, or right after it: an `Update` system
//!   reading events of a frame that ran several fixed ticks gets the last tick's
//!   contact (or `None` if that tick found the pair apart). Read contacts in
//!   `FixedUpdate` with [`SatPlugin::fixed`];
//! - [`CollisionStarted`] observers get the contact in the event, computed only for
//!   the entities some observer watches.
//!
//! [`SatConfig::enabled`] pauses the whole step (every stage is skipped and nothing is
//! written); the first step after resuming reports everything that changed meanwhile,
//! despawns included, once.
//!
//! # Level geometry without seams
//!
//! A collider sliding over a floor of separate tiles must not be pushed sideways by
//! the edge between two tiles (the "ghost collision"). So the contact of a moving
//! collider with a [`StaticCollider`] is the contact of the whole surface that static
//! collider is part of: the static colliders the moving one touches that join it edge
//! to edge, directly or through each other, all on the same [`CollisionLayers`]. Its
//! normal and depth are the exact MTV of the union of those pieces
//! ([`sat2d::contact_with_neighbours`]), so no normal ever comes from an internal edge;
//! its points are where the pair itself touches. Every piece the collider touches gives
//! the same push, so the usual pattern (push out by the largest MTV per axis) pushes
//! once.
//!
//! *Edge to edge* means the two shapes come within 1e-3 of the smaller one's reach of
//! each other (0.008 for 16-unit tiles): touching, overlapping, or apart by a rounding
//! gap. This holds for tile grids, for separate boxes placed side by side, and for
//! polygons sharing an edge. Pairs of two moving colliders keep their own contact, and
//! a collider touching more than 32 static pieces at once gets the plain contact.
//!
//! # Fast colliders and tunnelling
//!
//! Each step tests colliders where they are at that step, so a collider that moves
//! further in one step than the thickness of what lies in its way can pass through it
//! unseen (tunnelling): a bullet at 500 units per step skips a 10-unit wall. Mark such
//! colliders [`SweptCollider`]: the plugin then also casts their shape from the last
//! step's placement to this one's (the move and the shortest turn) against the
//! colliders along the way. A pair the
//! sweep finds touching during the step, but apart at its end, gets
//! [`CollisionEvent::Started`] with the time of impact
//! ([`CollisionEvent::time_of_impact`], a fraction of the step), its contact at that
//! time (kept, as it is no contact of the step's end), and `Ended` in the next step. The sweep
//! turns by the shortest turn (at most half a turn a step), starts from a collider's
//! second step, and sweeps a teleport like any move; [`SweptCollider`] says what it reports and costs.
//!
//! ```
//! use bevy::prelude::*;
//! use bevy_sat2d::prelude::*;
//! fn fire(mut commands: Commands) {
//!     commands.spawn((Collider::circle(1.0), SweptCollider, Transform::from_xyz(0.0, 0.0, 0.0)));
//! }
//! fn hits(mut events: MessageReader<CollisionEvent>) {
//!     for event in events.read() {
//!         if let Some(time) = event.time_of_impact() {
//!             info!("{:?} hit at {time:.2} of the step", event.entities());
//!         }
//!     }
//! }
//! # bevy::ecs::system::assert_is_system(fire);
//! # bevy::ecs::system::assert_is_system(hits);
//! ```
//!
//! # Queries
//!
//! [`SpatialQuery`], a system parameter, casts rays and shapes and finds the colliders
//! overlapping a shape or holding a point, through the broad phase; a [`QueryFilter`]
//! picks which colliders count (layer mask, excluded entities, a predicate, statics).
//! A query sees the colliders as of the last sync: in `Update`, last frame's positions,
//! and nothing spawned this frame (a level spawned in `Startup` is first seen by
//! `Update` in the second frame). A system in the step's schedule ordered
//! `.after(SatSystems::SyncColliders)` sees this frame's colliders, new ones included.
//!
//! **When a collider is first seen**, in the step's schedule (`PostUpdate` by default):
//! 1. transform propagation computes its `GlobalTransform`;
//! 2. [`SatSystems::SyncColliders`] places it;
//! 3. the [`CharacterMover`]s move (they see it already), and their colliders are
//!    moved in the world to where they ended;
//! 4. the broad and narrow phases pair it, and [`SatSystems::Events`] reports its
//!    pairs, at the positions after movement.
//!
//! # Moving characters
//!
//! A [`CharacterMover`] moves its entity by collide and slide on exact shape casts: set
//! its `translation` each step, add [`CharacterMoverPlugin`], and read the
//! [`MoverOutput`] beside it (grounded, the ground, what it hit, how far it went). It
//! walks slopes up to a limit, steps onto low ledges, follows the ground down stairs,
//! lands on [`OneWayPlatform`]s from above and jumps through them from below, rides
//! moving platforms, and crosses floors of separate tiles as if they were one box.
//! [`move_and_slide`] is the same algorithm as a function over a [`SpatialQuery`], for a
//! game's own system.
//!
//! ```
//! use bevy::prelude::*;
//! use bevy_sat2d::prelude::*;
//! #[derive(Component)]
//! struct Run(f32);
//! fn walk(mut players: Query<(&Run, &mut CharacterMover, &MoverOutput)>) {
//!     for (run, mut mover, output) in &mut players {
//!         let fall = if output.grounded { 0.0 } else { -4.0 };
//!         mover.translation = Some(Vec2::new(run.0, fall));
//!     }
//! }
//! # bevy::ecs::system::assert_is_system(walk);
//! ```
//!
//! # Rollback and determinism
//!
//! Rollback netcode (bevy_ggrs, lightyear) loads a snapshot of some frames ago and
//! simulates those frames again. Run the plugin in the rollback schedule
//! (`SatPlugin::new(GgrsSchedule)`, with [`CharacterMoverPlugin`] in the same one), read
//! its events there after [`SatSystems::Events`], and register its rollback set with
//! one call, [`SatRollback::register`], over your library's registration
//! ([`RollbackRegistry`]):
//!
//! - [`TouchingPairs`], a resource: the last step's touching pairs, which the next
//!   step's `Started` / `Ongoing` / `Ended` compare against (16 bytes a pair);
//! - [`PlacedTranslation`], on every collider: where the last step left it, which a
//!   sweep starts from and a ridden platform's motion is measured from (12 bytes);
//! - [`MoverOutput`], [`CharacterMover`] and [`CollisionExclusions`]: the mover's state.
//!
//! After a load, the next step sees that [`TouchingPairs`] is not the one it wrote,
//! compares with the restored pairs, tests every pair afresh and rebuilds every
//! [`CollidingEntities`]; the broad phase and placed shapes follow the restored
//! transforms (a restored `Transform` is a changed one). Disabled entities (Bevy's
//! `Disabled`, bevy_ggrs's `RollbackDespawned` from `despawn_rollback`) count as removed. Results do not depend on `Entity`
//! numbering; the order of events within a step does (entity index order), so sort
//! them by a stable id of your own where order matters. [`SatRollback`] lists the set
//! and the guarantees.
//!
//! # The same results on every platform
//!
//! The same inputs give bit-identical results natively on x86_64 and in wasm32 (the
//! browser, Node): the same events in the same order, the same contacts (normal,
//! depth, flags and points to the bit), the same query answers and the same
//! [`CharacterMover`] moves, so peers of a lockstep or rollback game on different
//! platforms stay in sync. A test holds it: a seeded 1,000-frame scene (moving and
//! spinning circles, polygons, capsules and concave polygons, swept bullets, child
//! colliders, a mover on a sliding platform) hashes every frame's events, contacts,
//! placements and mover output, natively (`tests/determinism.rs`, against checked-in
//! hashes) and as wasm32 under Node (`scripts/determinism-check.sh`, frame by frame).
//!
//! What the step does for it: no platform maths on its path (sines, cosines, `atan2`
//! and `hypot` come from the pure-Rust `libm` crate, through [`sat2d::Rot`]; the
//! platform's library differs between targets in the last bit), no fused
//! multiply-add, SIMD minimum and maximum that pick the same lane on every target, pair
//! lists sorted by entity index, no hash map whose order reaches a result, and parallel
//! work (the narrow phase, a large scene's sync) whose results do not depend on the
//! thread count.
//!
//! What a game must do: give the step the same inputs.
//! - Build rotations from angles with deterministic maths: [`sat2d::Rot::from_angle`]
//!   (`Quat::from_xyzw(0.0, 0.0, half.sin, half.cos)` with `half` the rotation by half
//!   the angle), or turn on Bevy's `libm` feature, which makes `Quat::from_rotation_z`,
//!   `Rot2` and the rest of glam's and bevy_math's maths use the same crate. Plain
//!   `f32::sin`, `cos`, `atan2`, `powf` and `hypot` are the platform's.
//! - Move things by fixed steps ([`SatPlugin::fixed`], a constant `Time<Fixed>`
//!   delta), not by the frame's wall-clock time, and seed every random generator.
//! - Spawn in the same order everywhere (event order follows entity indices) and do
//!   not let a hash map's iteration order decide game logic.
//!
//! Tested on x86_64 (SSE2, the default target) and wasm32 without SIMD. Other targets
//! (aarch64, x86_64 with other target features) take the same code paths but are not
//! checked by the test.
//!
//! # Conventions
//!
//! Those of [`sat2d`]: a contact's normal is a unit vector from the first entity to the
//! second, `depth ≥ 0`, and moving the second by `contact.mtv()` leaves them touching.
//! Shapes are closed sets: touching counts as colliding (`depth == 0`).
//!
//! # Where things are
//!
//! The source is laid out by concern; each folder's module doc is its guide.
//!
//! - `components/`: what a game adds to its entities (`Collider`, `StaticCollider`,
//!   `SweptCollider`, layers, bodies, exclusions) and the `PairFilter` hook.
//! - `world/`: the state between steps, `CollisionWorld` and a `PlacedCollider` per
//!   collider, with the types the stages hand each other through it. It imports no
//!   stage.
//! - `step/`: the four stages (`sync`, `broad_phase`, `narrow_phase`, `report`) and the
//!   swept pairs; each reads and writes `world/`, none imports another.
//! - `events/`: `CollisionEvent`, the observer events, `CollidingEntities`.
//! - `query/`: `SpatialQuery`, `QueryFilter`, the ray walk through the grid.
//! - `assets/`: `.collider.ron` shapes, hot reloaded.
//! - `character_mover/`: `CharacterMover` and `move_and_slide`.
//! - `rollback.rs`: `SatRollback`, the rollback set, named to a rollback library.
//! - `tiles/`: `TileLevel`, a tile grid as few merged colliders rebuilt per chunk, and
//!   `TileCells`, the cell a hit lands on.
//! - `debug_overlay/` (feature `debug-overlay`): the egui panel, gizmos, SAT explainer.
//! - At the root: `plugin.rs` (`SatPlugin`), `sat_systems.rs` (the sets),
//!   `sat_config.rs`, `diagnostics.rs`.
//!
//! # Features
//!
//! - `debug-overlay` (default): the egui panel and gizmo overlay. It pulls in Bevy's
//!   renderer; without it the plugin depends on no rendering crate.
//! - `bevy_ecs_tilemap`: [`tilemap`], `bevy_ecs_tilemap` maps as tile levels whose hits
//!   name their tile. The tilemap crate depends on Bevy's renderer.
//! - `tiled`: [`tiled`], Tiled maps loaded by `bevy_ecs_tiled` get colliders (a
//!   `TiledPhysicsBackend`). Adds `bevy_ecs_tiled`, the `tiled` parser and `geo`.
//! - `ldtk`: [`ldtk`], the IntGrid layers of LDtk projects (through `bevy_ecs_ldtk`)
//!   as tile levels, walls and one-way platforms by value. Implies `bevy_ecs_tilemap`.

mod assets;
mod character_mover;
mod components;
#[cfg(feature = "debug-overlay")]
pub mod debug_overlay;
mod diagnostics;
mod events;
mod plugin;
mod query;
mod rollback;
mod sat_config;
mod sat_systems;
mod step;
mod tiles;
mod world;

pub use assets::collider_asset::{
    ColliderAsset, ColliderAssetError, ColliderAssetLoader, ColliderHandle,
};
#[cfg(feature = "image")]
pub use assets::image_colliders::{ImageColliderError, ImageColliderSettings};
#[cfg(feature = "image")]
pub use assets::image_file::ImageColliderFile;
#[cfg(feature = "ldtk")]
pub use bevy_ecs_ldtk;
#[cfg(feature = "tiled")]
pub use bevy_ecs_tiled;
#[cfg(feature = "bevy_ecs_tilemap")]
pub use bevy_ecs_tilemap;
pub use character_mover::{
    CharacterMover, CharacterMoverPlugin, MoverGround, MoverHit, MoverOutput, MoverSettings,
    OneWayPlatform, move_and_slide, move_movers,
};
pub use components::collider::Collider;
pub use components::collider_of::{BodyColliders, ColliderOf};
pub use components::collision_exclusions::CollisionExclusions;
pub use components::collision_layers::CollisionLayers;
pub use components::pair_filter::PairFilter;
pub use components::static_collider::StaticCollider;
pub use components::swept_collider::SweptCollider;
pub use diagnostics::SatDiagnostics;
pub use events::colliding_entities::CollidingEntities;
pub use events::collision_event::{CollisionEnded, CollisionEvent, CollisionStarted};
pub use plugin::SatPlugin;
pub use query::query_filter::QueryFilter;
pub use query::spatial_query::SpatialQuery;
pub use rollback::{RollbackRegistry, SatRollback};
pub use sat_config::SatConfig;
pub use sat_systems::SatSystems;
pub use sat2d;
#[cfg(feature = "ldtk")]
pub use tiles::ldtk;
pub use tiles::tile_cells::TileCells;
pub use tiles::tile_collider::{TileCollider, TileHit};
pub use tiles::tile_level::TileLevel;
pub use tiles::tile_level_plugin::{TileLevelPlugin, apply_tile_changes};
#[cfg(feature = "tiled")]
pub use tiles::tiled;
#[cfg(feature = "bevy_ecs_tilemap")]
pub use tiles::tilemap;
pub use world::collision_world::CollisionWorld;
pub use world::pair_result::EntityPair;
pub use world::placed_collider::PlacedCollider;
pub use world::placed_translation::PlacedTranslation;
pub use world::placement::placement;
pub use world::touching_pairs::TouchingPairs;

/// Everything a game needs: `use bevy_sat2d::prelude::*;`.
pub mod prelude {
    pub use crate::{
        CharacterMover, CharacterMoverPlugin, MoverOutput, MoverSettings, OneWayPlatform,
        move_and_slide,
    };
    pub use crate::{
        Collider, ColliderHandle, ColliderOf, CollidingEntities, CollisionEnded, CollisionEvent,
        CollisionExclusions, CollisionLayers, CollisionStarted, CollisionWorld, PairFilter,
        QueryFilter, SatConfig, SatDiagnostics, SatPlugin, SatSystems, SpatialQuery,
        StaticCollider, SweptCollider,
    };
    #[cfg(feature = "image")]
    pub use crate::{ImageColliderError, ImageColliderSettings};
    pub use crate::{TileCells, TileCollider, TileHit, TileLevel, TileLevelPlugin};
    pub use sat2d::{Contact, Iso, Ray, RayHit, Shape, ShapeHit};
}
