//! Constructors: every bad-input class gives its typed error, good input is normalised.

use sat2d::{
    ConcavePolygon, ConvexPolygon, MAX_POLYGON_POINTS, Shape, ShapeError, ShapeKind, Vec2,
};

fn square() -> Vec<Vec2> {
    vec![
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(0.0, 1.0),
    ]
}

#[test]
fn sizes_must_be_finite_and_positive() {
    for bad in [0.0, -1.0, f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        assert!(matches!(
            Shape::try_circle(bad),
            Err(ShapeError::InvalidSize {
                what: "circle radius",
                ..
            })
        ));
        assert!(matches!(
            Shape::try_rectangle(bad, 1.0),
            Err(ShapeError::InvalidSize {
                what: "rectangle width",
                ..
            })
        ));
        assert!(matches!(
            Shape::try_rectangle(1.0, bad),
            Err(ShapeError::InvalidSize {
                what: "rectangle height",
                ..
            })
        ));
        assert!(matches!(
            Shape::try_capsule(bad, 1.0),
            Err(ShapeError::InvalidSize {
                what: "capsule radius",
                ..
            })
        ));
    }
    for bad in [-1.0, f32::NAN, f32::INFINITY] {
        assert!(matches!(
            Shape::try_capsule(1.0, bad),
            Err(ShapeError::InvalidLength {
                what: "capsule length",
                ..
            })
        ));
    }
}

#[test]
fn a_capsule_of_zero_length_is_a_circle() {
    assert_eq!(Shape::capsule(2.0, 0.0).kind(), ShapeKind::Circle);
    assert_eq!(Shape::capsule(2.0, 1.0).kind(), ShapeKind::Capsule);
}

#[test]
#[should_panic(
    expected = "Shape::circle: circle radius must be finite and greater than zero, got -1"
)]
fn plain_constructors_panic_with_the_error_message() {
    let _ = Shape::circle(-1.0);
}

#[test]
fn segments_need_two_distinct_finite_ends() {
    assert_eq!(
        Shape::try_segment(Vec2::ONE, Vec2::ONE),
        Err(ShapeError::DegenerateSegment)
    );
    assert_eq!(
        Shape::try_segment(Vec2::new(f32::NAN, 0.0), Vec2::ONE),
        Err(ShapeError::NonFinitePoint { index: 0 })
    );
    assert_eq!(
        Shape::try_segment(Vec2::ZERO, Vec2::new(0.0, f32::INFINITY)),
        Err(ShapeError::NonFinitePoint { index: 1 })
    );
}

#[test]
fn non_finite_points_are_named() {
    let mut points = square();
    points[2].y = f32::NAN;
    assert_eq!(
        Shape::polygon(&points),
        Err(ShapeError::NonFinitePoint { index: 2 })
    );
    points[2].y = f32::NEG_INFINITY;
    assert_eq!(
        Shape::polygon(&points),
        Err(ShapeError::NonFinitePoint { index: 2 })
    );
}

#[test]
fn too_few_distinct_points() {
    assert_eq!(
        Shape::polygon(&[]),
        Err(ShapeError::TooFewPoints { distinct: 0 })
    );
    assert_eq!(
        Shape::polygon(&[Vec2::ONE]),
        Err(ShapeError::TooFewPoints { distinct: 1 })
    );
    // Duplicates (also the closing point repeating the first) are merged first.
    assert_eq!(
        Shape::polygon(&[Vec2::ZERO, Vec2::ZERO, Vec2::X, Vec2::X, Vec2::ZERO]),
        Err(ShapeError::TooFewPoints { distinct: 2 })
    );
}

#[test]
fn collinear_points_have_zero_area() {
    let line: Vec<Vec2> = (0..10)
        .map(|i| Vec2::new(i as f32, 2.0 * i as f32))
        .collect();
    assert_eq!(Shape::polygon(&line), Err(ShapeError::ZeroArea));
    assert_eq!(Shape::convex_hull(&line), Err(ShapeError::ZeroArea));
}

#[test]
fn duplicate_consecutive_points_are_merged() {
    let points = vec![
        Vec2::new(0.0, 0.0),
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(0.0, 1.0),
        Vec2::new(0.0, 0.0),
    ];
    let Shape::Polygon(polygon) = Shape::polygon(&points).unwrap() else {
        panic!("a square is convex");
    };
    assert_eq!(polygon.points().len(), 4);
}

#[test]
fn self_intersecting_outlines_are_rejected() {
    // A bow tie: edges 0 and 2 cross.
    let bow_tie = [
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(0.0, 1.0),
    ];
    assert_eq!(
        Shape::polygon(&bow_tie),
        Err(ShapeError::SelfIntersecting {
            first: 0,
            second: 2
        })
    );
    // An outline that touches itself at a vertex.
    let touching = [
        Vec2::new(0.0, 0.0),
        Vec2::new(4.0, 0.0),
        Vec2::new(4.0, 4.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(0.0, 4.0),
    ];
    assert!(matches!(
        Shape::polygon(&touching),
        Err(ShapeError::SelfIntersecting { .. })
    ));
    // A zero-width spike doubling back on itself.
    let spike = [
        Vec2::new(0.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 2.0),
        Vec2::new(2.0, 4.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(0.0, 2.0),
    ];
    assert!(matches!(
        Shape::polygon(&spike),
        Err(ShapeError::SelfIntersecting { .. })
    ));
}

#[test]
fn the_vertex_cap_is_enforced() {
    let circle = |count: usize| -> Vec<Vec2> {
        (0..count)
            .map(|i| Vec2::from_angle(i as f32 * core::f32::consts::TAU / count as f32) * 100.0)
            .collect()
    };
    const { assert!(MAX_POLYGON_POINTS >= 1024) };
    // At the cap a polygon is accepted (some points may merge as collinear, never an error).
    assert!(Shape::polygon(&circle(MAX_POLYGON_POINTS)).is_ok());
    assert_eq!(
        Shape::polygon(&circle(MAX_POLYGON_POINTS + 1)),
        Err(ShapeError::TooManyPoints {
            count: MAX_POLYGON_POINTS + 1,
            max: MAX_POLYGON_POINTS
        })
    );
}

#[test]
fn a_large_concave_outline_decomposes() {
    // 1024-point star: alternate radii make every other corner reflex.
    let count = 1024;
    let points: Vec<Vec2> = (0..count)
        .map(|i| {
            let radius = if i % 2 == 0 { 100.0 } else { 80.0 };
            Vec2::from_angle(i as f32 * core::f32::consts::TAU / count as f32) * radius
        })
        .collect();
    let Shape::Concave(star) = Shape::polygon(&points).unwrap() else {
        panic!("a star is concave");
    };
    assert_eq!(star.triangles().len(), count - 2);
    let parts_area: f32 = star.parts().iter().map(|part| part.metrics().area).sum();
    let area = star.metrics().area;
    assert!((parts_area - area).abs() < area * 1e-4);
    assert!(star.parts().len() < star.triangles().len());
}

#[test]
fn winding_is_normalised_to_counter_clockwise() {
    let mut clockwise = square();
    clockwise.reverse();
    for points in [square(), clockwise] {
        let polygon = ConvexPolygon::try_new(&points).unwrap();
        assert!(polygon.metrics().area > 0.0);
        for (point, normal) in polygon.points().iter().zip(polygon.normals()) {
            // Every other vertex lies behind each face.
            for other in polygon.points() {
                assert!(normal.dot(*other - *point) <= 1e-6);
            }
        }
    }
}

#[test]
fn convex_and_concave_constructors_check_their_kind() {
    let l_shape = [
        Vec2::new(0.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(1.0, 2.0),
        Vec2::new(0.0, 2.0),
    ];
    assert_eq!(ConvexPolygon::try_new(&l_shape), Err(ShapeError::NotConvex));
    assert_eq!(
        ConcavePolygon::try_new(&square()),
        Err(ShapeError::NotConcave)
    );
    let concave = ConcavePolygon::try_new(&l_shape).unwrap();
    assert_eq!(concave.parts().len(), 2);
    assert_eq!(Shape::polygon(&l_shape).unwrap().kind(), ShapeKind::Concave);
}

#[test]
fn convex_hull_drops_interior_points() {
    let mut points = square();
    points.push(Vec2::splat(0.5));
    points.push(Vec2::new(0.5, 0.0)); // on an edge
    let Shape::Polygon(hull) = Shape::convex_hull(&points).unwrap() else {
        panic!("a hull is convex");
    };
    assert_eq!(hull.points().len(), 4);
}

#[test]
fn regular_polygons_start_at_the_top() {
    let Shape::Polygon(hexagon) = Shape::regular_polygon(2.0, 6).unwrap() else {
        panic!("convex");
    };
    assert_eq!(hexagon.points().len(), 6);
    assert!(
        hexagon
            .points()
            .iter()
            .any(|p| (*p - Vec2::new(0.0, 2.0)).length() < 1e-5)
    );
    assert_eq!(
        Shape::regular_polygon(2.0, 2),
        Err(ShapeError::TooFewPoints { distinct: 2 })
    );
}

#[test]
fn concave_parts_cover_the_outline_exactly() {
    // Points inside the outline are inside some part, and points outside are in none.
    let comb: Vec<Vec2> = vec![
        Vec2::new(0.0, 0.0),
        Vec2::new(5.0, 0.0),
        Vec2::new(5.0, 3.0),
        Vec2::new(4.0, 3.0),
        Vec2::new(4.0, 1.0),
        Vec2::new(3.0, 1.0),
        Vec2::new(3.0, 3.0),
        Vec2::new(2.0, 3.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(1.0, 3.0),
        Vec2::new(0.0, 3.0),
    ];
    let shape = Shape::polygon(&comb).unwrap();
    let iso = sat2d::Iso::IDENTITY;
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..2_000 {
        let point = Vec2::new(rng.f32() * 7.0 - 1.0, rng.f32() * 5.0 - 1.0);
        let in_tooth =
            |x0: f32| point.x > x0 && point.x < x0 + 1.0 && point.y > 0.0 && point.y < 3.0;
        let strictly_inside = (point.y > 0.0 && point.y < 1.0 && point.x > 0.0 && point.x < 5.0)
            || in_tooth(0.0)
            || in_tooth(2.0)
            || in_tooth(4.0);
        let far_outside = !Shape::rectangle(5.2, 3.2)
            .aabb(&sat2d::Iso::from_translation(Vec2::new(2.5, 1.5)))
            .contains_point(point)
            || (point.y > 1.05
                && ((point.x > 1.05 && point.x < 1.95) || (point.x > 3.05 && point.x < 3.95)));
        if strictly_inside {
            assert!(
                sat2d::contains_point(&shape, &iso, point),
                "{point} should be inside"
            );
        }
        if far_outside {
            assert!(
                !sat2d::contains_point(&shape, &iso, point),
                "{point} should be outside"
            );
        }
    }
}

#[test]
fn scaling_is_exact_for_polygons_and_conservative_for_round_shapes() {
    let rectangle = Shape::rectangle(2.0, 1.0);
    let scaled = rectangle.try_scaled(Vec2::new(3.0, -2.0)).unwrap();
    assert_eq!(scaled.local_aabb().size(), Vec2::new(6.0, 2.0));
    assert!(rectangle.scales_exactly(Vec2::new(3.0, -2.0)));

    let circle = Shape::circle(1.0);
    assert!(!circle.scales_exactly(Vec2::new(1.0, 2.0)));
    let Shape::Circle(scaled) = circle.try_scaled(Vec2::new(1.0, -2.0)).unwrap() else {
        panic!("a scaled circle is a circle");
    };
    assert_eq!(scaled.radius(), 2.0);

    let Shape::Capsule(capsule) = Shape::capsule(1.0, 2.0)
        .try_scaled(Vec2::new(3.0, 0.5))
        .unwrap()
    else {
        panic!("a scaled capsule is a capsule");
    };
    assert_eq!((capsule.radius(), capsule.half_length()), (3.0, 0.5));

    assert!(matches!(
        rectangle.try_scaled(Vec2::new(0.0, 1.0)),
        Err(ShapeError::InvalidSize { .. })
    ));
    assert!(matches!(
        rectangle.try_scaled(Vec2::new(1.0, f32::NAN)),
        Err(ShapeError::InvalidSize { .. })
    ));
}
