//! [`cast_shape`]: when and where two shapes moving in straight lines first touch.
//!
//! Every pair is a ray cast against a rounded convex core, the frame chosen by the
//! [`route`]:
//!
//! | route | the ray | against | frame |
//! |---|---|---|---|
//! | circle–circle | B's centre, moving | A's centre grown by both radii | world |
//! | polygon–circle | the circle's centre | the polygon's faces' planes, grown by the radius | the polygon's |
//! | swept discs, one a circle | that circle's centre | the other's segment, grown | world |
//! | other convex pairs | the origin | the Minkowski difference `A ⊖ B`, read through its faces' planes | A's |
//! | concave | the origin | `A_i ⊖ B_j`, part pair by part pair | A's |
//!
//! A circle needs no difference: B's centre moving by `t · m` touches A exactly when
//! it comes within `r_B` of A, so the ray from B's centre meets A grown by `r_B`.
//! When the circle is A, its centre moves by `−m` relative to B instead. The sweeps
//! themselves are in `sweep.rs`.

use glam::Vec2;

use super::sweep::{
    Sweep, SweepOf, sweep_center, sweep_cores, sweep_discs, sweep_misses_bounds, sweep_parts,
};
use crate::math::{both_in_range, coordinates_in_range};
use crate::query::core_form::on_convex_pair;
use crate::query::route::{Route, route};
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Iso, Shape, ShapeHit, contact, tolerance};

/// When A, placed by `iso_a` and moving by `motion_a`, and B, placed by `iso_b` and
/// moving by `motion_b`, first touch during one unit of time, or `None` if they never
/// do. This cast moves the shapes in straight lines, each keeping its rotation, and is
/// exact; for shapes that also turn during the unit of time, see
/// [`cast_turning_shape`](crate::cast_turning_shape).
///
/// Shapes that touch or overlap at the start give `fraction` 0 and their
/// [`contact`]'s normal and first point. Otherwise the point lies on both shapes
/// where they touch (within the pair's [`tolerance`]), in either argument order. For
/// concave shapes the first part pair to touch wins, and the normal is one of each
/// concave shape's whole boundary there (at a boundary vertex, inside its normal
/// cone), never the normal of an edge between two parts. Returns `None` when an `Iso`
/// is not [in range](Iso::is_in_range) or a motion is not finite or beyond the
/// working range.
///
/// Exact, with no iteration: B's motion relative to A is a ray from the origin, cast
/// against the Minkowski difference `A ⊖ B` (a rounded polygon); where the ray enters
/// it, the shapes touch. A circle's centre is cast against the other shape grown by
/// its radius instead, with no difference to build.
///
/// ```
/// use sat2d::{Iso, Shape, Vec2};
/// let floor = Shape::rectangle(20.0, 2.0); // top face at y = 1
/// let crate_ = Shape::rectangle(2.0, 2.0);
/// let above = Iso::from_translation(Vec2::new(0.0, 5.0));
/// // The crate falls 8 units: its bottom (y = 4) meets the floor after 3 of them.
/// let hit = sat2d::cast_shape(&crate_, &above, Vec2::new(0.0, -8.0), &floor, &Iso::IDENTITY, Vec2::ZERO)
///     .unwrap();
/// assert!((hit.fraction - 3.0 / 8.0).abs() < 1e-5);
/// assert!((hit.normal - Vec2::NEG_Y).length() < 1e-5); // from the crate (A) to the floor (B)
/// assert!((hit.point.y - 1.0).abs() < 1e-4);
/// ```
#[must_use]
pub fn cast_shape(
    a: &Shape,
    iso_a: &Iso,
    motion_a: Vec2,
    b: &Shape,
    iso_b: &Iso,
    motion_b: Vec2,
) -> Option<ShapeHit> {
    if !(both_in_range(iso_a, iso_b)
        && coordinates_in_range(motion_a)
        && coordinates_in_range(motion_b))
    {
        return None;
    }
    // B's motion relative to A, in world space.
    let motion = motion_b - motion_a;
    // Each arm answers in its own frame (placed in the world by `frame`), in which A
    // (`still_a`) or B stands still.
    let (sweep, frame, still_a) = match route(a, iso_a, b, iso_b) {
        Route::CircleCircle(circles) => {
            let grown = RoundedConvex {
                points: core::slice::from_ref(&circles.center_a),
                normals: &[],
                radius: circles.radius_a + circles.radius_b,
            };
            let sweep = sweep_center(grown, circles.center_b, motion, circles.radius_b)?;
            (sweep, Iso::IDENTITY, true)
        }
        Route::PolygonCircle(pair) => {
            // The polygon stands still; the circle's centre moves (by `−m` when it is A).
            let motion = pair.polygon_iso.inverse_transform_vector(motion);
            let circle = pair.circle();
            let flipped = pair.flipped;
            let (toward, tolerance) = (if flipped { -motion } else { motion }, tolerance(a, b));
            let sweep = match pair.polygon.lane_view() {
                Some(lanes) => sweep_cores(&lanes, &circle, toward, 1.0, tolerance),
                None => sweep_cores(&pair.polygon.rounded(), &circle, toward, 1.0, tolerance),
            }?;
            (
                if flipped { sweep.flipped() } else { sweep },
                *pair.polygon_iso,
                !flipped,
            )
        }
        Route::SweptDiscs(disc_a, disc_b) => {
            let (sweep, still_a) = sweep_discs(&disc_a, &disc_b, motion, tolerance(a, b))?;
            (sweep, Iso::IDENTITY, still_a)
        }
        Route::Convex => {
            let motion = iso_a.inverse_transform_vector(motion);
            let relative = iso_a.inverse_mul(iso_b);
            let tolerance = tolerance(a, b);
            if sweep_misses_bounds(a, b, &relative, motion, tolerance) {
                return None;
            }
            let routine = SweepOf {
                motion,
                max_fraction: 1.0,
                tolerance,
            };
            (on_convex_pair(a, b, &relative, routine)?, *iso_a, true)
        }
        Route::Concave => {
            let motion = iso_a.inverse_transform_vector(motion);
            let relative = iso_a.inverse_mul(iso_b);
            (
                sweep_parts(a, b, &relative, motion, tolerance(a, b))?,
                *iso_a,
                true,
            )
        }
    };
    Some(match sweep {
        Sweep::Touching => {
            let touching = contact(a, iso_a, b, iso_b);
            ShapeHit {
                fraction: 0.0,
                normal: touching.as_ref().map_or_else(
                    || -motion.normalize_or(iso_a.transform_vector(Vec2::Y)),
                    |contact| contact.normal,
                ),
                point: touching
                    .and_then(|contact| contact.points.first().copied())
                    .unwrap_or((iso_a.translation + iso_b.translation) * 0.5),
            }
        }
        Sweep::Hit {
            fraction,
            point,
            normal,
        } => ShapeHit {
            fraction,
            point: frame.transform_point(point)
                + if still_a { motion_a } else { motion_b } * fraction,
            normal: frame.transform_vector(normal),
        },
    })
}
