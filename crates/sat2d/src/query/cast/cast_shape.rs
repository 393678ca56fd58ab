//! [`cast_shape`]: when and where two shapes moving in straight lines first touch.

use glam::Vec2;

use crate::query::kernel::{Feature, ray_entry};
use crate::query::minkowski_difference::MinkowskiDifference;
use crate::query::parts::Parts;
use crate::query::route::{Route, route};
use crate::query::transformed_core::TransformedCore;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Iso, Shape, ShapeHit, contact};

/// When A, placed by `iso_a` and moving by `motion_a`, and B, placed by `iso_b` and
/// moving by `motion_b`, first touch during one unit of time, or `None` if they never
/// do. Translation only: neither shape turns during the sweep.
///
/// Shapes that touch or overlap at the start give `fraction` 0 and their
/// [`contact`]'s normal and first point. For concave shapes the first part pair to
/// touch wins. Returns `None` when an `Iso` or a motion is not finite.
///
/// Exact, with no iteration: B's motion relative to A is a ray from the origin, cast
/// against the Minkowski difference `A ⊖ B` (a rounded polygon); where the ray enters
/// it, the shapes touch.
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
    if !(iso_a.is_finite() && iso_b.is_finite() && motion_a.is_finite() && motion_b.is_finite()) {
        return None;
    }
    let motion = iso_a.inverse_transform_vector(motion_b - motion_a);
    let relative = iso_a.inverse_mul(iso_b);
    let sweep = match route(a, iso_a, b, iso_b) {
        Route::Concave => sweep_parts(a, b, &relative, motion),
        _ => sweep_cores(
            a.part(0),
            TransformedCore::new(b.part(0), &relative).view(),
            motion,
            1.0,
        ),
    }?;
    Some(match sweep {
        Sweep::Touching => {
            let touching = contact(a, iso_a, b, iso_b);
            ShapeHit {
                fraction: 0.0,
                normal: touching.as_ref().map_or_else(
                    || iso_a.transform_vector(-motion.normalize_or(Vec2::Y)),
                    |contact| contact.normal,
                ),
                point: touching
                    .and_then(|contact| contact.points.first().copied())
                    .unwrap_or((iso_a.translation + iso_b.translation) * 0.5),
            }
        }
        Sweep::Hit {
            fraction,
            on_a,
            normal,
        } => ShapeHit {
            fraction,
            point: iso_a.transform_point(on_a) + motion_a * fraction,
            normal: iso_a.transform_vector(normal),
        },
    })
}

/// How a sweep in A's frame ended.
#[derive(Clone, Copy, Debug)]
enum Sweep {
    /// Touching or overlapping at the start.
    Touching,
    /// First touch at `fraction`, at `on_a` (A's surface, A's frame), normal A → B.
    Hit {
        fraction: f32,
        on_a: Vec2,
        normal: Vec2,
    },
}

impl Sweep {
    fn fraction(&self) -> f32 {
        match self {
            Self::Touching => 0.0,
            Self::Hit { fraction, .. } => *fraction,
        }
    }
}

/// The sweep of core B (moving by `motion`) against core A (still), both in A's frame,
/// up to `max_fraction` of the motion.
fn sweep_cores(
    a: RoundedConvex<'_>,
    b: RoundedConvex<'_>,
    motion: Vec2,
    max_fraction: f32,
) -> Option<Sweep> {
    let difference = MinkowskiDifference::new(a, b);
    let view = difference.view();
    let length = motion.length();
    let Some(direction) = motion.try_normalize() else {
        // No relative motion: touching now or never.
        return ray_entry(view, Vec2::ZERO, Vec2::X, 0.0)
            .filter(|entry| entry.feature == Feature::Inside)
            .map(|_| Sweep::Touching);
    };
    let entry = ray_entry(view, Vec2::ZERO, direction, length * max_fraction)?;
    let core_point = match entry.feature {
        Feature::Inside => return Some(Sweep::Touching),
        Feature::Face { index, along } => difference.source_on_a(a, index, along),
        Feature::Vertex(index) => difference.source_on_a(a, index, 0.0),
    };
    Some(Sweep::Hit {
        fraction: (entry.distance / length).min(1.0),
        on_a: core_point + entry.normal * a.radius,
        normal: entry.normal,
    })
}

/// [`sweep_cores`] over every part pair whose bounding circles can meet during the
/// motion, nearest first hit winning.
fn sweep_parts(a: &Shape, b: &Shape, relative: &Iso, motion: Vec2) -> Option<Sweep> {
    let (parts_a, parts_b) = (Parts::new(a, &Iso::IDENTITY), Parts::new(b, relative));
    let (length, direction) = (motion.length(), motion.normalize_or_zero());
    let mut best: Option<Sweep> = None;
    for (core_a, (center_a, radius_a)) in parts_a.cores.iter().zip(&parts_a.bounds) {
        for (core_b, (center_b, radius_b)) in parts_b.cores.iter().zip(&parts_b.bounds) {
            let reach = best.as_ref().map_or(1.0, Sweep::fraction);
            // `A_i ⊖ B_j` lies in the disc around `c_a − c_b`: skip pairs whose disc the
            // relative motion never reaches before the best hit so far.
            let center = *center_a - *center_b;
            let radius = radius_a + radius_b;
            let along = center.dot(direction);
            if center.length() > radius
                && (center.perp_dot(direction).abs() > radius
                    || along + radius < 0.0
                    || along - radius > length * reach)
            {
                continue;
            }
            if let Some(sweep) =
                sweep_cores(core_a.form().core(), core_b.form().core(), motion, reach)
            {
                if let Sweep::Touching = sweep {
                    return Some(sweep);
                }
                if sweep.fraction() <= reach {
                    best = Some(sweep);
                }
            }
        }
    }
    best
}
