//! [`cast_turning_shape`]: when and where two shapes that move and turn first touch,
//! by conservative advancement on their distance (`conservative_advance.rs`).
//!
//! A pair where neither shape turns is [`cast_shape`]'s, exact. Otherwise each turning
//! shape is first replaced by the disc around its centre of rotation that holds it at
//! every turn, cast exactly in a straight line: a miss of the disc is a miss.
//!
//! Two convex shapes advance as a pair. A concave shape has no plane that separates
//! it from the other through the nearest points, so the advancement runs on its convex
//! parts: part pair by part pair, in the order of the earliest time their bounding
//! circles could meet, each pair's advancement stopping at the best hit so far, and
//! the earliest hit winning (the shapes first touch where some part pair does).
//!
//! Frame: world space. Each step places both shapes in the world
//! ([`RigidMotion::at`]) and measures them there.

use glam::Vec2;

use super::conservative_advance::{Advance, Closing, Turning, advance};
use super::distance::{Separation, part_separation, separation};
use super::rigid_motion::RigidMotion;
use crate::query::parts::part_bounds;
use crate::{Iso, Shape, ShapeHit, cast_shape, contact, tolerance};

/// How many steps [`cast_turning_shape`] takes at most before it answers.
pub const TURNING_CAST_MAX_ITERATIONS: u32 = 256;

/// The gap [`cast_turning_shape`] aims for, in units of the pair's
/// [`tolerance`](crate::tolerance) ε.
pub const TURNING_CAST_TARGET: f32 = 5.0;

/// How far past the target gap [`cast_turning_shape`] accepts a gap as a hit, in units
/// of the pair's [`tolerance`](crate::tolerance) ε.
pub const TURNING_CAST_TOLERANCE: f32 = 5.0;

/// When A, moving by `motion_a`, and B, moving by `motion_b`, first touch during one
/// unit of time, or `None` if they never do: a shape cast where each shape also turns
/// ([`RigidMotion`]), by conservative advancement on their [`distance`](crate::distance).
/// Every pair of shapes, concave ones included.
///
/// **What it guarantees.** With ε the pair's [`tolerance`](crate::tolerance), the cast
/// aims for a gap of `TURNING_CAST_TARGET · ε` (the target separation) and stops at the
/// first time it finds the shapes at most `(TURNING_CAST_TARGET +
/// TURNING_CAST_TOLERANCE) · ε` apart. Each step advances no farther than the gap
/// allows at the fastest speed the shapes' points can approach, so the answer is never
/// later than the first touch, and a touch within the unit of time is never missed. It
/// may be earlier: at the answer the gap is at most `10 ε`, and shapes that come that
/// close without touching (a graze that passes within `10 ε`) count as a hit.
///
/// A pair where neither shape turns gets [`cast_shape`](crate::cast_shape)'s exact
/// answer.
///
/// **The cap.** After [`TURNING_CAST_MAX_ITERATIONS`] steps (a slow, grazing approach
/// under a fast turn) the cast answers with the time it has reached, which still lies
/// before any touch: the hit is early, never late, and its normal and point are those
/// of the nearest points then.
///
/// The result: `fraction` the time of impact (0 to 1), `normal` the unit vector from
/// A's nearest point to B's at that time, and `point` halfway between them (within
/// `5 ε` of both shapes). Shapes that touch or overlap at the start give `fraction` 0
/// and their [`contact`]'s normal and first point, as [`cast_shape`](crate::cast_shape)
/// does. Returns `None` when a motion is not [in range](RigidMotion::is_in_range).
///
/// Placements far from the origin compared with the shapes' size (a translation more
/// than about 10⁴ times the shapes' reach) measure the gap with a rounding error above
/// the target separation; the answer may then be late by that error over the speed.
///
/// ```
/// use sat2d::{Iso, RigidMotion, Shape, Vec2};
/// use core::f32::consts::PI;
/// // A blade 10 long and a thin wall at x = 3: the blade's centre never comes near
/// // the wall, but a quarter turn sweeps its ends across it.
/// let blade = Shape::rectangle(10.0, 0.2);
/// let wall = Shape::rectangle(0.1, 20.0);
/// let spinning = RigidMotion::new(Iso::new(Vec2::ZERO, PI / 2.0), Vec2::ZERO, -PI / 2.0);
/// let still = RigidMotion::still(Iso::from_translation(Vec2::new(3.0, 0.0)));
/// let hit = sat2d::cast_turning_shape(&blade, &spinning, &wall, &still).unwrap();
/// assert!(hit.fraction > 0.0 && hit.fraction < 1.0);
/// // At the time of impact the blade is within the stated tolerance of the wall.
/// let gap = sat2d::distance(&blade, &spinning.at(hit.fraction), &wall, &still.start);
/// assert!(gap <= 10.0 * sat2d::tolerance(&blade, &wall));
/// assert!(hit.normal.x > 0.9); // from the blade toward the wall
/// // Translation alone (no turn) misses it.
/// let sliding = RigidMotion::new(Iso::new(Vec2::ZERO, PI / 2.0), Vec2::ZERO, 0.0);
/// assert!(sat2d::cast_turning_shape(&blade, &sliding, &wall, &still).is_none());
/// ```
#[must_use]
pub fn cast_turning_shape(
    a: &Shape,
    motion_a: &RigidMotion,
    b: &Shape,
    motion_b: &RigidMotion,
) -> Option<ShapeHit> {
    if !(motion_a.is_in_range() && motion_b.is_in_range()) {
        return None;
    }
    let epsilon = tolerance(a, b);
    let closing = Closing {
        relative_velocity: motion_b.linear_velocity - motion_a.linear_velocity,
        turning_speed: motion_a.angular_velocity.abs() * motion_a.turning_radius(a)
            + motion_b.angular_velocity.abs() * motion_b.turning_radius(b),
        target: TURNING_CAST_TARGET * epsilon,
        accepted: (TURNING_CAST_TARGET + TURNING_CAST_TOLERANCE) * epsilon,
        time_limit: 1.0,
        max_iterations: TURNING_CAST_MAX_ITERATIONS,
    };
    // Neither turns: the exact straight-line cast.
    if motion_a.angular_velocity == 0.0 && motion_b.angular_velocity == 0.0 {
        let (velocity_a, velocity_b) = (motion_a.linear_velocity, motion_b.linear_velocity);
        return cast_shape(
            a,
            &motion_a.start,
            velocity_a,
            b,
            &motion_b.start,
            velocity_b,
        );
    }
    if discs_miss(a, motion_a, b, motion_b, closing.accepted) {
        return None;
    }
    let advanced = if matches!(a, Shape::Concave(_)) || matches!(b, Shape::Concave(_)) {
        match separation(a, &motion_a.start, b, &motion_b.start) {
            Separation::Touching => Advance::Touching { time: 0.0 },
            Separation::Apart { .. } => advance_parts(a, motion_a, b, motion_b, &closing),
        }
    } else {
        let (turning_a, turning_b) = (
            Turning::new(a.part(0), motion_a),
            Turning::new(b.part(0), motion_b),
        );
        advance(&closing, (&turning_a, &turning_b), |iso_a, iso_b| {
            separation(a, iso_a, b, iso_b)
        })
    };
    match advanced {
        Advance::Miss => None,
        Advance::Touching { time } => Some(touching(a, motion_a, b, motion_b, time)),
        Advance::Apart {
            time,
            on_a,
            on_b,
            normal,
        } => Some(ShapeHit {
            fraction: time,
            point: (on_a + on_b) * 0.5,
            normal,
        }),
    }
}

/// Whether the shapes surely stay more than `reach` apart: each turning shape replaced
/// by the disc around its centre of rotation that holds it at every turn (grown by
/// `reach`), which moves in a straight line, and cast exactly ([`cast_shape`]) against
/// the other (or its disc).
fn discs_miss(
    a: &Shape,
    motion_a: &RigidMotion,
    b: &Shape,
    motion_b: &RigidMotion,
    reach: f32,
) -> bool {
    let disc = |shape: &Shape, motion: &RigidMotion, grown: f32| {
        let center = motion.start.transform_point(motion.local_center);
        Shape::try_circle(motion.turning_radius(shape) + grown)
            .ok()
            .map(|disc| (disc, Iso::from_translation(center)))
    };
    // The reach grows one disc: A's if A turns, else B's (at least one turns).
    let turns_a = motion_a.angular_velocity != 0.0;
    let disc_a = turns_a.then(|| disc(a, motion_a, reach));
    let disc_b = (motion_b.angular_velocity != 0.0)
        .then(|| disc(b, motion_b, if turns_a { 0.0 } else { reach }));
    // A disc out of the working range rules nothing out.
    if matches!(disc_a, Some(None)) || matches!(disc_b, Some(None)) {
        return false;
    }
    let (shape_a, start_a) = match &disc_a {
        Some(Some((disc, center))) => (disc, *center),
        _ => (a, motion_a.start),
    };
    let (shape_b, start_b) = match &disc_b {
        Some(Some((disc, center))) => (disc, *center),
        _ => (b, motion_b.start),
    };
    let (velocity_a, velocity_b) = (motion_a.linear_velocity, motion_b.linear_velocity);
    cast_shape(shape_a, &start_a, velocity_a, shape_b, &start_b, velocity_b).is_none()
}

/// [`advance`] part pair by part pair (see the module docs), the earliest stop winning.
///
/// ```text
/// for each part pair (i, j): its bounding circles' gap at time 0 over the fastest
///     their centres close (|v_B − v_A| + |ω_A|·|c_i − centre_A| + |ω_B|·|c_j − centre_B|)
///     is the earliest time they can meet; keep the pairs that can meet by time 1
/// by earliest time, while it lies before the best stop:
///     advance the pair (its own turning radii), up to the best stop; keep the earlier
/// ```
fn advance_parts(
    a: &Shape,
    motion_a: &RigidMotion,
    b: &Shape,
    motion_b: &RigidMotion,
    closing: &Closing,
) -> Advance {
    // Each part's bounding circle placed at the start, its centre's distance from the
    // centre of rotation, and its farthest point's.
    let circles = |shape: &Shape, motion: &RigidMotion| -> Vec<(Vec2, f32, f32, f32)> {
        let whole = motion.turning_radius(shape);
        (0..shape.part_count())
            .map(|index| {
                let (center, radius) = part_bounds(shape, index);
                let arm = center.distance(motion.local_center);
                let start = motion.start.transform_point(center);
                (start, radius, arm, (arm + radius).min(whole))
            })
            .collect()
    };
    let (circles_a, circles_b) = (circles(a, motion_a), circles(b, motion_b));
    let speed = closing.relative_velocity.length();
    let (spin_a, spin_b) = (
        motion_a.angular_velocity.abs(),
        motion_b.angular_velocity.abs(),
    );
    let mut candidates = Vec::new();
    for (i, &(center_a, radius_a, arm_a, _)) in circles_a.iter().enumerate() {
        for (j, &(center_b, radius_b, arm_b, _)) in circles_b.iter().enumerate() {
            let gap = center_a.distance(center_b) - radius_a - radius_b;
            let rate = speed + spin_a * arm_a + spin_b * arm_b;
            let earliest = if gap <= 0.0 { 0.0 } else { gap / rate };
            if earliest <= closing.time_limit {
                candidates.push((earliest, i, j));
            }
        }
    }
    candidates.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    let mut best = Advance::Miss;
    for (earliest, i, j) in candidates {
        if earliest > best.time() {
            break;
        }
        let pair = Closing {
            turning_speed: spin_a * circles_a[i].3 + spin_b * circles_b[j].3,
            time_limit: closing.time_limit.min(best.time()),
            ..*closing
        };
        let (turning_a, turning_b) = (
            Turning::new(a.part(i), motion_a),
            Turning::new(b.part(j), motion_b),
        );
        let stop = advance(&pair, (&turning_a, &turning_b), |iso_a, iso_b| {
            part_separation(a, i, iso_a, b, j, iso_b)
        });
        if stop.time() < best.time() {
            best = stop;
        }
    }
    best
}

/// The hit at `time` of shapes that touch or overlap then: their [`contact`]'s normal
/// and first point, or (when rounding leaves `contact` with none) the normal against
/// B's motion relative to A, or A's `+Y`, and the point halfway between them.
fn touching(
    a: &Shape,
    motion_a: &RigidMotion,
    b: &Shape,
    motion_b: &RigidMotion,
    time: f32,
) -> ShapeHit {
    let (iso_a, iso_b) = (motion_a.at(time), motion_b.at(time));
    let touching = contact(a, &iso_a, b, &iso_b);
    let relative_velocity = motion_b.linear_velocity - motion_a.linear_velocity;
    ShapeHit {
        fraction: time,
        normal: touching.as_ref().map_or_else(
            || -relative_velocity.normalize_or(iso_a.transform_vector(Vec2::Y)),
            |contact| contact.normal,
        ),
        point: touching
            .and_then(|contact| contact.points.first().copied())
            .unwrap_or((iso_a.translation + iso_b.translation) * 0.5),
    }
}
