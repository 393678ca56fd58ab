//! Polygons with holes: built from an outline and holes, decomposed exactly (the parts
//! cover the region and nothing of the holes), answering queries for the whole region,
//! and refusing holes that stick out or touch.

mod common;

use proptest::prelude::*;
use sat2d::{ConcavePolygon, Iso, Shape, ShapeData, ShapeError, Vec2};

/// An axis-aligned square of half side `half` around `center`, counter-clockwise.
fn square(center: Vec2, half: f32) -> Vec<Vec2> {
    [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .map(|(x, y)| center + Vec2::new(x, y) * half)
        .to_vec()
}

/// A star with `spikes` spikes between radii `inner` and `outer` around `center`.
fn star(center: Vec2, spikes: usize, inner: f32, outer: f32, turn: f32) -> Vec<Vec2> {
    (0..spikes * 2)
        .map(|index| {
            let radius = if index % 2 == 0 { outer } else { inner };
            let angle = turn + index as f32 * std::f32::consts::PI / spikes as f32;
            center + Vec2::from_angle(angle) * radius
        })
        .collect()
}

/// Whether `point` is inside the closed loop (even–odd, in `f64`).
fn inside(walk: &[Vec2], point: Vec2) -> bool {
    let mut result = false;
    for (index, a) in walk.iter().enumerate() {
        let b = walk[(index + 1) % walk.len()];
        let (a, b, p) = (a.as_dvec2(), b.as_dvec2(), point.as_dvec2());
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            result = !result;
        }
    }
    result
}

/// Distance from `point` to the closest edge of the closed loop.
fn distance_to_loop(walk: &[Vec2], point: Vec2) -> f32 {
    (0..walk.len())
        .map(|index| {
            let (a, b) = (walk[index], walk[(index + 1) % walk.len()]);
            let t = ((point - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            point.distance(a + (b - a) * t)
        })
        .fold(f32::INFINITY, f32::min)
}

/// A random region: a star outline and up to six square holes on a grid inside its
/// inner radius, each kept apart from the others.
fn region() -> impl Strategy<Value = (Vec<Vec2>, Vec<Vec<Vec2>>)> {
    (
        5usize..14,
        6.0f32..9.0,
        10.0f32..16.0,
        -3.0f32..3.0,
        prop::collection::vec((0usize..9, 0.2f32..0.9), 0..7),
    )
        .prop_map(|(spikes, inner, outer, turn, picks)| {
            let outline = star(Vec2::new(3.0, -2.0), spikes, inner, outer, turn);
            let mut used = [false; 9];
            let mut holes = Vec::new();
            for (cell, size) in picks {
                if std::mem::replace(&mut used[cell], true) {
                    continue;
                }
                let center = Vec2::new(3.0, -2.0)
                    + Vec2::new((cell % 3) as f32 - 1.0, (cell / 3) as f32 - 1.0) * 2.0;
                holes.push(square(center, size * 0.9));
            }
            (outline, holes)
        })
}

proptest! {
    #![proptest_config(common::seeded(200))]

    /// The triangles and the parts cover exactly the region: their areas sum to the
    /// outline's less the holes', and every probe point is in a part exactly when it is
    /// inside the outline and outside every hole (points near a boundary are skipped).
    #[test]
    fn parts_cover_the_region_and_not_the_holes(
        (outline, holes) in region(),
        probes in prop::collection::vec((-14.0f32..20.0, -18.0f32..14.0), 64),
    ) {
        let polygon = ConcavePolygon::try_with_holes(&outline, &holes).unwrap();
        let expected_area = ConcavePolygon::try_new(&outline).unwrap().metrics().area
            - holes.iter().map(|hole| 4.0 * (hole[1].x - hole[0].x).powi(2) / 4.0).sum::<f32>();
        prop_assert!((polygon.metrics().area - expected_area).abs() < 1e-3 * expected_area);
        let points = polygon.points();
        let triangles: f32 = polygon.triangles().iter().map(|&[a, b, c]| {
            let (a, b, c) = (points[a as usize], points[b as usize], points[c as usize]);
            (b - a).perp_dot(c - a) * 0.5
        }).sum();
        prop_assert!((triangles - expected_area).abs() < 1e-3 * expected_area, "{triangles} vs {expected_area}");
        let parts: f32 = polygon.parts().iter().map(|part| part.metrics().area).sum();
        prop_assert!((parts - expected_area).abs() < 1e-3 * expected_area);
        let shape = Shape::Concave(polygon.clone());
        for (x, y) in probes {
            let point = Vec2::new(x, y);
            let near = std::iter::once(outline.as_slice())
                .chain(holes.iter().map(Vec::as_slice))
                .any(|walk| distance_to_loop(walk, point) < 1e-3);
            if near {
                continue;
            }
            let expected = inside(&outline, point) && !holes.iter().any(|hole| inside(hole, point));
            prop_assert_eq!(sat2d::contains_point(&shape, &Iso::IDENTITY, point), expected, "{:?}", point);
        }
    }

    /// A circle clear inside a hole touches nothing, and one that overlaps the region
    /// is freed by its MTV: after the push, whatever contact is left is no deeper than
    /// a hair (a push into a pocket of a hole just fitting the ball leaves it touching
    /// the pocket's walls). Holes push like outlines.
    #[test]
    fn contacts_answer_for_the_whole_region(
        (outline, holes) in region(),
        (x, y, radius) in (-4.0f32..10.0, -9.0f32..5.0, 0.05f32..0.6),
    ) {
        let shape = Shape::polygon_with_holes(&outline, &holes).unwrap();
        let ball = Shape::circle(radius);
        let at = Iso::from_translation(Vec2::new(x, y));
        let center = Vec2::new(x, y);
        let in_hole_clear = holes.iter().any(|hole| {
            inside(hole, center) && distance_to_loop(hole, center) > radius + 1e-3
        });
        let contact = sat2d::contact(&shape, &Iso::IDENTITY, &ball, &at);
        if in_hole_clear {
            prop_assert!(contact.is_none(), "a ball clear inside a hole touches nothing");
        }
        if let Some(contact) = contact {
            let pushed = Iso::from_translation(center + contact.mtv());
            let left = sat2d::contact(&shape, &Iso::IDENTITY, &ball, &pushed);
            prop_assert!(left.as_ref().is_none_or(|left| left.depth < 1e-3), "{left:?}");
        }
    }

    /// A shape with holes saves and loads as its data, holes included.
    #[test]
    fn shape_data_keeps_the_holes((outline, holes) in region()) {
        let shape = Shape::polygon_with_holes(&outline, &holes).unwrap();
        let data = ShapeData::from(&shape);
        let rebuilt = data.build().unwrap();
        prop_assert_eq!(rebuilt, shape);
    }
}

#[test]
fn a_hole_outside_or_inside_another_is_refused() {
    let outline = square(Vec2::ZERO, 4.0);
    let outside = square(Vec2::new(10.0, 0.0), 1.0);
    assert_eq!(
        ConcavePolygon::try_with_holes(&outline, &[outside]),
        Err(ShapeError::HoleOutside { hole: 0 })
    );
    let big = square(Vec2::ZERO, 2.0);
    let nested = square(Vec2::ZERO, 0.5);
    assert_eq!(
        ConcavePolygon::try_with_holes(&outline, &[big, nested]),
        Err(ShapeError::HoleOutside { hole: 1 })
    );
}

#[test]
fn touching_or_crossing_loops_are_refused() {
    let outline = square(Vec2::ZERO, 4.0);
    let crossing = square(Vec2::new(3.5, 0.0), 1.0);
    assert_eq!(
        ConcavePolygon::try_with_holes(&outline, &[crossing]),
        Err(ShapeError::LoopsMeet {
            first: 0,
            second: 1
        })
    );
    let left = square(Vec2::new(-1.0, 0.0), 1.0);
    let right = square(Vec2::new(1.0, 0.0), 1.0); // shares the side x = 0
    assert_eq!(
        ConcavePolygon::try_with_holes(&outline, &[left, right]),
        Err(ShapeError::LoopsMeet {
            first: 1,
            second: 2
        })
    );
}

#[test]
fn holes_in_a_convex_outline_and_scaling_keep_them() {
    let ring =
        Shape::polygon_with_holes(&square(Vec2::ZERO, 3.0), &[square(Vec2::ZERO, 2.0)]).unwrap();
    let Shape::Concave(polygon) = &ring else {
        panic!("a ring is concave");
    };
    assert!((polygon.metrics().area - 20.0).abs() < 1e-4);
    assert!(polygon.metrics().centroid.length() < 1e-5);
    let doubled = ring.try_scaled(Vec2::splat(2.0)).unwrap();
    let Shape::Concave(doubled) = &doubled else {
        panic!("still concave");
    };
    assert!((doubled.metrics().area - 80.0).abs() < 1e-3);
    assert_eq!(doubled.holes().count(), 1);
    // No holes: a plain polygon.
    assert!(matches!(
        Shape::polygon_with_holes(&square(Vec2::ZERO, 1.0), &[]),
        Ok(Shape::Polygon(_))
    ));
}

#[test]
fn a_shape_over_a_hole_is_not_inside_the_region() {
    // A 6×6 frame around a 2×2 hole at the origin.
    let ring =
        Shape::polygon_with_holes(&square(Vec2::ZERO, 3.0), &[square(Vec2::ZERO, 1.0)]).unwrap();
    let inside = |shape: &Shape, at: Vec2| {
        sat2d::contact(&ring, &Iso::IDENTITY, shape, &Iso::from_translation(at))
            .is_some_and(|contact| contact.b_in_a)
    };
    for shape in [
        Shape::circle(0.4),
        Shape::capsule(0.3, 1.0),
        Shape::segment(Vec2::new(-0.4, 0.0), Vec2::new(0.4, 0.0)),
        Shape::rectangle(0.8, 0.8),
    ] {
        // In the solid band beside the hole: inside.
        assert!(inside(&shape, Vec2::new(2.0, 0.0)), "{shape:?} in the band");
        // Straddling the hole's edge, within the outline: not inside.
        assert!(
            !inside(&shape, Vec2::new(1.0, 0.0)),
            "{shape:?} over the hole's edge"
        );
    }
    // Wholly in the hole: no contact at all.
    let pebble = Shape::circle(0.4);
    assert!(sat2d::contact(&ring, &Iso::IDENTITY, &pebble, &Iso::IDENTITY).is_none());
}
