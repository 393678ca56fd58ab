//! Segment pairs at the edge of f32 precision: shallow crossings (see also
//! `shallow_angles.rs`), collinear and parallel segments and capsules, and segments
//! too short to have a direction.
//!
//! Bounds are in units of the crate's ε (`sat2d::tolerance`); see `shallow_angles.rs`.

mod common;

use common::lines::{self, Piece, check_apart, check_overlap, log_uniform, piece};
use common::seeded;
use glam::DVec2;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use sat2d::{Iso, Shape, ShapeError, Vec2};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Cases per property.
const CASES: u32 = 20_000;

/// Issue 13, finding 1: two segments crossing at a shallow angle were called apart
/// (the closest-points denominator cancelled in f32). Now one kernel computes it from
/// the cross product, for every angle down to 1e-6 rad.
#[test]
fn shallow_segment_crossings_intersect() {
    let segment = Shape::segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0));
    for angle in [1e-2, 3e-3, 1e-3, 1e-4, 1e-5, 1e-6] {
        let rotated = Iso::new(Vec2::ZERO, angle);
        assert!(
            sat2d::intersects(&segment, &Iso::IDENTITY, &segment, &rotated),
            "angle {angle}"
        );
        let contact = sat2d::contact(&segment, &Iso::IDENTITY, &segment, &rotated)
            .unwrap_or_else(|| panic!("no contact at angle {angle}"));
        assert!(
            contact.depth >= 0.0 && contact.depth < 1e-2,
            "angle {angle}: {contact:?}"
        );
        // Above the tolerance (ends more than ε = 2e-5 apart) they meet at one point,
        // the crossing; below it they coincide, and the ends are contact points.
        if angle >= 1e-4 {
            assert!(
                contact.points().iter().all(|p| p.length() < 1e-3),
                "angle {angle}: {contact:?}"
            );
        }
    }
}

/// Two pieces along parallel lines, `direction` apart by 0 or π.
#[derive(Clone, Debug)]
struct Parallel {
    direction: f64,
    /// A's start, in units of the spread ([`lines::spread`]).
    spot: DVec2,
    lengths: (f64, f64),
    radii: (f32, f32),
    world: (bool, bool),
    /// B runs the other way (anti-parallel).
    reversed: bool,
}

impl Parallel {
    /// A along the line from its start; B's core covering `shift .. shift + length`
    /// along A's line, `height` to its left.
    fn pieces(&self, shift: f64, height: f64) -> (Piece, Piece) {
        let (along, left) = lines::frame(self.direction);
        let start = self.spot * lines::spread(self.lengths, self.radii, self.world);
        let a = piece(
            start,
            start + along * self.lengths.0,
            self.radii.0,
            self.world.0,
        );
        let b_start = start + along * shift + left * height;
        let b_end = b_start + along * self.lengths.1;
        let (b_start, b_end) = if self.reversed {
            (b_end, b_start)
        } else {
            (b_start, b_end)
        };
        (a, piece(b_start, b_end, self.radii.1, self.world.1))
    }

    /// The sum of the radii.
    fn reach(&self) -> f64 {
        f64::from(self.radii.0 + self.radii.1)
    }
}

fn parallel() -> impl Strategy<Value = Parallel> {
    (
        0.0..core::f64::consts::TAU,
        (-1.0f64..1.0, -1.0f64..1.0),
        (log_uniform(0.01, 100.0), log_uniform(0.01, 100.0)),
        (lines::radius(), lines::radius()),
        (any::<bool>(), any::<bool>()),
        any::<bool>(),
    )
        .prop_map(
            |(direction, (x, y), lengths, radii, world, reversed)| Parallel {
                direction,
                spot: DVec2::new(x, y),
                lengths,
                radii,
                world,
                reversed,
            },
        )
}

/// Where B lies: overlapping, touching, or a gap (a multiple of ε) apart.
#[derive(Clone, Copy, Debug)]
enum Place {
    Overlapping(f64),
    Touching,
    Apart(f64),
}

fn place() -> impl Strategy<Value = Place> {
    prop_oneof![
        (0.0f64..1.0).prop_map(Place::Overlapping),
        Just(Place::Touching),
        log_uniform(3.0, 3e4).prop_map(Place::Apart),
    ]
}

/// Runs `property` on `CASES` seeded pairs and places, and checks they all ran.
fn run(property: impl Fn(&Parallel, Place, f64) -> Result<(), TestCaseError>) {
    let seen = AtomicUsize::new(0);
    let mut runner = TestRunner::new(seeded(CASES));
    runner
        .run(
            &(parallel(), place(), 0.0f64..=1.0),
            |(pair, place, along)| {
                seen.fetch_add(1, Ordering::Relaxed);
                property(&pair, place, along)
            },
        )
        .unwrap();
    assert!(seen.into_inner() >= CASES as usize);
}

/// Collinear pieces (anti-parallel too) overlapping along their line, touching end to
/// end (closed sets: they intersect), and a gap apart (they do not, and `explain`
/// separates them).
#[test]
fn collinear_pieces_overlap_touch_or_part() {
    run(|pair, place, along| {
        let (length_a, length_b) = pair.lengths;
        match place {
            Place::Overlapping(_) => {
                let (a, b) = pair.pieces(-length_b + along * (length_a + length_b), 0.0);
                check_overlap(&a, &b, 0.0)?;
            }
            Place::Touching => {
                let (a, b) = pair.pieces(length_a + pair.reach(), 0.0);
                let contact = check_overlap(&a, &b, 0.0)?;
                prop_assert!(f64::from(contact.depth) <= lines::slack(&a, &b));
            }
            Place::Apart(factor) => {
                let (a, b) = pair.pieces(length_a + pair.reach(), 0.0);
                let gap = factor * lines::tolerance(&a, &b);
                let (a, b) = pair.pieces(length_a + pair.reach() + gap, 0.0);
                check_apart(&a, &b, gap)?;
            }
        }
        Ok(())
    });
}

/// Parallel pieces (anti-parallel too) side by side, closer than the sum of their
/// radii, at it, and beyond it. Where they overlap along the line by a tenth of the
/// shorter, the normal runs across the lines, toward B once it is more than ε off.
#[test]
fn parallel_pieces_against_the_sum_of_radii() {
    run(|pair, place, along| {
        let (length_a, length_b) = pair.lengths;
        let shift = -length_b + along * (length_a + length_b);
        match place {
            Place::Overlapping(fraction) => {
                let height = pair.reach() * fraction;
                let (a, b) = pair.pieces(shift, height);
                let contact = check_overlap(&a, &b, 0.0)?;
                let (_, left) = lines::frame(pair.direction);
                let left = left.as_vec2();
                let common = (shift + length_b).min(length_a) - shift.max(0.0);
                if common >= 0.1 * length_a.min(length_b) {
                    prop_assert!(contact.normal.dot(left).abs() > 0.9999, "{:?}", contact);
                    if height > lines::tolerance(&a, &b) {
                        prop_assert!(contact.normal.dot(left) > 0.0, "{:?}", contact);
                    }
                }
            }
            Place::Touching => {
                let (a, b) = pair.pieces(shift, pair.reach());
                let contact = check_overlap(&a, &b, 0.0)?;
                prop_assert!(f64::from(contact.depth) <= lines::slack(&a, &b));
            }
            Place::Apart(factor) => {
                let (a, b) = pair.pieces(shift, pair.reach());
                let gap = factor * lines::tolerance(&a, &b);
                let (a, b) = pair.pieces(shift, pair.reach() + gap);
                check_apart(&a, &b, gap)?;
            }
        }
        Ok(())
    });
}

/// Segments too short for their coordinates: `try_segment` refuses ends that coincide
/// within 1e-6 of their largest coordinate (`DegenerateSegment`), then lengths below
/// `MIN_SIZE` (`OutOfRange`), and keeps the ends of any other; a capsule no longer than
/// 1e-6 of its radius is that circle. (Within 10% of either threshold, where rounding
/// decides, only "no panic" is checked.)
#[test]
fn segments_too_short_are_refused_and_capsules_become_circles() {
    let counts = [0, 1, 2].map(|_| AtomicUsize::new(0));
    let ends = (
        log_uniform(1e-4, 1e3),
        log_uniform(1e-9, 1e-3),
        0.0..6.3f64,
        0.0..6.3f64,
    );
    let capsule = (log_uniform(1e-6, 1.0), 0.0f64..=1.0);
    let mut runner = TestRunner::new(seeded(CASES));
    runner
        .run(
            &(ends, capsule),
            |((size, ratio, at, toward), (radius, fraction))| {
                let a = (DVec2::from_angle(at) * size).as_vec2();
                let b = a + (DVec2::from_angle(toward) * size * ratio).as_vec2();
                prop_assert_eq!(Shape::try_segment(a, a), Err(ShapeError::DegenerateSegment));
                let scale = f64::from(a.abs().max(b.abs()).max_element());
                let length = a.as_dvec2().distance(b.as_dvec2());
                let built = Shape::try_segment(a, b);
                let near = |value: f64, threshold: f64| (value / threshold - 1.0).abs() < 0.1;
                if near(length / scale, 1e-6) || near(length, f64::from(sat2d::MIN_SIZE)) {
                    // Rounding decides.
                } else if length <= scale * 1e-6 {
                    counts[0].fetch_add(1, Ordering::Relaxed);
                    prop_assert_eq!(built, Err(ShapeError::DegenerateSegment));
                } else if length < f64::from(sat2d::MIN_SIZE) {
                    counts[1].fetch_add(1, Ordering::Relaxed);
                    let refused = matches!(built, Err(ShapeError::OutOfRange { .. }));
                    prop_assert!(refused, "{:?}", built);
                } else {
                    counts[2].fetch_add(1, Ordering::Relaxed);
                    let Ok(Shape::Segment(segment)) = built else {
                        return Err(TestCaseError::fail(format!("{built:?}")));
                    };
                    prop_assert_eq!(*segment.points(), [a, b]);
                }
                let radius = radius as f32;
                let circle = Shape::try_capsule(radius, radius * 1e-6 * fraction as f32);
                prop_assert_eq!(circle, Ok(Shape::circle(radius)));
                Ok(())
            },
        )
        .unwrap();
    // Every outcome is tested often.
    for count in &counts {
        assert!(
            count.load(Ordering::Relaxed) > CASES as usize / 10,
            "{counts:?}"
        );
    }
}

/// Found by `collinear_pieces_overlap_touch_or_part`: a capsule whose radius is below ε
/// touching a segment tip to tip took the segment's face normal, with the radius as
/// its depth (0.9ε more than the push along the line). The face ties only within ε/10.
#[test]
fn a_thin_capsule_tip_to_a_segment_tip_is_pushed_along_the_line() {
    let segment = Shape::segment(Vec2::ZERO, Vec2::new(10.0, 0.0));
    let capsule = Shape::capsule(1e-4, 2.0); // ε = 1.1e-4
    let at = Iso::new(Vec2::new(11.0 + 1e-4, 0.0), -core::f32::consts::FRAC_PI_2);
    let contact = sat2d::contact(&segment, &Iso::IDENTITY, &capsule, &at).unwrap();
    assert!(
        contact.depth < 1e-6 && contact.normal.x > 0.999,
        "{contact:?}"
    );
    let swapped = sat2d::contact(&capsule, &at, &segment, &Iso::IDENTITY).unwrap();
    assert!(
        swapped.depth < 1e-6 && swapped.normal.x < -0.999,
        "{swapped:?}"
    );
}

/// The placements the next regressions were found at (`Iso::new` would round the
/// rotation differently).
fn placed(x: f32, y: f32, cos: f32, sin: f32) -> Iso {
    Iso {
        translation: Vec2::new(x, y),
        rotation: sat2d::Rot { cos, sin },
    }
}

/// Found by `collinear_pieces_overlap_touch_or_part`: a segment and a capsule on one
/// line, their cores 1 apart (the capsule's radius: touching). In `f32` the crossing
/// test of the two nearly parallel cores was rounding, and put a crossing on both, so
/// the segment's face decided, with depth 1. Now it is solved in `f64`.
#[test]
fn collinear_cores_apart_do_not_cross() {
    let segment = Shape::segment(
        Vec2::new(64.41976, -50.309235),
        Vec2::new(57.99923, -56.503624),
    );
    let capsule = Shape::capsule(1.0, 2.0 * 5.129_232_4);
    let at = placed(53.588223, -60.759266, 0.6943193, -0.7196671);
    let contact = sat2d::contact(&segment, &Iso::IDENTITY, &capsule, &at).unwrap();
    let along = Vec2::new(-0.7196671, -0.6943193); // from the segment toward the capsule
    assert!(contact.depth < 1e-4, "{contact:?}");
    assert!(contact.normal.dot(along) > 0.999, "{contact:?}");
}

/// Found by `collinear_pieces_overlap_touch_or_part` once the face region took the tie
/// margin (the thin-capsule test above): a short segment inside a long capsule, on
/// its core. The cores touch (their separation is rounding, -2.5e-5) but do not cross,
/// and the direction between their closest points (2.4e-7 apart, less than the
/// coordinates' ulp) became the normal: `(1, 0)`, along which no push separates them.
/// A separation below zero now counts as touching: a face normal.
#[test]
fn a_segment_on_a_capsule_core_gets_a_face_normal() {
    let segment = Shape::segment(
        Vec2::new(-2.712638, 16.231531),
        Vec2::new(-2.6386182, 16.260698),
    );
    let capsule = Shape::capsule(0.20835324, 2.0 * 8.332874);
    let at = placed(2.002825, 18.0896, 0.36660346, -0.9303773);
    let contact = sat2d::contact(&segment, &Iso::IDENTITY, &capsule, &at).unwrap();
    let across = Vec2::new(-0.36660346, 0.9303773);
    assert!(contact.normal.dot(across).abs() > 0.999, "{contact:?}");
    let pushed = Iso {
        translation: at.translation + contact.normal * (contact.depth + 1e-3),
        ..at
    };
    assert!(!sat2d::intersects(
        &segment,
        &Iso::IDENTITY,
        &capsule,
        &pushed
    ));
}

/// Found by `collinear_pieces_overlap_touch_or_part`: two thin capsules tip to tip, one
/// 77 long. Its closest point, its near end, was computed from its far end in `f32`
/// and came out 3.8e-6 off (an ulp of 77), which put the face within the tie margin:
/// depth 4.97e-5 where the push along the line is 1.3e-6. Now the ends come back exact.
#[test]
fn thin_capsules_tip_to_tip_are_pushed_along_their_line() {
    let short = Shape::capsule(4.328209e-5, 2.0 * 0.006431163);
    let long = Shape::capsule(5.475044e-6, 2.0 * 38.702553);
    let at_short = placed(71.23865, 3.3678908, -0.99969697, -0.024617482);
    let at_long = placed(72.19157, -35.32941, 0.99969697, 0.02461751);
    let contact = sat2d::contact(&short, &at_short, &long, &at_long).unwrap();
    let along = Vec2::new(0.02461751, -0.99969697); // from the short one to the long
    assert!(contact.depth < 1e-5, "{contact:?}");
    assert!(contact.normal.dot(along) > 0.999, "{contact:?}");
}
