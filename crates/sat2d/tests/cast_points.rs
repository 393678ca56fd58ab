//! The point of a shape cast lies on both shapes where they touch, in either argument
//! order (issue 23, class 5): a capsule cast past a box's corner, its cap's disc within
//! the tolerance of the corner when it crosses the plane of the box's face, put the
//! point on the capsule but beside the box.

mod common;

use common::exact::{shape_signed_distance, wide};
use common::seeded;
use common::strategies::{convex_shape, iso};
use proptest::prelude::*;
use sat2d::{Iso, Shape, ShapeHit, Vec2, cast_shape, tolerance};

/// How far `hit.point` lies from each shape's boundary at the time of the hit (A placed
/// by `iso_a` and moving by `motion_a`, B likewise).
fn off_the_shapes(
    (a, iso_a, motion_a): (&Shape, &Iso, Vec2),
    (b, iso_b, motion_b): (&Shape, &Iso, Vec2),
    hit: &ShapeHit,
) -> (f64, f64) {
    let at = |iso: &Iso, motion: Vec2| Iso {
        translation: iso.translation + motion * hit.fraction,
        rotation: iso.rotation,
    };
    let point = wide(hit.point);
    (
        shape_signed_distance(a, &at(iso_a, motion_a), point).abs(),
        shape_signed_distance(b, &at(iso_b, motion_b), point).abs(),
    )
}

/// Casts `a` (a shape, its placement and its motion) against `b` in both orders and
/// checks that each point lies on both shapes, within `allowed`. Returns how many
/// orders hit after the start.
fn check_both_orders(
    a: (&Shape, &Iso, Vec2),
    b: (&Shape, &Iso, Vec2),
    allowed: f64,
) -> Result<usize, String> {
    let mut hits = 0;
    for (first, second) in [(a, b), (b, a)] {
        let Some(hit) = cast_shape(first.0, first.1, first.2, second.0, second.1, second.2) else {
            continue;
        };
        if hit.fraction == 0.0 {
            continue;
        }
        hits += 1;
        let (off_first, off_second) = off_the_shapes(first, second, &hit);
        if off_first > allowed || off_second > allowed {
            return Err(format!(
                "{hit:?}: {off_first:e} off {:?}, {off_second:e} off {:?} (allowed {allowed:e})",
                first.0, second.0
            ));
        }
    }
    Ok(hits)
}

/// What the point may stray from a shape: a few times the pair's tolerance, plus `f32`
/// rounding on coordinates of `scale`.
fn allowed(a: &Shape, b: &Shape, scale: f32) -> f64 {
    (3.0 * tolerance(a, b) + 4e-6 * scale.max(1.0)) as f64
}

#[test]
fn a_capsule_cap_past_a_box_corner_touches_on_both_shapes() {
    // The box's corner (1, 1); the capsule's core from (0, -0.5) to (0, 0.5), radius
    // 0.5, falls onto the box's top face, its lower end `offset` right of the corner:
    // its cap crosses the plane y = 1 a hair from the corner, and touches the corner
    // a little later.
    let square = Shape::rectangle(2.0, 2.0);
    let capsule = Shape::capsule(0.5, 1.0);
    let limit = allowed(&capsule, &square, 4.0);
    for offset in [1e-3f32, 2e-3, 2.5e-3, 3e-3, 3.5e-3] {
        let start = Iso::from_translation(Vec2::new(1.0 + offset, 4.0));
        let motion = Vec2::new(0.0, -4.0);
        let hits = check_both_orders(
            (&capsule, &start, motion),
            (&square, &Iso::IDENTITY, Vec2::ZERO),
            limit,
        )
        .unwrap_or_else(|message| panic!("offset {offset}: {message}"));
        assert_eq!(hits, 2, "offset {offset}: both orders hit");
    }
}

proptest! {
    #![proptest_config(seeded(1_500))]

    /// A capsule's end brought to a box's corner, its cap's disc crossing the plane of
    /// one of the corner's faces a little beside the corner (up to a few times the
    /// width of the tolerance's window there), moving in any direction toward that face.
    #[test]
    fn capsule_caps_at_box_corners_touch_on_both_shapes(
        (width, height, turn) in (0.3f32..4.0, 0.3f32..4.0, -3.2f32..3.2),
        (radius, length, angle) in (0.05f32..1.5, 0.1f32..3.0, -3.2f32..3.2),
        (corner, face) in (0usize..4, 0usize..2),
        (beside, approach, travel, at) in (-2.0f32..2.0, -1.4f32..1.4, 0.5f32..8.0, 0.1f32..0.9),
        place in (-5.0f32..5.0, -5.0f32..5.0),
    ) {
        let square = Shape::rectangle(width, height);
        let capsule = Shape::capsule(radius, length);
        let box_iso = Iso::new(Vec2::from(place), turn);
        let half = Vec2::new(width, height) * 0.5;
        let signs = [Vec2::new(-1.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(-1.0, 1.0)][corner];
        // The corner, the face's outward normal, and the way along the face out past
        // the corner, in the box's frame.
        let (normal, past) = if face == 0 {
            (Vec2::new(signs.x, 0.0), Vec2::new(0.0, signs.y))
        } else {
            (Vec2::new(0.0, signs.y), Vec2::new(signs.x, 0.0))
        };
        let window = (2.0 * radius * tolerance(&capsule, &square)).sqrt();
        let end = half * signs + normal * radius + past * beside * window;
        // The capsule's end deeper toward the face, at `end` when it crosses the plane.
        let rotation = Iso::new(Vec2::ZERO, angle);
        let core = [Vec2::new(0.0, -length * 0.5), Vec2::new(0.0, length * 0.5)]
            .map(|point| rotation.transform_point(point));
        let deeper = if core[0].dot(normal) <= core[1].dot(normal) { core[0] } else { core[1] };
        let motion = Vec2::from_angle(approach).rotate(-normal) * travel;
        let at_plane = box_iso.transform_point(end - deeper);
        let world_motion = box_iso.rotation * motion;
        let capsule_iso = Iso::new(at_plane - world_motion * at, angle + turn);
        let scale = place.0.abs().max(place.1.abs()) + travel + width + height + length;
        check_both_orders(
            (&capsule, &capsule_iso, world_motion),
            (&square, &box_iso, Vec2::ZERO),
            allowed(&capsule, &square, scale),
        )
        .map_err(TestCaseError::fail)?;
    }

    /// Capsules and boxes anywhere, moving toward each other.
    #[test]
    fn capsule_box_casts_touch_on_both_shapes(
        (width, height, turn) in (0.3f32..4.0, 0.3f32..4.0, -3.2f32..3.2),
        (radius, length, angle) in (0.05f32..1.5, 0.1f32..3.0, -3.2f32..3.2),
        from in (-6.0f32..6.0, -6.0f32..6.0),
        (aim, motion_b) in ((-2.0f32..2.0, -2.0f32..2.0), (-1.0f32..1.0, -1.0f32..1.0)),
    ) {
        let square = Shape::rectangle(width, height);
        let capsule = Shape::capsule(radius, length);
        let capsule_iso = Iso::new(Vec2::from(from), angle);
        let box_iso = Iso::new(Vec2::ZERO, turn);
        let motion = (Vec2::from(aim) - Vec2::from(from)) * 1.5;
        let scale = from.0.abs().max(from.1.abs()) * 2.5 + width + height + length;
        check_both_orders(
            (&capsule, &capsule_iso, motion),
            (&square, &box_iso, Vec2::from(motion_b)),
            allowed(&capsule, &square, scale),
        )
        .map_err(TestCaseError::fail)?;
    }

    /// Any two convex shapes moving toward each other: the same holds for every route
    /// (polygons, circles, capsules, segments), in both orders.
    #[test]
    fn convex_casts_touch_on_both_shapes(
        a in convex_shape(),
        b in convex_shape(),
        (iso_a, iso_b) in (iso(), iso()),
        aim in (-1.0f32..1.0, -1.0f32..1.0),
    ) {
        let motion = (iso_b.translation - iso_a.translation + Vec2::from(aim)) * 1.5;
        let scale = iso_a.translation.abs().max_element().max(iso_b.translation.abs().max_element())
            + motion.length()
            + a.reach()
            + b.reach();
        check_both_orders(
            (&a, &iso_a, motion),
            (&b, &iso_b, Vec2::ZERO),
            allowed(&a, &b, scale),
        )
        .map_err(TestCaseError::fail)?;
    }
}
