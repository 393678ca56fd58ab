//! Shapes traced from alpha masks: they cover the opaque pixels and leave out the clear
//! ones, keep holes as holes, drop specks, place and scale as the settings say, and
//! refuse bad input with typed errors.

#[path = "image_trace/bounds.rs"]
mod bounds;
mod common;
#[path = "image_trace/outline_oracle.rs"]
mod outline_oracle;

use proptest::prelude::*;
use sat2d::image_trace::{AlphaMask, TraceError, TraceSettings, trace_shapes};
use sat2d::{Iso, Shape, Vec2};

/// A `width × height` mask whose alpha at each pixel centre is `alpha(x, y)`.
fn mask_of(width: u32, height: u32, alpha: impl Fn(f32, f32) -> f32) -> Vec<f32> {
    (0..width * height)
        .map(|index| alpha((index % width) as f32 + 0.5, (index / width) as f32 + 0.5))
        .collect()
}

/// Where pixel-space point `(x, y)` lands in the shapes' frame for `settings`.
fn to_shape_frame(x: f32, y: f32, width: u32, height: u32, settings: &TraceSettings) -> Vec2 {
    Vec2::new(
        x - settings.pivot.x * width as f32,
        settings.pivot.y * height as f32 - y,
    ) / settings.pixels_per_unit
}

fn inside_any(shapes: &[Shape], point: Vec2) -> bool {
    shapes
        .iter()
        .any(|shape| sat2d::contains_point(shape, &Iso::IDENTITY, point))
}

/// Random blobs: discs, some opaque and some cut out, on a mask up to 64 pixels wide.
fn blobs() -> impl Strategy<Value = (u32, u32, Vec<(f32, f32, f32, bool)>)> {
    (16u32..64, 16u32..64).prop_flat_map(|(width, height)| {
        let disc = (
            0.0..width as f32,
            0.0..height as f32,
            2.0f32..10.0,
            prop::bool::weighted(0.7),
        );
        (Just(width), Just(height), prop::collection::vec(disc, 1..6))
    })
}

/// The smooth alpha of `discs` at `(x, y)`: each disc ramps from opaque to clear over
/// one pixel at its rim; later cut-outs clear what earlier discs filled.
fn blob_alpha(discs: &[(f32, f32, f32, bool)], x: f32, y: f32) -> f32 {
    let mut alpha: f32 = 0.0;
    for &(cx, cy, radius, fill) in discs {
        let coverage = (radius + 0.5 - Vec2::new(x - cx, y - cy).length()).clamp(0.0, 1.0);
        alpha = if fill {
            alpha.max(coverage)
        } else {
            alpha.min(1.0 - coverage)
        };
    }
    alpha
}

proptest! {
    #![proptest_config(common::seeded(120))]

    /// Every pixel centre well inside an opaque area (alpha of every pixel within
    /// `margin` above the threshold) lies in a shape, and every one well inside a clear
    /// area lies in none, with the tolerance of the simplification added to the margin.
    #[test]
    fn shapes_cover_the_opaque_pixels_and_not_the_clear_ones(
        (width, height, discs) in blobs(),
        tolerance in prop_oneof![Just(0.0f32), 0.3f32..1.5],
        pixels_per_unit in prop_oneof![Just(1.0f32), 4.0f32..32.0],
    ) {
        let alpha = mask_of(width, height, |x, y| blob_alpha(&discs, x, y));
        let settings = TraceSettings { tolerance, pixels_per_unit, min_area: 0.0, ..TraceSettings::default() };
        let mask = AlphaMask::try_new(width, height, &alpha).unwrap();
        let shapes = match trace_shapes(&mask, &settings) {
            Err(TraceError::NoOpaquePixels { .. }) => {
                prop_assert!(alpha.iter().all(|&a| a < 0.5));
                return Ok(());
            }
            result => result.unwrap(),
        };
        let reach = (tolerance + 1.5).ceil() as i32;
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                let around = |keep: &dyn Fn(f32) -> bool| {
                    (-reach..=reach).all(|dy| (-reach..=reach).all(|dx| {
                        let (px, py) = (x + dx, y + dy);
                        let outside = px < 0 || py < 0 || px >= width as i32 || py >= height as i32;
                        keep(if outside { 0.0 } else { alpha[(py as u32 * width + px as u32) as usize] })
                    }))
                };
                let centre = to_shape_frame(x as f32 + 0.5, y as f32 + 0.5, width, height, &settings);
                if around(&|a| a >= 0.5) {
                    prop_assert!(inside_any(&shapes, centre), "opaque pixel ({x}, {y}) left out");
                }
                if around(&|a| a < 0.5) {
                    prop_assert!(!inside_any(&shapes, centre), "clear pixel ({x}, {y}) covered");
                }
            }
        }
    }
}

#[test]
fn a_ring_is_one_shape_with_its_hole_and_an_island_in_the_hole_is_another() {
    let (width, height) = (40, 40);
    let alpha = mask_of(width, height, |x, y| {
        let distance = Vec2::new(x - 20.0, y - 20.0).length();
        if distance < 6.0 || (12.0..18.0).contains(&distance) {
            1.0
        } else {
            0.0
        }
    });
    let mask = AlphaMask::try_new(width, height, &alpha).unwrap();
    let shapes = trace_shapes(&mask, &TraceSettings::default()).unwrap();
    assert_eq!(shapes.len(), 2, "the ring and the island");
    let Shape::Concave(ring) = &shapes[0] else {
        panic!("the ring, largest, comes first and is concave");
    };
    assert_eq!(ring.holes().count(), 1);
    // The ring's area is about π (18² − 12²); the island's about π 6².
    let ring_area = std::f32::consts::PI * (18.0f32.powi(2) - 12.0f32.powi(2));
    assert!(
        (ring.metrics().area - ring_area).abs() < 0.05 * ring_area,
        "{}",
        ring.metrics().area
    );
    assert!((shapes[1].area() - std::f32::consts::PI * 36.0).abs() < 0.1 * 113.0);
    // A ball in the gap between island and ring touches neither.
    let ball = Shape::circle(2.0);
    let in_gap = Iso::from_translation(Vec2::new(9.0, 0.0));
    assert!(
        shapes
            .iter()
            .all(|shape| sat2d::contact(shape, &Iso::IDENTITY, &ball, &in_gap).is_none())
    );
}

#[test]
fn specks_are_dropped_and_small_holes_filled() {
    let (width, height) = (32, 32);
    let alpha = mask_of(width, height, |x, y| {
        let speck = (x - 3.0).abs() < 1.0 && (y - 3.0).abs() < 1.0; // one pixel
        let block = (8.0..28.0).contains(&x) && (8.0..28.0).contains(&y);
        let pinhole = (x - 18.0).abs() < 1.0 && (y - 18.0).abs() < 1.0; // one pixel
        if speck || (block && !pinhole) {
            1.0
        } else {
            0.0
        }
    });
    let mask = AlphaMask::try_new(width, height, &alpha).unwrap();
    let shapes = trace_shapes(&mask, &TraceSettings::default()).unwrap();
    assert_eq!(shapes.len(), 1, "the speck is dropped");
    assert!(
        matches!(shapes[0], Shape::Polygon(_)),
        "the pinhole is filled: a convex block"
    );
    let keep_all = TraceSettings {
        min_area: 0.0,
        ..TraceSettings::default()
    };
    let shapes = trace_shapes(&mask, &keep_all).unwrap();
    assert_eq!(shapes.len(), 2);
    let Shape::Concave(block) = &shapes[0] else {
        panic!("with its pinhole the block is concave");
    };
    assert_eq!(block.holes().count(), 1);
    let only_specks = TraceSettings {
        min_area: 1000.0,
        ..TraceSettings::default()
    };
    assert_eq!(
        trace_shapes(&mask, &only_specks),
        Err(TraceError::AllRegionsTooSmall { dropped: 2 })
    );
}

#[test]
fn the_pivot_and_the_scale_place_the_shape_as_a_sprite() {
    let (width, height) = (32, 16);
    let alpha = vec![1.0; (width * height) as usize];
    let mask = AlphaMask::try_new(width, height, &alpha).unwrap();
    let settings = TraceSettings {
        pixels_per_unit: 16.0,
        pivot: Vec2::new(0.5, 1.0),
        tolerance: 0.0, // every traced point kept: the exact outline
        ..TraceSettings::default()
    };
    let shapes = trace_shapes(&mask, &settings).unwrap();
    let aabb = shapes[0].aabb(&Iso::IDENTITY);
    // The outline runs along the image's border: halfway between the edge pixels'
    // centres (alpha 1) and the clear ring around the image (alpha 0). 32×16 pixels at
    // 16 per unit, anchored at the bottom centre: from (-1, 0) to (1, 1).
    assert!(
        (aabb.min - Vec2::new(-1.0, 0.0)).length() < 1e-4,
        "{aabb:?}"
    );
    assert!((aabb.max - Vec2::new(1.0, 1.0)).length() < 1e-4, "{aabb:?}");
    // Only the four corners are cut, by an eighth of a pixel each.
    let expected = 2.0 - 4.0 * 0.125 / (16.0 * 16.0);
    assert!(
        (shapes[0].area() - expected).abs() < 1e-4,
        "{}",
        shapes[0].area()
    );
}

#[test]
fn bad_input_gives_typed_errors() {
    assert_eq!(
        AlphaMask::try_new(0, 4, &[]).unwrap_err(),
        TraceError::ZeroSize {
            width: 0,
            height: 4
        }
    );
    assert_eq!(
        AlphaMask::try_new(2, 2, &[1.0; 3]).unwrap_err(),
        TraceError::LengthMismatch {
            expected: 4,
            actual: 3
        }
    );
    assert!(matches!(
        AlphaMask::try_new(u32::MAX, u32::MAX, &[]),
        Err(TraceError::TooLarge { .. } | TraceError::LengthMismatch { .. })
    ));
    let alpha = [0.2; 16];
    let mask = AlphaMask::try_new(4, 4, &alpha).unwrap();
    assert_eq!(
        trace_shapes(&mask, &TraceSettings::default()),
        Err(TraceError::NoOpaquePixels { threshold: 0.5 })
    );
    for settings in [
        TraceSettings {
            tolerance: f32::NAN,
            ..TraceSettings::default()
        },
        TraceSettings {
            tolerance: -1.0,
            ..TraceSettings::default()
        },
        TraceSettings {
            pixels_per_unit: 0.0,
            ..TraceSettings::default()
        },
        TraceSettings {
            pixels_per_unit: f32::INFINITY,
            ..TraceSettings::default()
        },
        TraceSettings {
            threshold: 0.0,
            ..TraceSettings::default()
        },
        TraceSettings {
            threshold: 1.5,
            ..TraceSettings::default()
        },
        TraceSettings {
            pivot: Vec2::new(f32::NAN, 0.0),
            ..TraceSettings::default()
        },
        TraceSettings {
            min_area: -1.0,
            ..TraceSettings::default()
        },
    ] {
        assert!(
            matches!(
                trace_shapes(&mask, &settings),
                Err(TraceError::InvalidSetting { .. })
            ),
            "{settings:?}"
        );
    }
}

#[test]
fn a_filled_circle_keeps_its_area_and_a_square_its_four_corners() {
    // A disc of radius 100 pixels, anti-aliased: with a quarter-pixel tolerance the
    // traced area is within 1% of π r² (chords cut across the curve lose a little).
    let (width, height) = (220, 220);
    let alpha = mask_of(width, height, |x, y| {
        (100.5 - Vec2::new(x - 110.0, y - 110.0).length()).clamp(0.0, 1.0)
    });
    let mask = AlphaMask::try_new(width, height, &alpha).unwrap();
    let fine = TraceSettings {
        tolerance: 0.25,
        ..TraceSettings::default()
    };
    let disc = trace_shapes(&mask, &fine).unwrap();
    let expected = std::f32::consts::PI * 100.0 * 100.0;
    assert!(
        (disc[0].area() - expected).abs() < 0.01 * expected,
        "{}",
        disc[0].area()
    );
    // A square block simplifies to its four corners.
    let alpha = mask_of(64, 64, |x, y| {
        if (10.0..50.0).contains(&x) && (12.0..40.0).contains(&y) {
            1.0
        } else {
            0.0
        }
    });
    let mask = AlphaMask::try_new(64, 64, &alpha).unwrap();
    let square = trace_shapes(&mask, &TraceSettings::default()).unwrap();
    let Shape::Polygon(polygon) = &square[0] else {
        panic!("a square is convex");
    };
    assert_eq!(polygon.points().len(), 4, "{:?}", polygon.points());
}

#[test]
fn tiny_and_pathological_masks_finish_with_an_answer() {
    // One pixel, opaque: a speck (dropped by default, a small diamond without).
    let mask = AlphaMask::try_new(1, 1, &[1.0]).unwrap();
    assert_eq!(
        trace_shapes(&mask, &TraceSettings::default()),
        Err(TraceError::AllRegionsTooSmall { dropped: 1 })
    );
    let keep = TraceSettings {
        min_area: 0.0,
        tolerance: 0.0,
        ..TraceSettings::default()
    };
    let speck = trace_shapes(&mask, &keep).unwrap();
    assert_eq!(speck.len(), 1);
    assert!((speck[0].area() - 0.5).abs() < 0.01, "{}", speck[0].area());
    // A 256 × 256 checkerboard: at threshold 0.5 the saddles join the opaque pixels
    // corner to corner (their centre is 0.5), making one region pierced by thousands
    // of one-pixel holes, which are filled by default, or refused as too many points
    // without a minimum area; above 0.5 every opaque pixel is its own speck.
    let board: Vec<f32> = (0..256 * 256)
        .map(|index| {
            if (index % 256 + index / 256) % 2 == 0 {
                1.0
            } else {
                0.0
            }
        })
        .collect();
    let mask = AlphaMask::try_new(256, 256, &board).unwrap();
    let filled = trace_shapes(&mask, &TraceSettings::default()).unwrap();
    assert_eq!(filled.len(), 1);
    assert!(matches!(
        trace_shapes(
            &mask,
            &TraceSettings {
                min_area: 0.0,
                ..TraceSettings::default()
            }
        ),
        Err(TraceError::Shape(sat2d::ShapeError::TooManyPoints { .. }))
    ));
    let apart = TraceSettings {
        threshold: 0.6,
        ..TraceSettings::default()
    };
    assert_eq!(
        trace_shapes(&mask, &apart),
        Err(TraceError::AllRegionsTooSmall { dropped: 256 * 128 })
    );
}
