//! Hits on concave polygons report a normal of the whole outline (issue 23, class 4):
//! on an edge, that edge's outward normal; at an outline vertex, a normal inside the
//! vertex's normal cone (the short arc between its two edges' normals); never the
//! normal of an internal edge between two convex parts. Checked for rays and for box
//! corners cast onto every outline vertex of L, U and star outlines, in both argument
//! orders.

mod common;

use common::seeded;
use common::strategies::star_polygon;
use proptest::prelude::*;
use sat2d::{Iso, Ray, Shape, Vec2, cast_ray, cast_shape};

/// The outline of a polygon, counter-clockwise: a concave polygon's outline or a convex
/// polygon's points.
fn outline(shape: &Shape) -> &[Vec2] {
    match shape {
        Shape::Concave(polygon) => polygon.outline(),
        Shape::Polygon(polygon) => polygon.points(),
        _ => panic!("only polygons have outlines"),
    }
}

/// The outward unit normal of the outline edge from `start` to `end` (counter-clockwise).
fn edge_normal(start: Vec2, end: Vec2) -> Vec2 {
    let edge = end - start;
    Vec2::new(edge.y, -edge.x).normalize()
}

/// Whether `normal` lies in the short arc from `low` to `high` (counter-clockwise), with
/// `slack` on the sines of the angles.
fn in_arc(low: Vec2, high: Vec2, normal: Vec2, slack: f32) -> bool {
    low.perp_dot(normal) >= -slack
        && normal.perp_dot(high) >= -slack
        && normal.dot(low + high) > 0.0
}

/// Why `normal` (outward, in the polygon's frame) is not a valid normal of `outline` at
/// `point` (also in its frame), or `None` when it is. A point within `near` of an
/// outline vertex is at that vertex: `normal` must lie in the short arc between the
/// normals of the two edges that meet there. Elsewhere it must be the nearest edge's
/// normal.
fn invalid_normal(outline: &[Vec2], point: Vec2, normal: Vec2, near: f32) -> Option<String> {
    let count = outline.len();
    let normal_of = |i: usize| edge_normal(outline[i], outline[(i + 1) % count]);
    let vertices: Vec<usize> = (0..count)
        .filter(|&k| outline[k].distance(point) <= near)
        .collect();
    if !vertices.is_empty() {
        let valid = vertices.iter().any(|&k| {
            let (before, after) = (normal_of((k + count - 1) % count), normal_of(k));
            let (low, high) = if before.perp_dot(after) >= 0.0 {
                (before, after)
            } else {
                (after, before)
            };
            in_arc(low, high, normal, 1e-4)
        });
        return (!valid).then(|| {
            let cones: Vec<(Vec2, Vec2)> = vertices
                .iter()
                .map(|&k| (normal_of((k + count - 1) % count), normal_of(k)))
                .collect();
            format!("normal {normal} at vertices {vertices:?} outside their cones {cones:?}")
        });
    }
    let distance_to = |i: usize| {
        let (start, end) = (outline[i], outline[(i + 1) % count]);
        let edge = end - start;
        let along = ((point - start).dot(edge) / edge.length_squared()).clamp(0.0, 1.0);
        point.distance(start + edge * along)
    };
    let nearest = (0..count)
        .min_by(|&i, &j| distance_to(i).total_cmp(&distance_to(j)))
        .unwrap();
    let expected = normal_of(nearest);
    (normal.dot(expected) < 1.0 - 1e-5)
        .then(|| format!("normal {normal} on edge {nearest}, whose normal is {expected}"))
}

/// Every boundary loop of a polygon: its outline, then its holes (clockwise, so the
/// region is on the left of every edge and [`edge_normal`] points out of it).
fn loops(shape: &Shape) -> Vec<&[Vec2]> {
    match shape {
        Shape::Concave(polygon) => core::iter::once(polygon.outline())
            .chain(polygon.holes())
            .collect(),
        _ => vec![outline(shape)],
    }
}

/// [`invalid_normal`] on the boundary loop nearest `point`.
fn invalid_boundary_normal(shape: &Shape, point: Vec2, normal: Vec2, near: f32) -> Option<String> {
    let distance = |boundary: &[Vec2]| {
        (0..boundary.len())
            .map(|i| {
                let (start, end) = (boundary[i], boundary[(i + 1) % boundary.len()]);
                let edge = end - start;
                let along = ((point - start).dot(edge) / edge.length_squared()).clamp(0.0, 1.0);
                point.distance(start + edge * along)
            })
            .fold(f32::INFINITY, f32::min)
    };
    let boundaries = loops(shape);
    let nearest = boundaries
        .iter()
        .min_by(|p, q| distance(p).total_cmp(&distance(q)))
        .unwrap();
    invalid_normal(nearest, point, normal, near)
}

/// An L: a `width` by `height` box less its top right, leaving arms `thickness` and
/// `stem` thick.
fn l_shape(width: f32, height: f32, thickness: f32, stem: f32) -> Shape {
    Shape::polygon(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(width, 0.0),
        Vec2::new(width, thickness),
        Vec2::new(stem, thickness),
        Vec2::new(stem, height),
        Vec2::new(0.0, height),
    ])
    .unwrap()
}

/// A U: a `width` by `height` box with a notch `depth` deep cut from the top, leaving
/// walls `wall` thick.
fn u_shape(width: f32, height: f32, wall: f32, depth: f32) -> Shape {
    Shape::polygon(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(width, 0.0),
        Vec2::new(width, height),
        Vec2::new(width - wall, height),
        Vec2::new(width - wall, height - depth),
        Vec2::new(wall, height - depth),
        Vec2::new(wall, height),
        Vec2::new(0.0, height),
    ])
    .unwrap()
}

/// Concave outlines: Ls, Us and stars.
fn concave_polygon() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (0.5f32..4.0, 0.5f32..4.0, 0.1f32..0.9, 0.1f32..0.9).prop_map(|(w, h, t, s)| l_shape(
            w,
            h,
            h * t,
            w * s
        )),
        (0.5f32..4.0, 0.5f32..4.0, 0.05f32..0.45, 0.1f32..0.9)
            .prop_map(|(w, h, wall, depth)| u_shape(w, h, w * wall, h * depth)),
        star_polygon(),
    ]
    .prop_filter("concave", |shape| matches!(shape, Shape::Concave(_)))
}

/// A placement within ±3 units and any angle.
fn placement() -> impl Strategy<Value = Iso> {
    (-3.0f32..3.0, -3.0f32..3.0, -3.2f32..3.2)
        .prop_map(|(x, y, angle)| Iso::new(Vec2::new(x, y), angle))
}

/// The L of the issue: the diagonal between its two parts ends at (0, 0).
fn the_l() -> Shape {
    l_shape(2.0, 2.0, 1.0, 1.0)
}

#[test]
fn a_ray_onto_the_corner_of_an_l_gets_a_normal_of_the_outline() {
    let ray = Ray::new(Vec2::new(1.0, -3.0), Vec2::new(-1.0, 3.0));
    let hit = cast_ray(&the_l(), &Iso::IDENTITY, &ray, f32::INFINITY).unwrap();
    assert!(hit.point.length() < 1e-5, "{}", hit.point);
    // Valid normals at (0, 0) lie between -X and -Y.
    assert!(
        hit.normal.x <= 1e-6 && hit.normal.y <= 1e-6,
        "normal {} is not the outline's at (0, 0)",
        hit.normal
    );
    assert!((hit.normal.length() - 1.0).abs() < 1e-5);
}

/// Casts a `width` by `height` box turned by `turn`, its corner `corner` reaching
/// `shape`'s outline vertex `vertex` (placed by `iso`) halfway through `motion`, with
/// the box first and second. Why the normal of the first order that is not a normal
/// of both the outline and the box where they touch is wrong, or `None`.
fn box_corner_cast(
    (shape, iso): (&Shape, &Iso),
    (width, height, turn): (f32, f32, f32),
    (vertex, corner, motion): (Vec2, usize, Vec2),
) -> Option<String> {
    let square = Shape::rectangle(width, height);
    let box_outline = outline(&square);
    // A box face running along the motion slides along the vertex, a graze whose
    // first touch rounding decides; the cast may then report the corner a little way
    // past the vertex (a question of the time, not of the normal): it still counts as
    // at the vertex.
    let near = 1e-3 * (shape.reach() + square.reach()).max(1.0);
    let reaching = Iso::new(Vec2::ZERO, turn).transform_point(box_outline[corner]);
    let start = Iso::new(iso.transform_point(vertex) - reaching - motion * 0.5, turn);
    for box_first in [true, false] {
        let hit = if box_first {
            cast_shape(&square, &start, motion, shape, iso, Vec2::ZERO)
        } else {
            cast_shape(shape, iso, Vec2::ZERO, &square, &start, motion)
        };
        let Some(hit) = hit.filter(|hit| hit.fraction > 0.0) else {
            continue;
        };
        // Outward from the polygon, in world space; the box's is its negation.
        let outward = if box_first { -hit.normal } else { hit.normal };
        let moved = Iso::new(start.translation + motion * hit.fraction, turn);
        let polygon = invalid_boundary_normal(
            shape,
            iso.inverse_transform_point(hit.point),
            iso.inverse_transform_vector(outward),
            near,
        );
        let of_box = invalid_normal(
            box_outline,
            moved.inverse_transform_point(hit.point),
            moved.inverse_transform_vector(-outward),
            near,
        );
        let failure = polygon
            .map(|message| format!("the polygon: {message}"))
            .or(of_box.map(|message| format!("the box: {message}")));
        if let Some(message) = failure {
            return Some(format!("box first {box_first}, {hit:?}: {message}"));
        }
    }
    None
}

/// A box's corner cast onto each corner of the L, from every direction and with the
/// box turned several ways: a box face's normal (or the diagonal's) reached outside
/// the L's cone at (0, 0) and (2, 0).
#[test]
fn box_corners_onto_the_corners_of_an_l_get_normals_of_the_outline() {
    let l = the_l();
    let mut failures = Vec::new();
    for &vertex in outline(&l) {
        for step in 0..48 {
            let motion = Vec2::from_angle(step as f32 * core::f32::consts::TAU / 48.0) * 3.0;
            for (turn, corner) in [(0.0, 0), (0.3, 1), (-0.7, 2), (1.1, 3), (2.0, 0)] {
                if let Some(message) = box_corner_cast(
                    (&l, &Iso::IDENTITY),
                    (0.5, 0.8, turn),
                    (vertex, corner, motion),
                ) {
                    failures.push(format!("vertex {vertex}, motion {motion}: {message}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures, first {:?}",
        failures.len(),
        failures.first()
    );
}

proptest! {
    #![proptest_config(seeded(96))]

    /// Rays aimed at every outline vertex from any direction: the normal is a normal of
    /// the outline where the ray hits (usually that vertex).
    #[test]
    fn rays_onto_outline_vertices_get_outline_normals(
        shape in concave_polygon(),
        iso in placement(),
        angles in proptest::collection::vec(-3.2f32..3.2, 14),
        lengths in proptest::collection::vec(0.5f32..6.0, 14),
    ) {
        let outline = outline(&shape);
        let near = 1e-4 * shape.reach().max(1.0);
        for (k, vertex) in outline.iter().enumerate() {
            let direction = Vec2::from_angle(angles[k % angles.len()]);
            let target = iso.transform_point(*vertex);
            let ray = Ray::new(target - direction * lengths[k % lengths.len()], direction);
            let Some(hit) = cast_ray(&shape, &iso, &ray, f32::INFINITY) else {
                continue;
            };
            if hit.distance == 0.0 {
                continue; // starts inside
            }
            let point = iso.inverse_transform_point(hit.point);
            let normal = iso.inverse_transform_vector(hit.normal);
            if let Some(message) = invalid_normal(outline, point, normal, near) {
                return Err(TestCaseError::fail(format!("vertex {k} {vertex}, {ray:?}: {message}")));
            }
        }
    }

    /// A box's corners cast onto every outline vertex, in both argument orders: the
    /// normal is a normal of the outline, and of the box, where they touch.
    #[test]
    fn box_corners_onto_outline_vertices_get_outline_normals(
        shape in concave_polygon(),
        iso in placement(),
        size in (0.2f32..2.0, 0.2f32..2.0, -3.2f32..3.2),
        angles in proptest::collection::vec(-3.2f32..3.2, 14),
        corners in proptest::collection::vec(0usize..4, 14),
    ) {
        for (k, vertex) in outline(&shape).iter().enumerate() {
            let motion = Vec2::from_angle(angles[k % angles.len()]) * 3.0;
            let corner = corners[k % corners.len()];
            if let Some(message) = box_corner_cast((&shape, &iso), size, (*vertex, corner, motion)) {
                return Err(TestCaseError::fail(format!("vertex {k} {vertex}: {message}")));
            }
        }
    }

    /// A star-shaped hole in a square: rays from the hole's centre onto each of its
    /// corners, and box corners cast onto them from inside the hole, get normals of
    /// the hole's boundary.
    #[test]
    fn hole_corners_get_normals_of_the_hole(
        hole in star_polygon(),
        iso in placement(),
        size in (0.05f32..0.4, 0.05f32..0.4, -3.2f32..3.2),
        corners in proptest::collection::vec(0usize..4, 14),
    ) {
        let hole = outline(&hole).to_vec();
        let reach = hole.iter().map(|point| point.length()).fold(0.0, f32::max);
        let side = reach * 1.5;
        let square = [
            Vec2::new(-side, -side),
            Vec2::new(side, -side),
            Vec2::new(side, side),
            Vec2::new(-side, side),
        ];
        let Ok(shape) = Shape::polygon_with_holes(&square, core::slice::from_ref(&hole)) else {
            return Ok(());
        };
        let near = 1e-4 * shape.reach().max(1.0);
        let center = iso.transform_point(Vec2::ZERO);
        for (k, vertex) in hole.iter().enumerate() {
            let target = iso.transform_point(*vertex);
            let ray = Ray::new(center, target - center);
            if let Some(hit) = cast_ray(&shape, &iso, &ray, f32::INFINITY).filter(|hit| hit.distance > 0.0) {
                let point = iso.inverse_transform_point(hit.point);
                let normal = iso.inverse_transform_vector(hit.normal);
                if let Some(message) = invalid_boundary_normal(&shape, point, normal, near) {
                    return Err(TestCaseError::fail(format!("ray onto vertex {k} {vertex}: {message}")));
                }
            }
            // A small box, its corner reaching the vertex from the hole's centre.
            let motion = (target - center) * 1.0;
            let corner = corners[k % corners.len()];
            if let Some(message) = box_corner_cast((&shape, &iso), size, (*vertex, corner, motion)) {
                return Err(TestCaseError::fail(format!("box onto vertex {k} {vertex}: {message}")));
            }
        }
    }
}
