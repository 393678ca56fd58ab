//! [`bounding_discs_apart`]: the test that rules a pair out before any routine reads a
//! face. Works in world space.
//!
//! Each shape lies in the disc of radius [`Shape::reach`] about its local origin, so two
//! shapes whose discs miss by more than any routine accepts as touching cannot touch.
//! Two `f32` subtractions and a square beside a routine's two face scans: most pairs a
//! game asks about that do not touch stop here (about two thirds of the apart pairs of
//! the narrow-phase bench).

use glam::Vec2;

use crate::{Iso, Shape};

/// How far past its outline a shape's touching region reaches, per unit of tolerance:
/// a polygon's tolerance is a height over its face planes, which puts the region's
/// vertices up to the polygon's sharpest miter out (a spike of 1.5°: 76 times); a
/// disc's, a capsule's or a segment's is a distance (1). `None` for a concave polygon,
/// which no reject covers (its parts have their own trees).
pub(crate) fn miter_of(shape: &Shape) -> Option<f32> {
    match shape {
        Shape::Polygon(polygon) => Some(polygon.miter()),
        Shape::Concave(_) => None,
        Shape::Circle(_) | Shape::Segment(_) | Shape::Capsule(_) => Some(1.0),
    }
}

/// The margin a reject keeps past the bounding discs for a touch accepted within
/// `tolerance` (a distance, or a height over the faces of a polygon of this `miter`) and
/// the rounding of coordinates up to `coordinates` (an `|x| + |y|` sum of everything
/// the test reads):
///
/// ```text
/// margin = miter × (tolerance + 16ε · coordinates)
/// ```
/// The exact routines push faces out by at most `2ε ×` the coordinates they are formed
/// from; the margin holds that several times over.
pub(crate) fn reject_margin(miter: f32, tolerance: f32, coordinates: f32) -> f32 {
    miter * (tolerance + 16.0 * f32::EPSILON * coordinates)
}

/// The `|x| + |y|` of `point`: a bound on its length with no square root.
pub(crate) fn manhattan(point: Vec2) -> f32 {
    point.abs().element_sum()
}

/// Whether A and B are surely apart: their bounding discs miss by more than twice
/// `tolerance` (the pair's) times the sharper shape's miter, plus rounding. `false`
/// when either is concave, or when the discs come nearer.
///
/// ```text
/// limit = reach(A) + reach(B) + reject_margin(max miter, 2 · tolerance,
///                                             |t_A|₁ + |t_B|₁ + 4 · (reach(A) + reach(B)))
/// apart = |t_B − t_A|² > limit²
/// ```
#[inline]
pub(crate) fn bounding_discs_apart(
    a: &Shape,
    iso_a: &Iso,
    b: &Shape,
    iso_b: &Iso,
    tolerance: f32,
) -> bool {
    let (Some(miter_a), Some(miter_b)) = (miter_of(a), miter_of(b)) else {
        return false;
    };
    let reach = a.reach() + b.reach();
    let coordinates = manhattan(iso_a.translation) + manhattan(iso_b.translation) + 4.0 * reach;
    let limit = reach + reject_margin(miter_a.max(miter_b), 2.0 * tolerance, coordinates);
    iso_a.translation.distance_squared(iso_b.translation) > limit * limit
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::{contact_routed, intersects_routed};
    use crate::tolerance;

    /// A random shape of any convex kind, needle-sharp polygons included.
    fn random_shape(rng: &mut fastrand::Rng) -> Shape {
        let size = 0.01 + rng.f32() * 3.0;
        match rng.usize(0..5) {
            0 => Shape::circle(size),
            1 => Shape::capsule(size * 0.3, size),
            2 => Shape::segment(Vec2::new(-size, 0.2 * size), Vec2::new(size, 0.0)),
            3 => Shape::rectangle(size, size * (0.05 + rng.f32())),
            // A needle: a triangle as sharp as 1e-3 rad at its tip, the tip its
            // farthest point.
            _ => Shape::polygon(&[
                Vec2::new(-0.5 * size, -size * 1e-3 * (1.0 + rng.f32() * 50.0)),
                Vec2::new(size, 0.0),
                Vec2::new(-0.5 * size, size * 1e-3 * (1.0 + rng.f32() * 50.0)),
            ])
            .expect("a triangle"),
        }
    }

    /// The angle, in the shape's frame, of a point of it at its reach from the origin.
    fn farthest_angle(shape: &Shape) -> f32 {
        let farthest = |points: &[Vec2]| {
            points
                .iter()
                .copied()
                .max_by(|p, q| p.length_squared().total_cmp(&q.length_squared()))
                .map_or(0.0, Vec2::to_angle)
        };
        match shape {
            Shape::Polygon(polygon) => farthest(polygon.points()),
            Shape::Segment(segment) => farthest(&[segment.a(), segment.b()]),
            Shape::Capsule(_) => core::f32::consts::FRAC_PI_2,
            _ => 0.0,
        }
    }

    /// On pairs placed around the edge of the reject (the discs missing by up to a few
    /// margins either way), far from the origin too: every pair the reject rules out is
    /// apart for the exact routines, `intersects` and `contact` alike.
    #[test]
    fn a_rejected_pair_is_apart_for_the_exact_routines() {
        let mut rng = fastrand::Rng::with_seed(31);
        let (mut rejected, mut touching_near_the_edge) = (0, 0);
        for case in 0..60_000 {
            let (a, b) = (random_shape(&mut rng), random_shape(&mut rng));
            let far = [0.0, 1e3, 1e5][case % 3];
            // Each turned so that a point at its reach faces the other: the discs'
            // nearest points are the shapes' own (a needle's tip at a needle's tip).
            let direction = Vec2::from_angle(rng.f32() * 7.0);
            let iso_a = Iso::new(
                Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * far,
                direction.to_angle() - farthest_angle(&a),
            );
            let tolerance = tolerance(&a, &b);
            let margin = reject_margin(
                miter_of(&a).unwrap().max(miter_of(&b).unwrap()),
                2.0 * tolerance,
                2.0 * manhattan(iso_a.translation) + 4.0 * (a.reach() + b.reach()),
            );
            let gap = (rng.f32() * 6.0 - 3.0) * margin;
            let iso_b = Iso::new(
                iso_a.translation + direction * (a.reach() + b.reach() + gap),
                (-direction).to_angle() - farthest_angle(&b),
            );
            let touching = intersects_routed(&a, &iso_a, &b, &iso_b, tolerance);
            if bounding_discs_apart(&a, &iso_a, &b, &iso_b, tolerance) {
                rejected += 1;
                assert!(
                    !touching,
                    "case {case}: {a:?} at {iso_a:?}, {b:?} at {iso_b:?}"
                );
                assert!(
                    contact_routed(&a, &iso_a, &b, &iso_b, tolerance).is_none(),
                    "case {case}"
                );
            } else if touching {
                touching_near_the_edge += 1;
            }
        }
        assert!(
            rejected > 10_000 && touching_near_the_edge > 100,
            "{rejected} rejected, {touching_near_the_edge} touching near the edge"
        );
    }

    #[test]
    fn concave_shapes_are_never_rejected() {
        let l = Shape::polygon(&[
            Vec2::ZERO,
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ])
        .expect("an L");
        let far = Iso::from_translation(Vec2::new(1e3, 0.0));
        assert!(!bounding_discs_apart(&l, &Iso::IDENTITY, &l, &far, 1e-5));
        let circle = Shape::circle(1.0);
        assert!(bounding_discs_apart(
            &circle,
            &Iso::IDENTITY,
            &circle,
            &far,
            1e-5
        ));
    }
}
