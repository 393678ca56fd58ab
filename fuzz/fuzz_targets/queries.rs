//! `cast_ray`, `cast_shape` and `distance` on arbitrary shapes, placements and
//! motions: answers are finite and in range, a ray from inside hits at 0, a cast's
//! shapes touch at its fraction and do not overlap a little before, and `distance` is zero
//! exactly for overlapping pairs (within the tolerance).
#![no_main]

#[path = "common.rs"]
mod common;

use arbitrary::Arbitrary;
use common::{FuzzIso, FuzzMotion, FuzzShape, finite, resolution, unit};
use libfuzzer_sys::fuzz_target;
use sat2d::{Iso, Ray};

#[derive(Arbitrary, Debug)]
struct Input {
    a: FuzzShape,
    iso_a: FuzzIso,
    b: FuzzShape,
    iso_b: FuzzIso,
    motion_a: FuzzMotion,
    motion_b: FuzzMotion,
    ray_origin: FuzzIso,
    ray_reach: u16,
}

fn moved(iso: &Iso, by: sat2d::Vec2) -> Iso {
    Iso::new(iso.translation + by, iso.rotation.angle())
}

fuzz_target!(|input: Input| {
    let (Some(a), Some(b)) = (input.a.build(), input.b.build()) else {
        return;
    };
    let (iso_a, iso_b) = (input.iso_a.iso(), input.iso_b.iso());
    // The shapes' tolerance, widened to what f32 resolves at their placements.
    let tolerance = sat2d::tolerance(&a, &b) + resolution(&[iso_a, iso_b]);

    // Ray against A.
    let origin_iso = input.ray_origin.iso();
    let direction = origin_iso.rotation * sat2d::Vec2::X;
    let ray = Ray::new(origin_iso.translation, direction);
    let reach = f32::from(input.ray_reach) / 64.0;
    if let Some(hit) = sat2d::cast_ray(&a, &iso_a, &ray, reach) {
        finite("ray distance", hit.distance);
        assert!((0.0..=reach).contains(&hit.distance), "{hit:?}");
        unit("ray normal", hit.normal);
        assert!(hit.point.is_finite());
    }
    if sat2d::contains_point(&a, &iso_a, ray.origin()) {
        let hit = sat2d::cast_ray(&a, &iso_a, &ray, reach).expect("a ray from inside hits");
        assert_eq!(hit.distance, 0.0, "{hit:?}");
    }

    // Distance against overlap.
    let gap = sat2d::distance(&a, &iso_a, &b, &iso_b);
    finite("distance", gap);
    assert!(gap >= 0.0);
    let intersects = sat2d::intersects(&a, &iso_a, &b, &iso_b);
    if intersects {
        assert!(gap <= 4.0 * tolerance, "overlapping but {gap} apart");
    } else {
        assert!(gap > 0.0 || tolerance == 0.0, "apart but distance 0");
    }

    // Shape cast.
    let (motion_a, motion_b) = (input.motion_a.motion(), input.motion_b.motion());
    let Some(hit) = sat2d::cast_shape(&a, &iso_a, motion_a, &b, &iso_b, motion_b) else {
        return;
    };
    finite("fraction", hit.fraction);
    assert!((0.0..=1.0).contains(&hit.fraction), "{hit:?}");
    unit("cast normal", hit.normal);
    assert!(hit.point.is_finite());
    let at = |fraction: f32| {
        (
            moved(&iso_a, motion_a * fraction),
            moved(&iso_b, motion_b * fraction),
        )
    };
    let (touch_a, touch_b) = at(hit.fraction);
    let touching_gap = sat2d::distance(&a, &touch_a, &b, &touch_b);
    assert!(
        touching_gap <= 50.0 * tolerance,
        "at the fraction they are {touching_gap} apart: {hit:?}"
    );
    // A little before the fraction they may still touch within the tolerance (a
    // grazing approach closes the gap slowly), but they must not overlap.
    let speed = (motion_b - motion_a).length();
    let back = 100.0 * tolerance / speed.max(f32::MIN_POSITIVE);
    if hit.fraction > back && speed > 0.0 {
        let (before_a, before_b) = at(hit.fraction - back);
        if let Some(contact) = sat2d::contact(&a, &before_a, &b, &before_b) {
            assert!(
                contact.depth <= 4.0 * tolerance,
                "overlapping by {} before the fraction: {hit:?}",
                contact.depth
            );
        }
    }
});
