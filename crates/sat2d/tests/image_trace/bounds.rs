//! Bounded work on any image: NaN or infinite alpha is a typed error naming its pixel;
//! noise of any density, and speckled images, are traced or refused with a typed error
//! (the counts checked before the work they would cost).

use sat2d::image_trace::{AlphaMask, MAX_TRACED_POINTS, TraceError, TraceSettings, trace_shapes};
use sat2d::{MAX_POLYGON_POINTS, Shape, ShapeError};

/// `size × size` seeded noise: each pixel opaque with probability `density`, its alpha
/// anywhere on its side of 0.5.
fn noise(size: u32, density: f32, seed: u64) -> Vec<f32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..size * size)
        .map(|_| {
            let opaque = rng.f32() < density;
            rng.f32() * 0.5 + if opaque { 0.5 } else { 0.0 }
        })
        .collect()
}

/// Whether `result` is shapes of positive area, or one of the typed refusals of an
/// image too detailed (its count past the maximum it names) or too sparse.
fn traced_or_refused(result: &Result<Vec<Shape>, TraceError>) -> bool {
    match result {
        Ok(shapes) => !shapes.is_empty() && shapes.iter().all(|shape| shape.area() > 0.0),
        Err(TraceError::Shape(ShapeError::TooManyPoints { count, max })) => {
            *max == MAX_POLYGON_POINTS && count > max
        }
        Err(TraceError::TooManyTracedPoints { count, max }) => {
            *max == MAX_TRACED_POINTS && count > max
        }
        Err(TraceError::AllRegionsTooSmall { dropped }) => *dropped > 0,
        Err(_) => false,
    }
}

#[test]
fn non_finite_alpha_is_a_typed_error_naming_the_first_such_pixel() {
    let (width, height) = (8u32, 6u32);
    let at = |x: u32, y: u32| (y * width + x) as usize;
    let mut alpha = vec![1.0; (width * height) as usize];
    alpha[at(5, 2)] = f32::NAN;
    alpha[at(1, 4)] = f32::INFINITY;
    let error = AlphaMask::try_new(width, height, &alpha).unwrap_err();
    assert!(
        matches!(error, TraceError::NonFiniteAlpha { x: 5, y: 2, value } if value.is_nan()),
        "{error:?}"
    );
    assert!(error.to_string().contains("(5, 2)"), "{error}");
    alpha[at(5, 2)] = 0.0;
    assert_eq!(
        AlphaMask::try_new(width, height, &alpha).unwrap_err(),
        TraceError::NonFiniteAlpha {
            x: 1,
            y: 4,
            value: f32::INFINITY
        }
    );
    alpha[at(1, 4)] = 0.0;
    alpha[at(7, 5)] = f32::NEG_INFINITY; // the last pixel
    assert_eq!(
        AlphaMask::try_new(width, height, &alpha).unwrap_err(),
        TraceError::NonFiniteAlpha {
            x: 7,
            y: 5,
            value: f32::NEG_INFINITY
        }
    );
    // Finite values past 0..=1 are read as they are: still one opaque block.
    alpha[at(7, 5)] = -3.0;
    alpha[at(3, 3)] = 2.5;
    let mask = AlphaMask::try_new(width, height, &alpha).unwrap();
    assert_eq!(
        trace_shapes(&mask, &TraceSettings::default())
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn noise_of_any_density_is_traced_or_refused_with_a_typed_error() {
    for (seed, density) in [0.1f32, 0.3, 0.45, 0.5, 0.6, 0.8, 0.95]
        .into_iter()
        .enumerate()
    {
        let alpha = noise(384, density, seed as u64);
        let mask = AlphaMask::try_new(384, 384, &alpha).unwrap();
        for min_area in [0.0, 4.0, 30.0] {
            let settings = TraceSettings {
                min_area,
                ..TraceSettings::default()
            };
            let result = trace_shapes(&mask, &settings);
            assert!(
                traced_or_refused(&result),
                "density {density}, min area {min_area}: {result:?}"
            );
        }
    }
    // Half-opaque noise joins corner to corner into one region pierced by thousands
    // of holes: refused by its count of loops, before simplifying any.
    let alpha = noise(512, 0.5, 36);
    let mask = AlphaMask::try_new(512, 512, &alpha).unwrap();
    let result = trace_shapes(&mask, &TraceSettings::default());
    assert!(
        matches!(result, Err(TraceError::Shape(ShapeError::TooManyPoints { count, .. })) if count > 3 * 1000),
        "{result:?}"
    );
}

#[test]
fn speckled_images_are_refused_by_their_total_point_count() {
    // One opaque pixel in every 2 × 2 block: 65,536 specks, none touching another,
    // each a region of at least 3 points once simplified. Refused before simplifying.
    let size = 512u32;
    let specks: Vec<f32> = (0..size * size)
        .map(|index| {
            f32::from(u8::from(
                (index % size).is_multiple_of(2) && (index / size).is_multiple_of(2),
            ))
        })
        .collect();
    let mask = AlphaMask::try_new(size, size, &specks).unwrap();
    let keep_specks = TraceSettings {
        min_area: 0.0,
        ..TraceSettings::default()
    };
    assert_eq!(
        trace_shapes(&mask, &keep_specks),
        Err(TraceError::TooManyTracedPoints {
            count: 3 * 256 * 256,
            max: MAX_TRACED_POINTS
        })
    );
    // One in every 3 × 3 block: 40,000 specks, 3 points each would fit, but with no
    // tolerance each keeps its 4: refused while simplifying, once past the maximum.
    let size = 600u32;
    let specks: Vec<f32> = (0..size * size)
        .map(|index| {
            f32::from(u8::from(
                (index % size).is_multiple_of(3) && (index / size).is_multiple_of(3),
            ))
        })
        .collect();
    let mask = AlphaMask::try_new(size, size, &specks).unwrap();
    let exact = TraceSettings {
        min_area: 0.0,
        tolerance: 0.0,
        ..TraceSettings::default()
    };
    let result = trace_shapes(&mask, &exact);
    assert!(
        matches!(result, Err(TraceError::TooManyTracedPoints { count, .. }) if count > MAX_TRACED_POINTS && count < 4 * 40_000),
        "{result:?}"
    );
}

/// A 4096 × 4096 image of any content is traced or refused with a typed error. (The
/// 2 s bound is measured by the `image_trace` bench, `-- 4096`, on the same images,
/// not timed here.) Long: run with
/// `cargo test --release -p sat2d --test image_trace -- --ignored`.
#[test]
#[ignore = "4096² images: run in release with --ignored"]
fn any_4096_image_is_traced_or_refused() {
    let size = 4096u32;
    let pattern = |opaque: &dyn Fn(u32, u32) -> bool| -> Vec<f32> {
        (0..size * size)
            .map(|index| f32::from(u8::from(opaque(index % size, index / size))))
            .collect()
    };
    let images: Vec<(&str, Vec<f32>)> = vec![
        ("noise 0.5", noise(size, 0.5, 1)),
        ("noise 0.3", noise(size, 0.3, 2)),
        ("noise 0.1", noise(size, 0.1, 3)),
        ("noise 0.7", noise(size, 0.7, 4)),
        ("checkerboard", pattern(&|x, y| (x + y) % 2 == 0)),
        ("full", vec![1.0; (size * size) as usize]),
        ("empty", vec![0.0; (size * size) as usize]),
        (
            "comb",
            pattern(&|x, y| {
                (8..4088).contains(&y) && (x % 4 < 2 || y < 12) && (4..4092).contains(&x)
            }),
        ),
    ];
    for (name, alpha) in images {
        let mask = AlphaMask::try_new(size, size, &alpha).unwrap();
        let result = trace_shapes(&mask, &TraceSettings::default());
        assert!(
            traced_or_refused(&result) || matches!(result, Err(TraceError::NoOpaquePixels { .. })),
            "{name}: {result:?}"
        );
    }
}
