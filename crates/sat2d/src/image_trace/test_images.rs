//! Seeded images for the tracing's unit tests: nested rings (holes inside islands
//! inside holes), anti-aliased blobs with cut-outs, and noise.

use glam::Vec2;

/// A seeded image: its width, height and alpha, row by row from the top.
pub(crate) struct TestImage {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) alpha: Vec<f32>,
}

impl TestImage {
    fn from_fn(width: u32, height: u32, alpha: impl Fn(Vec2) -> f32) -> Self {
        let alpha = (0..width * height)
            .map(|index| {
                alpha(Vec2::new(
                    (index % width) as f32 + 0.5,
                    (index / width) as f32 + 0.5,
                ))
            })
            .collect();
        Self {
            width,
            height,
            alpha,
        }
    }
}

/// Images `seed` picks: concentric wobbly rings (nested holes and islands), blobs
/// (discs filled and cut out), or noise of any density, up to 96 pixels a side.
pub(crate) fn test_image(seed: u64) -> TestImage {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (width, height) = (rng.u32(12..96), rng.u32(12..96));
    match seed % 3 {
        0 => {
            let centre = Vec2::new(width as f32, height as f32) * (0.3 + 0.4 * rng.f32());
            let (spacing, wobble) = (2.0 + rng.f32() * 6.0, rng.f32() * 4.0);
            TestImage::from_fn(width, height, |point| {
                let offset = point - centre;
                let distance = offset.length() + wobble * (offset.y.atan2(offset.x) * 5.0).sin();
                ((distance / spacing).sin() * 2.0 + 0.5).clamp(0.0, 1.0)
            })
        }
        1 => {
            let discs: Vec<(Vec2, f32, bool)> = (0..rng.usize(1..12))
                .map(|_| {
                    let centre = Vec2::new(rng.f32() * width as f32, rng.f32() * height as f32);
                    (centre, 2.0 + rng.f32() * 20.0, rng.f32() < 0.6)
                })
                .collect();
            TestImage::from_fn(width, height, |point| {
                discs.iter().fold(0.0f32, |alpha, &(centre, radius, fill)| {
                    let coverage = (radius + 0.5 - point.distance(centre)).clamp(0.0, 1.0);
                    if fill {
                        alpha.max(coverage)
                    } else {
                        alpha.min(1.0 - coverage)
                    }
                })
            })
        }
        _ => {
            let density = 0.1 + 0.8 * rng.f32();
            let alpha = (0..width * height)
                .map(|_| {
                    let opaque = rng.f32() < density;
                    rng.f32() * 0.5 + if opaque { 0.5 } else { 0.0 }
                })
                .collect();
            TestImage {
                width,
                height,
                alpha,
            }
        }
    }
}
