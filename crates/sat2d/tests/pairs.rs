//! Known answers for every kind of shape pair.

use core::f32::consts::{FRAC_PI_2, FRAC_PI_4};

use sat2d::{Contact, Iso, Shape, Vec2};

const EPSILON: f32 = 1e-4;

fn at(x: f32, y: f32) -> Iso {
    Iso::from_translation(Vec2::new(x, y))
}

fn contact(a: &Shape, iso_a: Iso, b: &Shape, iso_b: Iso) -> Contact {
    sat2d::contact(a, &iso_a, b, &iso_b).expect("the shapes should intersect")
}

fn assert_vec(actual: Vec2, expected: Vec2) {
    assert!(
        (actual - expected).length() < EPSILON,
        "expected {expected}, got {actual}"
    );
}

fn assert_close(actual: f32, expected: f32) {
    assert!(
        (actual - expected).abs() < EPSILON,
        "expected {expected}, got {actual}"
    );
}

fn assert_points(contact: &Contact, expected: &[Vec2]) {
    assert_eq!(
        contact.points().len(),
        expected.len(),
        "points {:?}",
        contact.points()
    );
    for point in expected {
        assert!(
            contact
                .points()
                .iter()
                .any(|p| (*p - *point).length() < EPSILON),
            "missing point {point} in {:?}",
            contact.points()
        );
    }
}

#[test]
fn circle_circle() {
    let a = Shape::circle(2.0);
    let b = Shape::circle(1.0);
    let c = contact(&a, at(0.0, 0.0), &b, at(2.5, 0.0));
    assert_vec(c.normal, Vec2::X);
    assert_close(c.depth, 0.5);
    assert_points(&c, &[Vec2::new(1.75, 0.0)]);
    assert!(!c.a_in_b && !c.b_in_a);

    // Touching: intersects with zero depth.
    let touching = contact(&a, at(0.0, 0.0), &b, at(0.0, -3.0));
    assert_vec(touching.normal, -Vec2::Y);
    assert_close(touching.depth, 0.0);
    assert!(!sat2d::intersects(&a, &at(0.0, 0.0), &b, &at(0.0, -3.001)));

    // B inside A: the depth still separates (1 + 0.5 + 1 = 2.5), and the point is in B.
    let inside = contact(&a, at(0.0, 0.0), &b, at(0.5, 0.0));
    assert!(inside.b_in_a && !inside.a_in_b);
    assert_close(inside.depth, 2.5);
    assert_points(&inside, &[Vec2::new(0.5, 0.0)]);

    // Concentric: the normal is A's local +Y in world space.
    let concentric = contact(&a, Iso::new(Vec2::ONE, FRAC_PI_2), &b, at(1.0, 1.0));
    assert_vec(concentric.normal, -Vec2::X);
    assert_close(concentric.depth, 3.0);
}

#[test]
fn circle_polygon_regions() {
    let square = Shape::rectangle(2.0, 2.0);
    let ball = Shape::circle(0.5);
    // Face region.
    let face = contact(&square, at(0.0, 0.0), &ball, at(1.3, 0.2));
    assert_vec(face.normal, Vec2::X);
    assert_close(face.depth, 0.2);
    assert_points(&face, &[Vec2::new(0.9, 0.2)]);
    // Vertex region: the normal points from the corner to the centre.
    let corner = contact(&square, at(0.0, 0.0), &ball, at(1.3, 1.3));
    assert_vec(corner.normal, Vec2::new(1.0, 1.0).normalize());
    assert_close(corner.depth, 0.5 - 0.3 * 2f32.sqrt());
    // Centre inside the square: depth = distance to the nearest face + radius.
    let inside = contact(&square, at(0.0, 0.0), &ball, at(0.0, -0.6));
    assert_vec(inside.normal, -Vec2::Y);
    assert_close(inside.depth, 0.4 + 0.5);
    // Centre exactly on an edge and exactly on a vertex.
    let on_edge = contact(&square, at(0.0, 0.0), &ball, at(1.0, 0.3));
    assert_vec(on_edge.normal, Vec2::X);
    assert_close(on_edge.depth, 0.5);
    let on_vertex = contact(&square, at(0.0, 0.0), &ball, at(1.0, 1.0));
    assert_close(on_vertex.depth, 0.5);
    assert!(
        on_vertex.normal == Vec2::X || on_vertex.normal == Vec2::Y,
        "a face normal: {}",
        on_vertex.normal
    );
    // The reverse order flips the normal.
    let reversed = contact(&ball, at(1.3, 0.2), &square, at(0.0, 0.0));
    assert_vec(reversed.normal, -Vec2::X);
    assert_close(reversed.depth, 0.2);
}

#[test]
fn polygon_polygon_faces_corners_and_containment() {
    let square = Shape::rectangle(2.0, 2.0);
    // Face against face: two points, midway between the surfaces.
    let faces = contact(&square, at(0.0, 0.0), &square, at(1.8, 0.5));
    assert_vec(faces.normal, Vec2::X);
    assert_close(faces.depth, 0.2);
    assert_points(&faces, &[Vec2::new(0.9, -0.5), Vec2::new(0.9, 1.0)]);
    // A corner poking into a face: one point.
    let diamond = Iso::new(Vec2::new(0.0, 2.3), FRAC_PI_4);
    let corner = contact(&square, at(0.0, 0.0), &square, diamond);
    assert_vec(corner.normal, Vec2::Y);
    assert_close(corner.depth, 2f32.sqrt() - 1.3);
    assert_eq!(corner.points().len(), 1);
    assert!(corner.points()[0].y < 1.0 && corner.points()[0].y > 2.3 - 2f32.sqrt());
    // A small box inside a big one: the MTV leaves through the nearest side.
    let big = Shape::rectangle(10.0, 4.0);
    let small = Shape::rectangle(1.0, 1.0);
    let inside = contact(&big, at(0.0, 0.0), &small, at(3.0, 0.5));
    assert!(inside.b_in_a && !inside.a_in_b);
    assert_vec(inside.normal, Vec2::Y);
    assert_close(inside.depth, 2.0 - 0.5 + 0.5);
    for point in inside.points() {
        assert!(sat2d::contains_point(&small, &at(3.0, 0.5), *point));
    }
    // Identical shapes: both flags, depth = full width, ties pick A's first face.
    let same = contact(&square, at(0.0, 0.0), &square, at(0.0, 0.0));
    assert!(same.a_in_b && same.b_in_a);
    assert_close(same.depth, 2.0);
    assert_vec(same.normal, -Vec2::Y);
}

#[test]
fn the_naive_interval_overlap_would_be_wrong_in_containment() {
    // On the x axis the intervals are [-5, 5] and [3.5, 4.5]: the common interval is
    // 1 long, but B must move 1.5 (to 5.5) to leave A.
    let a = Shape::rectangle(10.0, 10.0);
    let b = Shape::rectangle(1.0, 1.0);
    let c = contact(&a, at(0.0, 0.0), &b, at(4.0, 0.0));
    assert_vec(c.normal, Vec2::X);
    assert_close(c.depth, 1.5);
    let moved = at(4.0 + c.mtv().x, c.mtv().y);
    assert_close(contact(&a, at(0.0, 0.0), &b, moved).depth, 0.0);
}

#[test]
fn capsules() {
    let capsule = Shape::capsule(0.5, 2.0); // from y = -1.5 to 1.5 overall
    let ground = Shape::rectangle(10.0, 1.0);
    // Standing on the ground: the cap touches, one point.
    let standing = contact(&ground, at(0.0, 0.0), &capsule, at(0.0, 1.9));
    assert_vec(standing.normal, Vec2::Y);
    assert_close(standing.depth, 0.1);
    assert_points(&standing, &[Vec2::new(0.0, 0.45)]);
    // Lying on the ground: the side touches, two points.
    let lying = contact(
        &ground,
        at(0.0, 0.0),
        &capsule,
        Iso::new(Vec2::new(0.0, 0.9), FRAC_PI_2),
    );
    assert_vec(lying.normal, Vec2::Y);
    assert_close(lying.depth, 0.1);
    assert_points(&lying, &[Vec2::new(-1.0, 0.45), Vec2::new(1.0, 0.45)]);
    // Two capsules crossing at right angles.
    let crossing = contact(
        &capsule,
        at(0.0, 0.0),
        &capsule,
        Iso::new(Vec2::new(0.8, 0.0), FRAC_PI_2),
    );
    assert_close(crossing.depth, 1.0 - 0.8 + 1.0);
    // Parallel capsules side by side.
    let parallel = contact(&capsule, at(0.0, 0.0), &capsule, at(0.9, 0.5));
    assert_vec(parallel.normal, Vec2::X);
    assert_close(parallel.depth, 0.1);
    assert_eq!(parallel.points().len(), 2);
    // End to end on one line: the MTV runs along the line.
    let end_to_end = contact(&capsule, at(0.0, 0.0), &capsule, at(0.0, 2.8));
    assert_vec(end_to_end.normal, Vec2::Y);
    assert_close(end_to_end.depth, 0.2);
}

#[test]
fn segments() {
    let segment = Shape::segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0));
    let square = Shape::rectangle(1.0, 1.0);
    // A segment through a box.
    let through = contact(&square, at(0.0, 0.3), &segment, at(0.0, 0.0));
    assert_vec(through.normal, -Vec2::Y);
    assert_close(through.depth, 0.2);
    assert!(!through.a_in_b && !through.b_in_a);
    // Crossing segments.
    let crossing = contact(
        &segment,
        at(0.0, 0.0),
        &segment,
        Iso::new(Vec2::new(0.5, 0.0), FRAC_PI_2),
    );
    assert_points(&crossing, &[Vec2::new(0.5, 0.0)]);
    // Collinear segments with a gap do not intersect; overlapping ones do.
    assert!(!sat2d::intersects(
        &segment,
        &at(0.0, 0.0),
        &segment,
        &at(2.5, 0.0)
    ));
    assert!(sat2d::intersects(
        &segment,
        &at(0.0, 0.0),
        &segment,
        &at(1.5, 0.0)
    ));
    // Touching end to end.
    assert!(sat2d::intersects(
        &segment,
        &at(0.0, 0.0),
        &segment,
        &at(2.0, 0.0)
    ));
    // A segment lying inside a box is contained.
    let inside = contact(
        &Shape::rectangle(4.0, 4.0),
        at(0.0, 0.0),
        &segment,
        at(0.0, 0.5),
    );
    assert!(inside.b_in_a);
    // A circle centred on the segment's line beyond its end does not touch it.
    let ball = Shape::circle(0.4);
    assert!(!sat2d::intersects(
        &segment,
        &at(0.0, 0.0),
        &ball,
        &at(1.5, 0.0)
    ));
    assert!(sat2d::intersects(
        &segment,
        &at(0.0, 0.0),
        &ball,
        &at(1.4, 0.0)
    ));
}

#[test]
fn non_finite_placements_give_no_contact() {
    let square = Shape::rectangle(1.0, 1.0);
    for bad in [
        at(f32::NAN, 0.0),
        at(0.0, f32::INFINITY),
        Iso::new(Vec2::ZERO, f32::NAN),
    ] {
        assert!(!sat2d::intersects(&square, &bad, &square, &at(0.0, 0.0)));
        assert!(sat2d::contact(&square, &at(0.0, 0.0), &square, &bad).is_none());
        assert!(!sat2d::contains_point(&square, &bad, Vec2::ZERO));
    }
    assert!(!sat2d::contains_point(&square, &at(0.0, 0.0), Vec2::NAN));
}

#[test]
fn contains_point_includes_the_boundary() {
    let iso = Iso::new(Vec2::new(5.0, -2.0), 0.7);
    let shapes = [
        (Shape::circle(1.0), Vec2::new(1.0, 0.0)),
        (Shape::rectangle(2.0, 1.0), Vec2::new(1.0, 0.5)),
        (Shape::capsule(0.5, 2.0), Vec2::new(0.0, 1.5)),
        (Shape::segment(Vec2::ZERO, Vec2::X), Vec2::new(0.5, 0.0)),
    ];
    for (shape, boundary) in shapes {
        let world = iso.transform_point(boundary);
        assert!(
            sat2d::contains_point(&shape, &iso, world),
            "{:?} boundary",
            shape.kind()
        );
        assert!(!sat2d::contains_point(
            &shape,
            &iso,
            iso.transform_point(boundary * 1.01 + Vec2::new(0.0, 0.01))
        ));
        assert!(sat2d::contains_point(
            &shape,
            &iso,
            iso.transform_point(shape.centroid())
        ));
    }
}

#[test]
fn bounding_volumes_are_tight_and_enclosing() {
    let iso = Iso::new(Vec2::new(3.0, 4.0), FRAC_PI_4);
    let aabb = Shape::rectangle(2.0, 2.0).aabb(&iso);
    assert_vec(aabb.min, Vec2::new(3.0, 4.0) - Vec2::splat(2f32.sqrt()));
    assert_vec(aabb.max, Vec2::new(3.0, 4.0) + Vec2::splat(2f32.sqrt()));
    let capsule = Shape::capsule(0.5, 2.0).aabb(&Iso::new(Vec2::ZERO, FRAC_PI_2));
    assert_vec(capsule.min, Vec2::new(-1.5, -0.5));
    assert_vec(capsule.max, Vec2::new(1.5, 0.5));
    let l_shape = Shape::polygon(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(1.0, 2.0),
        Vec2::new(0.0, 2.0),
    ])
    .unwrap();
    for shape in [
        Shape::rectangle(3.0, 1.0),
        Shape::capsule(0.5, 2.0),
        l_shape,
    ] {
        let circle = shape.bounding_circle(&iso);
        let aabb = shape.aabb(&iso);
        for corner in [
            aabb.min,
            aabb.max,
            Vec2::new(aabb.min.x, aabb.max.y),
            Vec2::new(aabb.max.x, aabb.min.y),
        ] {
            // Any point of the shape is in both volumes; probe along the box.
            let probe = corner.lerp(aabb.center(), 0.05);
            if sat2d::contains_point(&shape, &iso, probe) {
                assert!(circle.contains_point(probe));
            }
        }
        assert!(aabb.contains_point(iso.transform_point(shape.centroid())));
    }
}

#[test]
fn flipped_contacts_swap_roles() {
    let c = contact(
        &Shape::rectangle(2.0, 2.0),
        at(0.0, 0.0),
        &Shape::circle(0.5),
        at(0.0, 0.5),
    );
    let flipped = c.clone().flipped();
    assert_eq!(flipped.normal, -c.normal);
    assert_eq!((flipped.a_in_b, flipped.b_in_a), (c.b_in_a, c.a_in_b));
    assert_eq!(flipped.points(), c.points());
}

/// The explainer agrees with `contact` on convex polygon pairs and finds the gap of
/// separated pairs.
#[test]
fn explain_matches_contact_for_polygons() {
    let triangle = Shape::polygon(&[Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(0.0, 3.0)]).unwrap();
    let square = Shape::rectangle(2.0, 2.0);
    for (x, y, angle) in [(1.0, 1.0, 0.3), (3.0, 0.5, 1.0), (0.5, 2.5, -0.7)] {
        let iso_b = Iso::new(Vec2::new(x, y), angle);
        let explanation = sat2d::explain(&triangle, &Iso::IDENTITY, &square, &iso_b);
        assert_eq!(explanation.axes.len(), 7);
        let deciding = explanation.axes[explanation.deciding];
        let touching = contact(&triangle, Iso::IDENTITY, &square, iso_b);
        assert_close(deciding.overlap, touching.depth);
    }
    let far = sat2d::explain(&triangle, &Iso::IDENTITY, &square, &at(10.0, 0.0));
    assert!(far.separated());
    assert_close(far.axes[far.deciding].overlap, -5.0);
    let circle = sat2d::explain(&Shape::circle(1.0), &at(0.0, 0.0), &square, &at(3.0, 3.0));
    let closest = circle.axes.last().unwrap();
    assert_eq!(closest.source, sat2d::AxisSource::ClosestFeatures);
    assert_vec(closest.axis, Vec2::new(1.0, 1.0).normalize());
}
