//! Class 4 (third case): a ray that ends on a segment's end, or on a capsule's core
//! end, gets a normal from the end's normal cone (facing back against the ray), not
//! the rounding of a one-ulp overshoot.

use proptest::prelude::*;
use sat2d::{Iso, Ray, Shape, Vec2};

use super::common::seeded;
use super::v;

#[test]
fn a_ray_along_a_segment_onto_its_end_faces_back() {
    let segment = Shape::segment(v(0.0, 0.0), v(4.0, 1.0));
    let ray = Ray::new(v(-4.0, -1.0), v(4.0, 1.0));
    let hit = sat2d::cast_ray(&segment, &Iso::IDENTITY, &ray, f32::INFINITY).unwrap();
    assert!(hit.point.length() < 1e-5, "{hit:?}");
    assert!(
        hit.normal.dot(v(4.0, 1.0)) <= 1e-6,
        "normal {} points into the segment",
        hit.normal
    );
    assert!((hit.normal.length() - 1.0).abs() < 1e-5);
}

proptest! {
    #![proptest_config(seeded(2000))]

    /// Rays aimed exactly at a segment's end, from any side: they hit it, and the
    /// normal lies in the end's normal cone (not pointing into the segment) and faces
    /// the ray.
    #[test]
    fn rays_onto_segment_ends_get_a_normal_from_the_end(
        start in (-5.0f32..5.0, -5.0f32..5.0),
        angle in -3.2f32..3.2,
        length in 0.5f32..6.0,
        which in any::<bool>(),
        from in -3.2f32..3.2,
        distance in 0.5f32..10.0,
    ) {
        let start = v(start.0, start.1);
        let end = start + Vec2::from_angle(angle) * length;
        let segment = Shape::segment(start, end);
        let (tip, inward) = if which { (start, end - start) } else { (end, start - end) };
        let origin = tip + Vec2::from_angle(from) * distance;
        let Ok(ray) = Ray::try_new(origin, tip - origin) else { return Ok(()) };
        let Some(hit) = sat2d::cast_ray(&segment, &Iso::IDENTITY, &ray, f32::INFINITY) else {
            // Only a ray that reaches the segment elsewhere first could do better.
            return Err(TestCaseError::fail("missed the end it was aimed at"));
        };
        prop_assert!((hit.normal.length() - 1.0).abs() < 1e-4);
        prop_assert!(hit.normal.dot(ray.direction()) <= 1e-4, "normal {} along the ray", hit.normal);
        if hit.point.distance(tip) < 1e-4 * (1.0 + tip.length()) {
            prop_assert!(
                hit.normal.dot(inward.normalize()) <= 1e-3,
                "normal {} points into the segment at its end", hit.normal
            );
        }
    }
}
