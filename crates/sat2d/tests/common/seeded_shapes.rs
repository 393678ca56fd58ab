//! Seeded shapes of every layout, for the tests that run queries over many pairs.

use sat2d::{Shape, Vec2};

/// A convex polygon of `count` vertices around the origin, each at a random radius.
pub fn random_convex(rng: &mut fastrand::Rng, count: usize) -> Shape {
    loop {
        let radius = 0.3 + 2.0 * rng.f32();
        let step = core::f32::consts::TAU / count as f32;
        let points: Vec<Vec2> = (0..count)
            .map(|index| {
                Vec2::from_angle(step * (index as f32 + 0.8 * (rng.f32() - 0.5)))
                    * radius
                    * (0.7 + 0.3 * rng.f32())
            })
            .collect();
        if let Ok(shape) = Shape::convex_hull(&points) {
            return shape;
        }
    }
}

/// A star: concave, split into convex parts.
pub fn random_star(rng: &mut fastrand::Rng) -> Shape {
    let tips = rng.usize(4..=7);
    let (outer, inner) = (1.0 + rng.f32(), 0.4 + 0.3 * rng.f32());
    let points: Vec<Vec2> = (0..tips * 2)
        .map(|index| {
            let radius = if index % 2 == 0 { outer } else { inner };
            Vec2::from_angle(index as f32 * core::f32::consts::PI / tips as f32) * radius
        })
        .collect();
    Shape::polygon(&points).expect("a star is simple")
}

/// One of every layout a shape can have: a convex polygon of 3–8, 9–16 or 17–24
/// vertices (four, two and one in ten), a circle, a capsule or segment, or a star.
pub fn random_shape(rng: &mut fastrand::Rng) -> Shape {
    match rng.usize(0..10) {
        0..=3 => {
            let count = rng.usize(3..=8);
            random_convex(rng, count)
        }
        4 | 5 => {
            let count = rng.usize(9..=16);
            random_convex(rng, count)
        }
        6 => {
            let count = rng.usize(17..=24);
            random_convex(rng, count)
        }
        7 => Shape::circle(0.2 + 1.5 * rng.f32()),
        8 => match rng.usize(0..2) {
            0 => Shape::capsule(0.2 + 0.5 * rng.f32(), 0.3 + 2.0 * rng.f32()),
            _ => Shape::segment(
                Vec2::new(-1.0 - rng.f32(), rng.f32() - 0.5),
                Vec2::new(1.0 + rng.f32(), rng.f32() - 0.5),
            ),
        },
        _ => random_star(rng),
    }
}
