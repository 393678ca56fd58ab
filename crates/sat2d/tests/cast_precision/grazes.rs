//! Class 7: grazes. A ray that touches a shape's boundary without entering it hits
//! (closed sets), wherever rounding puts the exact graze, as the crate docs state.

use proptest::prelude::*;
use sat2d::{Iso, Ray, Shape, Vec2};

use super::common::seeded;
use super::v;

#[test]
fn a_ray_grazing_an_apex_hits_it() {
    let triangle = Shape::polygon(&[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 1.0)]).unwrap();
    let ray = Ray::new(v(-3.0, 1.0), v(1.0, 0.0));
    let hit = sat2d::cast_ray(&triangle, &Iso::IDENTITY, &ray, f32::INFINITY)
        .expect("the ray touches the apex (1, 1)");
    assert!((hit.distance - 4.0).abs() < 1e-5, "{hit:?}");
    assert!((hit.point - v(1.0, 1.0)).length() < 1e-5);
    // The normal lies in the apex's normal cone, between its two faces' normals.
    let (left, right) = (v(-1.0, 1.0).normalize(), v(1.0, 1.0).normalize());
    assert!(
        hit.normal.perp_dot(right) <= 1e-5 && left.perp_dot(hit.normal) <= 1e-5,
        "{}",
        hit.normal
    );
}

#[test]
fn rays_along_faces_and_past_ends_graze() {
    let square = Shape::rectangle(2.0, 2.0);
    // Along the top face, and along the bottom face from the other side.
    for (origin, direction) in [(v(-3.0, 1.0), Vec2::X), (v(3.0, -1.0), -Vec2::X)] {
        let hit = sat2d::cast_ray(&square, &Iso::IDENTITY, &Ray::new(origin, direction), 10.0)
            .expect("grazes the face");
        assert!((hit.distance - 2.0).abs() < 1e-5, "{hit:?}");
    }
    // Past a segment's end, touching it.
    let segment = Shape::segment(v(0.0, 0.0), v(0.0, 2.0));
    let hit = sat2d::cast_ray(
        &segment,
        &Iso::IDENTITY,
        &Ray::new(v(-3.0, 2.0), Vec2::X),
        10.0,
    )
    .expect("grazes the end");
    assert!((hit.distance - 3.0).abs() < 1e-5, "{hit:?}");
    // A shape cast where a box's corner slides exactly past another's.
    let hit = sat2d::cast_shape(
        &square,
        &Iso::IDENTITY,
        Vec2::ZERO,
        &square,
        &Iso::from_translation(v(-5.0, 2.0)),
        v(10.0, 0.0),
    )
    .expect("the boxes' faces slide along each other");
    assert!((hit.fraction - 0.3).abs() < 1e-5, "{hit:?}");
}

proptest! {
    #![proptest_config(seeded(2000))]

    /// Rays through a vertex of a convex polygon, along the line of one of the faces
    /// at that vertex, from outside: each touches the polygon and so hits it.
    #[test]
    fn rays_along_a_face_line_through_a_vertex_hit(
        count in 3usize..9,
        angle in -3.2f32..3.2,
        which in 0usize..9,
        scale in 0.5f32..5.0,
        back in 0.5f32..10.0,
        forward in any::<bool>(),
    ) {
        let points: Vec<Vec2> = (0..count)
            .map(|i| Vec2::from_angle(angle + core::f32::consts::TAU * i as f32 / count as f32) * scale)
            .collect();
        let polygon = Shape::polygon(&points).unwrap();
        let vertex = points[which % count];
        let neighbour = points[(which + if forward { 1 } else { count - 1 }) % count];
        let direction = (neighbour - vertex).normalize();
        // From beyond the vertex, back along the face line toward it and past.
        let origin = vertex - direction * back;
        let hit = sat2d::cast_ray(&polygon, &Iso::IDENTITY, &Ray::new(origin, direction), 100.0);
        let hit = hit.ok_or_else(|| TestCaseError::fail("missed the face it runs along"))?;
        prop_assert!((hit.distance - back).abs() < 1e-4 * (1.0 + scale + back), "{:?}", hit);
    }

    /// Rays tangent to a vertex of a polygon: through the vertex, between its two
    /// faces' lines, from outside.
    #[test]
    fn rays_tangent_at_a_vertex_hit(
        count in 3usize..9,
        angle in -3.2f32..3.2,
        which in 0usize..9,
        scale in 0.5f32..5.0,
        back in 0.5f32..10.0,
        blend in 0.05f32..1.0,
    ) {
        let points: Vec<Vec2> = (0..count)
            .map(|i| Vec2::from_angle(angle + core::f32::consts::TAU * i as f32 / count as f32) * scale)
            .collect();
        let polygon = Shape::polygon(&points).unwrap();
        let index = which % count;
        let vertex = points[index];
        let (before, after) = (points[(index + count - 1) % count], points[(index + 1) % count]);
        // A direction between the two faces' directions at the vertex: the line
        // through the vertex then supports the polygon.
        let direction = ((vertex - before).normalize() * (1.0 - blend) + (after - vertex).normalize() * blend).normalize();
        let origin = vertex - direction * back;
        let hit = sat2d::cast_ray(&polygon, &Iso::IDENTITY, &Ray::new(origin, direction), 100.0);
        let hit = hit.ok_or_else(|| TestCaseError::fail("missed the vertex it touches"))?;
        prop_assert!((hit.distance - back).abs() < 1e-4 * (1.0 + scale + back), "{:?}", hit);
    }
}
