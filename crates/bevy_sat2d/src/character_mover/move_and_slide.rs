//! [`move_and_slide`]: collide and slide on exact shape casts.

use bevy::prelude::*;
use sat2d::{Iso, Shape};

use super::seams::seam_normal;
use super::sweep::{OneWayLookup, Sweep};
use super::{MoverGround, MoverHit, MoverOutput, MoverSettings, OneWayPlatform};
use crate::query::query_filter::QueryFilter;
use crate::query::spatial_query::SpatialQuery;

/// Moves `shape`, placed at `iso`, by `translation` as far as the colliders that
/// `filter` accepts let it, sliding along what it meets, and says what happened. The
/// function behind [`CharacterMover`](super::CharacterMover), for a game that moves
/// its characters in its own system; it moves nothing itself (add
/// `output.translation` to the character's `Transform`).
///
/// ```text
/// remaining = translation
/// (push-out first, see below)
/// repeat up to max_iterations while something remains:
///     cast the shape along remaining; nothing hit: move all of it, done
///     move to the hit, then a skin away from the surface along its normal
///     internal edge of the ground (seams)?          use the ground's normal
///     walkable surface: remaining follows the slope, keeping its horizontal part
///     wall: step up onto it if low enough (and the mover is grounded), else slide
///           along it without climbing (or stop, if walls do not slide)
/// first: push out of any overlap (no further than the penetration plus the skin,
///        at most max_push_out per step); still inside: no motion this step
/// not moving up and no ground reached: snap down onto ground within reach
/// push out of any overlap the slide left; probe the ground under the end
/// ```
///
/// `one_way` says which entities are [`OneWayPlatform`]s (for a game system, a lookup
/// into a `Query<&OneWayPlatform>`); the filter should exclude the mover's own
/// entity. The query sees the colliders as of the last step (see [`SpatialQuery`]),
/// so pass the mover's current placement in `iso`, not the one the query knows.
///
/// A non-finite `translation` is ignored (no motion) with one warning.
///
/// ```
/// use bevy::ecs::system::RunSystemOnce;
/// use bevy::prelude::*;
/// use bevy_sat2d::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin, SatPlugin::default()));
/// app.world_mut().spawn((Collider::rectangle(10.0, 100.0), Transform::from_xyz(20.0, 0.0, 0.0)));
/// app.update();
///
/// let walk = |query: SpatialQuery, platforms: Query<&OneWayPlatform>| {
///     let body = Shape::rectangle(4.0, 4.0);
///     let output = move_and_slide(
///         &query,
///         &body,
///         &Iso::IDENTITY,
///         Vec2::new(30.0, 10.0),
///         &MoverSettings::default(),
///         &QueryFilter::default(),
///         &|entity| platforms.get(entity).ok().copied(),
///     );
///     // Stopped a skin short of the wall's face at x = 15, slid up along it.
///     assert!((output.translation.x - (13.0 - 0.02)).abs() < 1e-3);
///     assert!((output.translation.y - 10.0).abs() < 1e-3);
///     assert_eq!(output.hits.len(), 1);
///     assert_eq!(output.hits[0].normal, Vec2::NEG_X);
/// };
/// app.world_mut().run_system_once(walk).unwrap();
/// ```
#[must_use]
pub fn move_and_slide(
    query: &SpatialQuery,
    shape: &Shape,
    iso: &Iso,
    translation: Vec2,
    settings: &MoverSettings,
    filter: &QueryFilter,
    one_way: &dyn Fn(Entity) -> Option<OneWayPlatform>,
) -> MoverOutput {
    let mut output = MoverOutput::default();
    let translation = if translation.is_finite() {
        translation
    } else {
        warn_once!(
            "bevy_sat2d: move_and_slide given a non-finite translation {translation}; \
             ignored (logged once)"
        );
        Vec2::ZERO
    };
    if !iso.is_finite() {
        warn_once!(
            "bevy_sat2d: move_and_slide given a non-finite placement; no move (logged once)"
        );
        return output;
    }
    let sweep = Sweep {
        query,
        shape,
        rotation: iso.rotation,
        filter,
        one_way: one_way as OneWayLookup,
        settings,
    };
    let start = iso.translation;
    // Out of any overlap first, by no more than the penetration: the requested motion
    // is then cast from outside, so a deep start never turns into a fling.
    // The one-way platforms it starts in: where it stays, if it cannot move.
    let mut inside_at_start = Vec::new();
    let (push, depth) = sweep.push_out(start, Some(&mut inside_at_start));
    let mut position = start + push;
    if depth <= settings.max_push_out {
        let (slid, ground) = slide(&sweep, position, translation, &mut output.hits);
        position = slid;
        if translation.dot(*settings.up) <= 0.0
            && ground.is_none()
            && let Some((snapped, _)) = sweep.snap_down(position)
        {
            position = snapped;
        }
        // What the slide's rounding may have left, within the same bound; and the
        // one-way platforms the mover ends in.
        let (rest, _) = sweep.push_out(position, Some(&mut output.passing_through));
        position += rest;
        output.push_out = push + rest;
    } else {
        // Still inside after this step's push-out: the requested motion waits until
        // the mover is out, rather than being cast from inside the geometry.
        output.push_out = push;
        output.passing_through = inside_at_start;
    }
    output.ground = sweep.probe_ground(position);
    output.grounded = output.ground.is_some();
    output.translation = position - start;
    output
}

/// The collide-and-slide loop: the end position and the last walkable ground met.
fn slide(
    sweep: &Sweep,
    start: Vec2,
    translation: Vec2,
    hits: &mut Vec<MoverHit>,
) -> (Vec2, Option<MoverGround>) {
    let settings = sweep.settings;
    let skin = settings.skin_width;
    let mut position = start;
    let mut remaining = translation;
    let mut ground: Option<MoverGround> = None;
    let mut probed = false;
    for _ in 0..settings.max_iterations {
        if remaining.length() <= skin * 1e-3 {
            break;
        }
        let Some(blocker) = sweep.cast(position, remaining) else {
            position += remaining;
            break;
        };
        if ground.is_none() && !probed && !settings.is_walkable(blocker.normal) {
            // A wall, a corner or a seam: the seam rule needs the ground under the
            // mover where the cast began.
            ground = sweep.probe_ground(position);
            probed = true;
        }
        let normal = seam_normal(blocker.point, blocker.normal, ground.as_ref(), skin);
        hits.push(MoverHit {
            entity: blocker.entity,
            normal,
            point: blocker.point,
            time: blocker.fraction,
        });
        position += remaining * blocker.fraction + normal * skin;
        remaining *= 1.0 - blocker.fraction;
        if settings.is_walkable(normal) {
            ground = Some(MoverGround {
                entity: blocker.entity,
                normal,
                point: blocker.point,
            });
            remaining = along_ground(remaining, normal, *settings.up);
        } else if let Some(step) = ground.and_then(|_| sweep.step_up(position, remaining)) {
            position = step.position;
            ground = Some(step.ground);
            remaining = step.remaining;
        } else if settings.slide_on_walls {
            remaining = along_wall(remaining, normal, *settings.up);
        } else {
            break;
        }
    }
    (position, ground)
}

/// `motion` after landing on walkable ground with outward `normal`: its horizontal
/// part, carried along the slope (so walking keeps its speed across the ground), and
/// nothing of its push into the ground. Motion leaving the ground is kept.
#[must_use]
fn along_ground(motion: Vec2, normal: Vec2, up: Vec2) -> Vec2 {
    if motion.dot(normal) >= 0.0 {
        return motion;
    }
    let across = motion - up * motion.dot(up);
    let length = across.length();
    if length <= f32::EPSILON {
        return Vec2::ZERO;
    }
    let direction = across / length;
    // The slope's tangent on the side the motion goes; a walkable slope is less steep
    // than vertical, so the tangent's horizontal part is positive.
    let tangent = (direction - normal * direction.dot(normal)).normalize_or_zero();
    let horizontal = tangent.dot(direction);
    if horizontal <= f32::EPSILON {
        return Vec2::ZERO;
    }
    tangent * (length / horizontal)
}

/// `motion` after meeting a wall with outward `normal`: the part along the wall, but
/// never climbing it (a steep slope is slid down, not walked up), and falling along it
/// kept.
#[must_use]
fn along_wall(motion: Vec2, normal: Vec2, up: Vec2) -> Vec2 {
    let into = motion.dot(normal);
    if into >= 0.0 {
        return motion;
    }
    let slid = motion - normal * into;
    if slid.dot(up) <= motion.dot(up).max(0.0) + f32::EPSILON {
        return slid;
    }
    // Sliding would climb the wall: push against its horizontal normal instead.
    let flat = (normal - up * normal.dot(up)).normalize_or_zero();
    let into_flat = motion.dot(flat);
    if into_flat >= 0.0 {
        motion
    } else {
        motion - flat * into_flat
    }
}

#[cfg(test)]
mod tests;
