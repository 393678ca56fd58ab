//! The working range (issue 13, finding 5): the same random scenes scaled across the
//! whole documented range, near the origin and far out, give the same answers; sizes
//! and coordinates outside it are refused with `ShapeError::OutOfRange`, placements
//! outside it give "no contact"; and the reported cases.

mod common;
#[path = "working_range/refused.rs"]
mod refused;

use std::sync::atomic::{AtomicUsize, Ordering};

use common::exact::{self, Core};
use common::{seeded, strategies};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use sat2d::{Contact, Iso, MAX_COORDINATE, MAX_SIZE, MIN_SIZE, Rot, Shape, ShapeError, Vec2};

/// The strategies' sizes lie in `0.2..=8`: these factors carry them from `MIN_SIZE` to
/// `MAX_SIZE`, through every order of magnitude in between.
const SCALES: [f32; 7] = [MIN_SIZE / 0.2, 1e-3, 1.0, 1e3, 1e6, 1e9, MAX_SIZE / 8.0];

/// At scale 1, pairs farther than this fraction of their size from touching are
/// "clearly" apart or overlapping, and must stay so at every scale.
const CLEAR: f64 = 0.05;

/// The error allowed on a depth or distance, as a fraction of the scaled size (the
/// band the convex properties use against the f64 oracle).
const BAND: f64 = 2e-4;

/// The error `f32` placements add far out, as a fraction of the largest coordinate:
/// half an ulp is `6e-8` of it, and a placed point and a translation difference carry
/// a few.
const ROUNDING: f64 = 2.4e-7;

/// Two shapes and their placements.
#[derive(Clone, Debug)]
struct Scene {
    a: Shape,
    iso_a: Iso,
    b: Shape,
    iso_b: Iso,
}

impl Scene {
    /// The scene scaled by `scale` about the origin, then moved by `offset`.
    fn scaled(&self, scale: f32, offset: Vec2) -> Self {
        let place = |iso: &Iso| Iso {
            translation: iso.translation * scale + offset,
            rotation: iso.rotation,
        };
        let shape = |shape: &Shape| {
            shape
                .try_scaled(Vec2::splat(scale))
                .unwrap_or_else(|error| panic!("scaling {shape:?} by {scale}: {error}"))
        };
        Self {
            a: shape(&self.a),
            iso_a: place(&self.iso_a),
            b: shape(&self.b),
            iso_b: place(&self.iso_b),
        }
    }

    /// The oracle's signed distance between the shapes: the least over their convex
    /// parts (negative: the deepest overlap of two parts).
    fn signed_distance(&self, iso_b: &Iso) -> f64 {
        let parts_b = exact::cores(&self.b, iso_b);
        exact::cores(&self.a, &self.iso_a)
            .iter()
            .flat_map(|a| {
                parts_b
                    .iter()
                    .map(move |b: &Core| exact::signed_distance(a, b))
            })
            .fold(f64::INFINITY, f64::min)
    }
}

/// Where a scene of `scale` is moved far out: `1e4` sizes away, up to the edge of the
/// range (the placements' `2.5 × scale` included).
fn far_offset(scale: f32) -> Vec2 {
    Vec2::new(1.0, -1.0) * (scale * 1e4).min(MAX_COORDINATE - 10.0 * scale)
}

/// The conventions every contact keeps, whatever its scale: a finite unit normal, a
/// finite depth ≥ 0, finite points in both shapes, and an MTV that separates.
fn check_contact(scene: &Scene, contact: &Contact, band: f64) -> Result<(), TestCaseError> {
    prop_assert!(
        contact.depth.is_finite() && contact.depth >= 0.0,
        "{contact:?}"
    );
    prop_assert!(
        contact.normal.is_finite() && (contact.normal.length() - 1.0).abs() < 1e-4,
        "{contact:?}"
    );
    prop_assert!(!contact.points().is_empty(), "{contact:?}");
    for point in contact.points() {
        prop_assert!(point.is_finite(), "{contact:?}");
        for (shape, iso) in [(&scene.a, &scene.iso_a), (&scene.b, &scene.iso_b)] {
            let outside = exact::shape_signed_distance(shape, iso, exact::wide(*point));
            prop_assert!(
                outside <= band,
                "point {point} is {outside} outside {shape:?}"
            );
        }
    }
    let moved = Iso {
        translation: scene.iso_b.translation + contact.mtv(),
        ..scene.iso_b
    };
    let after = scene.signed_distance(&moved);
    prop_assert!(
        after >= -band,
        "after the MTV the shapes overlap by {}",
        -after
    );
    Ok(())
}

/// How many scenes were clearly apart and clearly overlapping at scale 1.
#[derive(Default)]
struct Counts {
    apart: AtomicUsize,
    overlapping: AtomicUsize,
}

/// One scene at every scale, near the origin and far out, against itself at scale 1.
fn check_scene(scene: &Scene, counts: &Counts) -> Result<(), TestCaseError> {
    let size = exact::size(&scene.a, &scene.b);
    let truth = scene.signed_distance(&scene.iso_b);
    let clear = CLEAR * size;
    if truth > clear {
        counts.apart.fetch_add(1, Ordering::Relaxed);
    } else if truth < -clear {
        counts.overlapping.fetch_add(1, Ordering::Relaxed);
    }
    let reference = sat2d::contact(&scene.a, &scene.iso_a, &scene.b, &scene.iso_b);
    // B's origin, tested against A by `contains_point` when it is clearly in or out.
    let probe = scene.iso_b.translation;
    let probe_in_a = exact::shape_signed_distance(&scene.a, &scene.iso_a, exact::wide(probe));

    for scale in SCALES {
        for offset in [Vec2::ZERO, far_offset(scale)] {
            let placed = scene.scaled(scale, offset);
            let Scene { a, iso_a, b, iso_b } = &placed;
            let scaled = f64::from(scale);
            let band = BAND * scaled * size + ROUNDING * f64::from(offset.abs().max_element());
            let context = format!("scale {scale}, offset {offset}, truth {truth}");

            let hit = sat2d::intersects(a, iso_a, b, iso_b);
            let contact = sat2d::contact(a, iso_a, b, iso_b);
            prop_assert_eq!(hit, contact.is_some(), "intersects vs contact: {}", context);
            if truth < -clear {
                prop_assert!(hit, "missed a clear overlap: {}", context);
            } else if truth > clear {
                prop_assert!(!hit, "reported a clear gap: {}", context);
            }
            if probe_in_a.abs() > clear {
                let contained = sat2d::contains_point(a, iso_a, probe * scale + offset);
                prop_assert_eq!(contained, probe_in_a < 0.0, "contains_point: {}", context);
            }

            let Some(contact) = contact else { continue };
            check_contact(&placed, &contact, band)?;
            if let Some(reference) = &reference {
                let expected = scaled * f64::from(reference.depth);
                prop_assert!(
                    (f64::from(contact.depth) - expected).abs() <= 2.0 * band,
                    "depth {} where scale 1 gives {} × {scale}: {}",
                    contact.depth,
                    reference.depth,
                    context
                );
            }
        }
    }
    Ok(())
}

/// Every kind, convex and concave, under placements that often overlap.
fn any_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        3 => strategies::convex_shape(),
        1 => strategies::star_polygon(),
    ]
}

#[test]
fn scenes_give_the_same_answers_across_the_range() {
    let cases = 2_000;
    let counts = Counts::default();
    let scene = (
        any_shape(),
        strategies::near_iso(),
        any_shape(),
        strategies::near_iso(),
    )
        .prop_map(|(a, iso_a, b, iso_b)| Scene { a, iso_a, b, iso_b });
    TestRunner::new(seeded(cases))
        .run(&scene, |scene| check_scene(&scene, &counts))
        .unwrap();
    // Both clear classes must be well represented, or the agreement tests little.
    let (apart, overlapping) = (counts.apart.into_inner(), counts.overlapping.into_inner());
    let floor = cases as usize / 6;
    assert!(
        apart >= floor && overlapping >= floor,
        "{apart} clearly apart and {overlapping} clearly overlapping of {cases}"
    );
}

/// One shape of every kind whose sizes are all `size` (the concave L's extent too).
fn every_kind(size: f32) -> Vec<Shape> {
    let l_shape: Vec<Vec2> = [(0.0, 0.0), (1.0, 0.0), (1.0, 0.5), (0.5, 0.5), (0.5, 1.0)]
        .into_iter()
        .chain([(0.0, 1.0)])
        .map(|(x, y)| (Vec2::new(x, y) - Vec2::splat(0.5)) * size)
        .collect();
    vec![
        Shape::circle(size),
        Shape::rectangle(size, size),
        Shape::capsule(size, size),
        Shape::segment(Vec2::new(-0.5, 0.0) * size, Vec2::new(0.5, 0.0) * size),
        Shape::polygon(&l_shape).unwrap(),
    ]
}

/// At the very edges of the range (sizes exactly `MIN_SIZE` and `MAX_SIZE`, placements
/// at `±MAX_COORDINATE`), every kind pair overlapping by construction has a contact, and
/// nothing in it is non-finite.
#[test]
fn every_kind_pair_works_at_the_edges_of_the_range() {
    for (size, center) in [
        (MIN_SIZE, Vec2::ZERO),
        (MAX_SIZE, Vec2::ZERO),
        (MAX_SIZE, Vec2::new(MAX_COORDINATE, -MAX_COORDINATE)),
        (MIN_SIZE, Vec2::splat(MIN_SIZE * 1e3)),
    ] {
        let shapes = every_kind(size);
        for a in &shapes {
            for b in &shapes {
                let iso_a = Iso::new(center, 0.3);
                let iso_b = Iso::new(center - Vec2::new(0.2, -0.1) * size, -1.1);
                let scene = Scene {
                    a: a.clone(),
                    iso_a,
                    b: b.clone(),
                    iso_b,
                };
                let contact = sat2d::contact(a, &iso_a, b, &iso_b)
                    .unwrap_or_else(|| panic!("no contact at size {size}: {a:?} {b:?}"));
                assert!(sat2d::intersects(a, &iso_a, b, &iso_b));
                let band =
                    BAND * f64::from(size) * 4.0 + ROUNDING * f64::from(center.abs().max_element());
                let checked = check_contact(&scene, &contact, band);
                assert!(checked.is_ok(), "size {size}, {a:?} {b:?}: {checked:?}");
            }
        }
    }
}

/// The reported cases: `circle(1e19)` is refused; two `circle(1e12)` `6e12` apart do
/// not intersect; shapes placed at `±3e38` have no contact.
#[test]
fn the_reported_cases() {
    assert_eq!(
        Shape::try_circle(1e19),
        Err(ShapeError::OutOfRange {
            what: "circle radius",
            value: 1e19
        })
    );

    let circle = Shape::circle(1e12);
    let at = |x: f32| Iso::from_translation(Vec2::new(x, 0.0));
    assert!(!sat2d::intersects(&circle, &at(0.0), &circle, &at(6e12)));
    assert!(sat2d::contact(&circle, &at(0.0), &circle, &at(6e12)).is_none());
    let touching = sat2d::contact(&circle, &at(-9.5e11), &circle, &at(9.5e11)).unwrap();
    assert!((touching.depth - 1e11).abs() <= 1e11 * 1e-5, "{touching:?}");
    assert!((touching.normal - Vec2::X).length() < 1e-6);

    let polygon = Shape::rectangle(2.0, 2.0);
    let unit = Shape::circle(1.0);
    for (polygon_at, circle_at) in [(3e38, -3e38), (3e38, 3e38), (1.1e15, 1.1e15)] {
        assert!(sat2d::contact(&polygon, &at(polygon_at), &unit, &at(circle_at)).is_none());
        assert!(!sat2d::intersects(
            &polygon,
            &at(polygon_at),
            &unit,
            &at(circle_at)
        ));
        assert!(!sat2d::contains_point(
            &polygon,
            &at(polygon_at),
            Vec2::new(polygon_at, 0.0)
        ));
        // The explainer explains anyway, and does not panic.
        let _ = sat2d::explain(&polygon, &at(polygon_at), &unit, &at(circle_at));
    }
    // In range, the same pair far out still meets.
    let far = MAX_COORDINATE;
    assert!(sat2d::contact(&polygon, &at(far), &unit, &at(far)).is_some());
    // A point beyond the range is in nothing.
    let huge = Shape::rectangle(MAX_SIZE, MAX_SIZE);
    assert!(!sat2d::contains_point(
        &huge,
        &at(far),
        Vec2::new(1.1e15, 0.0)
    ));
}

/// A rotation that is not a rotation (finite, but far from unit length) is out of
/// range like a non-finite one.
#[test]
fn a_stretched_rotation_gives_no_contact() {
    let square = Shape::rectangle(2.0, 2.0);
    for (cos, sin) in [(1e30, 0.0), (2.0, 0.0), (0.0, 0.0), (f32::NAN, 0.0)] {
        let iso = Iso {
            translation: Vec2::ZERO,
            rotation: Rot { cos, sin },
        };
        assert!(!iso.is_in_range());
        assert!(sat2d::contact(&square, &iso, &square, &Iso::IDENTITY).is_none());
        assert!(!sat2d::intersects(&square, &Iso::IDENTITY, &square, &iso));
        assert!(!sat2d::contains_point(&square, &iso, Vec2::ZERO));
    }
    let drifted = Iso {
        translation: Vec2::ZERO,
        rotation: Rot {
            cos: 1.0004,
            sin: 0.0,
        },
    };
    assert!(drifted.is_in_range());
}
