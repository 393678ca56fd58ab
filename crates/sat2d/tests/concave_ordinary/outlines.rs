//! Ordinary concave outlines for the exact MTV's tests and benches: star-shaped, at
//! seeded random radii, of like size, placed to overlap.

use std::ops::RangeInclusive;

use sat2d::{Iso, Shape, Vec2};

/// A star-shaped outline of a point count from `points`: even angles nudged by up to a
/// third of a step, radii in `0.3..1` times `size`. Concave unless every radius
/// happens to agree (then tried again).
pub fn outline(rng: &mut fastrand::Rng, points: RangeInclusive<usize>, size: f32) -> Shape {
    loop {
        let count = rng.usize(points.clone());
        let step = core::f32::consts::TAU / count as f32;
        let corners: Vec<Vec2> = (0..count)
            .map(|i| {
                let angle = step * (i as f32 + 0.6 * (rng.f32() - 0.5));
                Vec2::from_angle(angle) * size * (0.3 + 0.7 * rng.f32())
            })
            .collect();
        if let Ok(shape @ Shape::Concave(_)) = Shape::polygon(&corners) {
            return shape;
        }
    }
}

/// Two outlines of sizes `1..3`, turned at random, B's centre within 0.7 of their
/// summed sizes from A's: `None` when their parts do not overlap by 1% of that.
pub fn overlapping_pair(
    rng: &mut fastrand::Rng,
    points: RangeInclusive<usize>,
) -> Option<(Shape, Iso, Shape, Iso)> {
    let (size_a, size_b) = (1.0 + 2.0 * rng.f32(), 1.0 + 2.0 * rng.f32());
    let a = outline(rng, points.clone(), size_a);
    let b = outline(rng, points, size_b);
    let iso_a = Iso::new(Vec2::ZERO, rng.f32() * core::f32::consts::TAU);
    let offset =
        Vec2::from_angle(rng.f32() * core::f32::consts::TAU) * rng.f32() * (size_a + size_b) * 0.7;
    let iso_b = Iso::new(offset, rng.f32() * core::f32::consts::TAU);
    let deepest = sat2d::contact(&a, &iso_a, &b, &iso_b)?;
    (deepest.depth > 0.01 * (size_a + size_b)).then_some((a, iso_a, b, iso_b))
}

/// The hardest pair below 64 points known, a `concave_mtv` fuzz find: a spiky 63-point
/// star (radii 0.774 and 0.470 of its size, 10 across) at the centre of a 54-point
/// outline of nearly even radii, 22 across, both centred on the origin. Every part
/// pair's difference comes near the answer (957 of them, the push 23.6 long).
pub fn spiky_find() -> (Shape, Iso, Shape, Iso) {
    let ranged =
        |bits: u16, low: f32, high: f32| low + (high - low) * f32::from(bits) / f32::from(u16::MAX);
    let scale = 10f32.powf(ranged(43433, -1.0, 2.0));
    let outline = |count: usize, radii: [u8; 2], nudges: &[u8], size: u16| {
        let size = scale * ranged(size, 1.0, 3.0);
        let step = core::f32::consts::TAU / count as f32;
        let points: Vec<Vec2> = (0..count)
            .map(|i| {
                let radius = 0.2 + 0.8 * f32::from(radii[i % 2]) / 255.0;
                let nudge = nudges
                    .get(i)
                    .map_or(0.0, |bits| (f32::from(*bits) / 255.0 - 0.5) * 0.66);
                Vec2::from_angle(step * (i as f32 + nudge)) * radius * size
            })
            .collect();
        Shape::polygon(&points).unwrap()
    };
    let a = outline(54, [154, 169], &[183, 86], 43433);
    let b = outline(63, [183, 86], &[], 1322);
    let iso_a = Iso::new(Vec2::ZERO, ranged(39, 0.0, core::f32::consts::TAU));
    (a, iso_a, b, Iso::IDENTITY)
}
