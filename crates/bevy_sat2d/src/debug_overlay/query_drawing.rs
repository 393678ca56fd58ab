//! The overlay's drawings of the spatial queries in the [`QueryRecorder`]: rays and their
//! hits, shape casts, overlap and point queries.

use bevy::prelude::*;
use sat2d::{Iso, RayHit, RigidMotion, Shape, ShapeHit};

use super::colors;
use super::gizmo_drawing::{SatGizmos, draw_shape};
use super::query_recorder::{QueryRecorder, RecordedQuery};
use super::state::SatDebugState;
use crate::sat_systems::SatSystems;
use crate::world::collision_world::CollisionWorld;

/// How far a ray with an infinite `max_distance` is drawn.
const UNBOUNDED_RAY_LENGTH: f32 = 100_000.0;
/// The radius of a hit marker, in world units (the scale of the contact points).
const HIT_RADIUS: f32 = 3.0;
/// The length of a hit's normal arrow.
const NORMAL_LENGTH: f32 = 16.0;
/// The tip length of a hit's normal arrow.
const TIP_LENGTH: f32 = 5.0;

/// Adds the recorder, the system that switches it with the overlay, and the drawing.
pub(crate) fn add_query_drawing(app: &mut App) {
    app.init_resource::<QueryRecorder>()
        .add_systems(First, switch_query_recording)
        .add_systems(
            PostUpdate,
            draw_recorded_queries
                .after(SatSystems::Events)
                .run_if(super::overlay_visible),
        );
}

/// Records queries while the overlay is visible and its query drawing is on; otherwise
/// stops recording and drops the log (nothing would draw and empty it).
fn switch_query_recording(state: Res<SatDebugState>, recorder: Res<QueryRecorder>) {
    let recording = state.visible && state.draw.queries;
    if recording != recorder.is_recording() {
        recorder.set_recording(recording);
    }
}

/// Draws every query recorded since the last draw, and empties the log. `drawn` keeps
/// the log's storage between frames, so a steady stream of queries allocates nothing
/// here.
fn draw_recorded_queries(
    mut gizmos: Gizmos<SatGizmos>,
    recorder: Res<QueryRecorder>,
    world: Res<CollisionWorld>,
    mut drawn: Local<Vec<RecordedQuery>>,
) {
    recorder.take_into(&mut drawn);
    for query in drawn.iter() {
        draw_query(&mut gizmos, &world, query);
    }
    drawn.clear();
}

fn draw_query(gizmos: &mut Gizmos<SatGizmos>, world: &CollisionWorld, query: &RecordedQuery) {
    match query {
        RecordedQuery::CastRay {
            origin,
            direction,
            max_distance,
            hit,
        } => {
            let hits = hit.as_slice();
            draw_ray(gizmos, *origin, *direction, *max_distance, hits);
        }
        RecordedQuery::RayHits {
            origin,
            direction,
            max_distance,
            hits,
        } => draw_ray(gizmos, *origin, *direction, *max_distance, hits),
        RecordedQuery::CastShape {
            shape,
            iso,
            motion,
            hit,
        } => draw_shape_cast(gizmos, shape, iso, *motion, hit.map(|(_, hit)| hit)),
        RecordedQuery::CastTurningShape { shape, motion, hit } => {
            draw_turning_cast(gizmos, shape, motion, hit.map(|(_, hit)| hit));
        }
        RecordedQuery::ShapeHits { shape, iso, hits } => {
            let color = if hits.is_empty() {
                colors::QUERY
            } else {
                colors::QUERY_HIT
            };
            draw_shape(gizmos, shape, iso, color, false);
            draw_found_colliders(gizmos, world, hits);
        }
        RecordedQuery::PointHits { point, hits } => {
            let color = if hits.is_empty() {
                colors::QUERY
            } else {
                colors::QUERY_HIT
            };
            gizmos.cross_2d(
                Isometry2d::from_translation(*point),
                HIT_RADIUS * 2.0,
                color,
            );
            draw_found_colliders(gizmos, world, hits);
        }
    }
}

/// The ray solid up to its first hit (or its whole reach on a miss), faint beyond it,
/// and a marker with the collider's outward normal at every hit.
fn draw_ray(
    gizmos: &mut Gizmos<SatGizmos>,
    origin: Vec2,
    direction: Dir2,
    max_distance: f32,
    hits: &[(Entity, RayHit)],
) {
    let end = origin + direction * max_distance.min(UNBOUNDED_RAY_LENGTH);
    match hits.first() {
        Some((_, first)) => {
            gizmos.line_2d(origin, first.point, colors::QUERY);
            gizmos.line_2d(first.point, end, colors::QUERY_REACH);
        }
        None => gizmos.line_2d(origin, end, colors::QUERY),
    }
    for (_, hit) in hits {
        draw_hit(gizmos, hit.point, hit.normal);
    }
}

/// The shape at its start, the path of its origin, and where it stopped with the
/// touching point and the normal from the shape to the collider; on a miss, the shape
/// faint at the end of its motion.
fn draw_shape_cast(
    gizmos: &mut Gizmos<SatGizmos>,
    shape: &Shape,
    iso: &Iso,
    motion: Vec2,
    hit: Option<ShapeHit>,
) {
    let start = iso.translation;
    let placed_at = |translation: Vec2| Iso {
        translation,
        rotation: iso.rotation,
    };
    draw_shape(gizmos, shape, iso, colors::QUERY, false);
    match hit {
        Some(hit) => {
            let stop = start + motion * hit.fraction;
            gizmos.line_2d(start, stop, colors::QUERY);
            gizmos.line_2d(stop, start + motion, colors::QUERY_REACH);
            draw_shape(gizmos, shape, &placed_at(stop), colors::QUERY_HIT, false);
            draw_hit(gizmos, hit.point, hit.normal);
        }
        None => {
            gizmos.line_2d(start, start + motion, colors::QUERY);
            draw_shape(
                gizmos,
                shape,
                &placed_at(start + motion),
                colors::QUERY_REACH,
                false,
            );
        }
    }
}

/// The shape at its start, faint placements along its motion up to where it stopped
/// (every [`TURNING_STEPS`]th of it, so the turn shows), and there the shape with the
/// touching point and the normal; on a miss, the shape faint at the end of its motion.
fn draw_turning_cast(
    gizmos: &mut Gizmos<SatGizmos>,
    shape: &Shape,
    motion: &RigidMotion,
    hit: Option<ShapeHit>,
) {
    let stop = hit.map_or(1.0, |hit| hit.fraction);
    draw_shape(gizmos, shape, &motion.at(0.0), colors::QUERY, false);
    for step in 1..TURNING_STEPS {
        let time = step as f32 / TURNING_STEPS as f32;
        if time < stop {
            draw_shape(gizmos, shape, &motion.at(time), colors::QUERY_REACH, false);
        }
    }
    match hit {
        Some(hit) => {
            draw_shape(gizmos, shape, &motion.at(stop), colors::QUERY_HIT, false);
            draw_hit(gizmos, hit.point, hit.normal);
        }
        None => draw_shape(gizmos, shape, &motion.at(1.0), colors::QUERY_REACH, false),
    }
}

/// How many parts of its motion a turning cast is drawn in.
const TURNING_STEPS: u32 = 4;

/// A hit marker and its normal.
fn draw_hit(gizmos: &mut Gizmos<SatGizmos>, point: Vec2, normal: Vec2) {
    gizmos.circle_2d(point, HIT_RADIUS, colors::QUERY_HIT);
    gizmos
        .arrow_2d(point, point + normal * NORMAL_LENGTH, colors::QUERY_HIT)
        .with_tip_length(TIP_LENGTH);
}

/// The outlines of the colliders a query returned, where they are now (a query made
/// before this frame's step saw them at last frame's positions).
fn draw_found_colliders(gizmos: &mut Gizmos<SatGizmos>, world: &CollisionWorld, hits: &[Entity]) {
    for placed in hits.iter().filter_map(|&entity| world.collider(entity)) {
        draw_shape(gizmos, &placed.shape, &placed.iso, colors::QUERY_HIT, false);
    }
}

#[cfg(test)]
mod tests;
