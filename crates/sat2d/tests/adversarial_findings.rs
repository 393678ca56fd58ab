//! Regression tests for the adversarial review's findings (issue 13): each reproduces
//! the reported case and checks the documented behaviour. Finding 1 (shallow segment
//! crossings) lives in `segments.rs`.

use sat2d::broad_phase::{Bounds, BroadPhase, SpatialHashGrid};
use sat2d::{Aabb, Contact, Iso, Shape, ShapeError, Vec2};

fn at(x: f32, y: f32) -> Iso {
    Iso::from_translation(Vec2::new(x, y))
}

/// Moving B by the MTV plus a hair leaves the two apart.
fn mtv_separates(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso, contact: &Contact) -> bool {
    let pushed = Iso::new(
        iso_b.translation + contact.mtv() + contact.normal * 1e-4,
        iso_b.rotation.angle(),
    );
    !sat2d::intersects(a, iso_a, b, &pushed)
}

/// Finding 2: collinear segments apart along their line. `contact` says apart, and
/// `explain` must agree (the closest-features axis is added for two degenerate cores).
#[test]
fn explain_agrees_with_contact_on_collinear_segments() {
    let a = Shape::segment(Vec2::ZERO, Vec2::X);
    let b = Shape::segment(Vec2::new(2.0, 0.0), Vec2::new(3.0, 0.0));
    assert!(sat2d::contact(&a, &Iso::IDENTITY, &b, &Iso::IDENTITY).is_none());
    let explanation = sat2d::explain(&a, &Iso::IDENTITY, &b, &Iso::IDENTITY);
    assert!(explanation.separated(), "{explanation:?}");
    let deciding = &explanation.axes[explanation.deciding];
    assert!(deciding.axis.x.abs() > 0.999, "{deciding:?}");
    assert!(
        (deciding.overlap + 1.0).abs() < 1e-6,
        "gap of 1: {deciding:?}"
    );

    // Overlapping collinear segments: both agree they touch.
    let c = Shape::segment(Vec2::new(0.5, 0.0), Vec2::new(3.0, 0.0));
    assert!(sat2d::contact(&a, &Iso::IDENTITY, &c, &Iso::IDENTITY).is_some());
    assert!(!sat2d::explain(&a, &Iso::IDENTITY, &c, &Iso::IDENTITY).separated());
}

/// Finding 7: a circle centred exactly on another core. The normal is a face normal
/// of that core (the documented rule), the MTV is as short as any and separates, and
/// concentric circles keep A's local +Y.
#[test]
fn degenerate_normals_follow_the_documented_rule() {
    let capsule = Shape::capsule(0.5, 2.0); // core from (0, -1) to (0, 1)
    let circle = Shape::circle(0.5);
    let segment = Shape::segment(Vec2::ZERO, Vec2::X);
    // Each case with the core's face axis in world space: the capsule's core runs
    // along its local Y (faces ±X), the segment's along X (faces ±Y).
    let cases = [
        // A circle on a capsule's core end, both orders, and a turned capsule.
        (
            circle.clone(),
            at(0.0, 1.0),
            capsule.clone(),
            Iso::IDENTITY,
            Vec2::X,
        ),
        (
            capsule.clone(),
            at(0.0, -1.0),
            circle.clone(),
            Iso::IDENTITY,
            Vec2::X,
        ),
        (
            circle.clone(),
            at(0.0, -1.0),
            capsule.clone(),
            Iso::new(Vec2::ZERO, 0.7),
            Vec2::from_angle(0.7),
        ),
        // A circle on a segment's end, both orders.
        (
            circle.clone(),
            at(1.0, 0.0),
            segment.clone(),
            Iso::IDENTITY,
            Vec2::Y,
        ),
        (
            segment.clone(),
            Iso::IDENTITY,
            circle.clone(),
            at(1.0, 0.0),
            Vec2::Y,
        ),
    ];
    for (a, iso_a, b, iso_b, face_axis) in &cases {
        let contact = sat2d::contact(a, iso_a, b, iso_b).expect("they overlap");
        assert!(
            contact.normal.dot(*face_axis).abs() > 1.0 - 1e-5,
            "normal {} is not a face normal ({face_axis})",
            contact.normal
        );
        // Radii 0.5 + 0.5 (or 0.5 for the segment): no deeper than along the face.
        assert!(contact.depth <= 1.0 + 1e-5, "depth {}", contact.depth);
        assert!(mtv_separates(a, iso_a, b, iso_b, &contact), "{contact:?}");
    }
    // Concentric circles: A's local +Y.
    let rotated = Iso::new(Vec2::new(3.0, 4.0), 0.3);
    let contact = sat2d::contact(&circle, &rotated, &circle, &at(3.0, 4.0)).unwrap();
    assert!((contact.normal - rotated.rotation * Vec2::Y).length() < 1e-6);
}

/// Finding 8a: a finite box with half-extents from 2e19 had an infinite bounding
/// radius (the length squared overflowed), so inserting it failed.
#[test]
fn huge_boxes_have_finite_bounds() {
    let aabb = Aabb::new(Vec2::splat(-2e19), Vec2::splat(2e19));
    let bounds = Bounds::from_aabb(aabb);
    let expected = 2e19 * 2f32.sqrt();
    assert!(bounds.circle.radius.is_finite());
    assert!((bounds.circle.radius - expected).abs() <= expected * 1e-6);
    let mut grid = SpatialHashGrid::default();
    grid.insert(7, bounds, Default::default())
        .expect("a finite box is accepted");
}

/// Finding 8b: `try_rectangle` with sides whose area underflows `f32` returned a
/// polygon that tripped a debug assertion; now it refuses with a typed error. Since
/// finding 5 (the working range) such sides, and 1e-18 too, are below `MIN_SIZE`.
#[test]
fn underflowing_rectangles_are_refused_not_panicking() {
    for side in [2e-30, 1e-18] {
        assert_eq!(
            Shape::try_rectangle(side, side).unwrap_err(),
            ShapeError::OutOfRange {
                what: "rectangle width",
                value: side
            }
        );
    }
    assert!(Shape::try_rectangle(sat2d::MIN_SIZE, sat2d::MIN_SIZE).is_ok());
}

/// Found by the `construction` fuzz target: a concave outline with a near-straight
/// spike. Merging its triangles left a part of three points on a line, which turned
/// clockwise in `f32` and tripped the convex-part assertion. Flat slivers are dropped.
#[test]
fn flat_slivers_are_not_parts() {
    let outline = [
        (-0.005_667_840_6, -0.000_354_764_78),
        (-0.000_352_859_5, -0.000_354_243_33),
        (-0.000_354_243_18, -0.000_354_243_24),
        (0.119_983_144, -0.000_353_352_37),
        (-0.000_353_420_36, -0.000_487_757_7),
        (-0.000_122_073, -0.000_354_265_6),
    ]
    .map(|(x, y)| Vec2::new(x, y));
    let Shape::Concave(polygon) = Shape::polygon(&outline).expect("a simple outline") else {
        panic!("the outline is concave");
    };
    assert!(!polygon.parts().is_empty());
    for part in polygon.parts() {
        assert!(part.metrics().area > 0.0, "{part:?}");
    }
    let parts_area: f32 = polygon.parts().iter().map(|p| p.metrics().area).sum();
    let area = polygon.metrics().area;
    assert!(
        (parts_area - area).abs() <= area * 1e-3,
        "{parts_area} vs {area}"
    );
}

/// Found by the `queries` fuzz target: a ray starting on a segment (in it by
/// `contains_point`'s tolerance, off it by rounding) missed, where a ray that starts
/// on the boundary must hit at distance 0.
#[test]
fn a_ray_starting_on_the_boundary_hits_at_zero() {
    let segment = Shape::segment(Vec2::new(12.4, 12.4), Vec2::new(-150.0, -150.0));
    let iso = Iso::new(Vec2::new(-300.0, -300.0), 3.4);
    for t in [0.0, 0.13, 0.5, 0.77, 1.0] {
        let on = iso.transform_point(Vec2::new(12.4, 12.4).lerp(Vec2::new(-150.0, -150.0), t));
        assert!(sat2d::contains_point(&segment, &iso, on));
        for direction in [Vec2::X, Vec2::Y, Vec2::new(-0.6, 0.8)] {
            let ray = sat2d::Ray::new(on, direction);
            for reach in [0.0, 1.0] {
                let hit = sat2d::cast_ray(&segment, &iso, &ray, reach)
                    .unwrap_or_else(|| panic!("missed at t {t}, {direction}, reach {reach}"));
                assert_eq!(hit.distance, 0.0);
                assert_eq!(hit.normal, -direction);
            }
        }
    }
}
