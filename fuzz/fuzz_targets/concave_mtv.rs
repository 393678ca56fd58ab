//! The exact concave MTV on ordinary concave pairs (issue 36): two star-shaped
//! outlines of 5 to 64 points at random radii, of like size (within a factor of
//! three), overlapping anywhere (centres together included). The radii and the
//! angles' nudges come from a generator seeded by the input, so the outlines are
//! random ones: fed straight from a few repeated bytes they come out regular (a
//! 54-gon of one radius at the centre of a 54-point outline of two alternating
//! radii), the pathological class the work budget is for, where every part pair's
//! difference has the same rim (`concentric_stars` bench, `concave_time_budget.rs`).
//! Checks that
//! - the push is minimal (`is_minimal()`): the work budget is never reached at this
//!   size;
//! - B moved by the MTV leaves no pair of convex parts overlapping by more than the
//!   tolerance;
//! - B moved by 0.99 × the MTV still overlaps (a shorter push would have been found);
//! - the depth is the same, within rounding, when the whole scene is turned and moved.
#![no_main]

#[path = "common.rs"]
mod common;

use arbitrary::Arbitrary;
use common::deepest_part_overlap;
use libfuzzer_sys::fuzz_target;
use sat2d::{Iso, Shape, Vec2};

/// A number in `[low, high]` from 16 fuzzer bits.
fn ranged(bits: u16, low: f32, high: f32) -> f32 {
    low + (high - low) * f32::from(bits) / f32::from(u16::MAX)
}

/// A star-shaped outline: `count` points at even angles, each nudged by up to a third
/// of a step, radii in `0.2..1` times `size`, drawn from a generator seeded by `seed`.
#[derive(Arbitrary, Debug)]
struct Outline {
    count: u8,
    seed: u64,
    size: u16,
}

impl Outline {
    fn build(&self, scale: f32) -> Option<Shape> {
        let count = 5 + usize::from(self.count % 60);
        let mut rng = fastrand::Rng::with_seed(self.seed);
        let size = scale * ranged(self.size, 1.0, 3.0);
        let step = core::f32::consts::TAU / count as f32;
        let points: Vec<Vec2> = (0..count)
            .map(|i| {
                let radius = 0.2 + 0.8 * rng.f32();
                let nudge = (rng.f32() - 0.5) * 0.66;
                Vec2::from_angle(step * (i as f32 + nudge)) * radius * size
            })
            .collect();
        Shape::polygon(&points).ok()
    }
}

#[derive(Arbitrary, Debug)]
struct Input {
    a: Outline,
    b: Outline,
    scale: u16,
    angle_a: u16,
    angle_b: u16,
    offset_angle: u16,
    offset: u16,
    frame_turn: u16,
    frame_x: u16,
    frame_y: u16,
}

fuzz_target!(|input: Input| {
    let scale = 10f32.powf(ranged(input.scale, -1.0, 2.0));
    let (Some(a), Some(b)) = (input.a.build(scale), input.b.build(scale)) else {
        return;
    };
    if !matches!(a, Shape::Concave(_)) && !matches!(b, Shape::Concave(_)) {
        return;
    }
    let reach = a.reach() + b.reach();
    let iso_a = Iso::new(Vec2::ZERO, ranged(input.angle_a, 0.0, core::f32::consts::TAU));
    let offset = Vec2::from_angle(ranged(input.offset_angle, 0.0, core::f32::consts::TAU))
        * ranged(input.offset, 0.0, 0.8)
        * reach;
    let iso_b = Iso::new(offset, ranged(input.angle_b, 0.0, core::f32::consts::TAU));
    let Some(contact) = sat2d::contact(&a, &iso_a, &b, &iso_b) else {
        return;
    };
    let tolerance = sat2d::tolerance(&a, &b);
    if contact.depth <= tolerance {
        return;
    }
    let points = |shape: &Shape| match shape {
        Shape::Concave(polygon) => polygon.outline().len(),
        _ => 0,
    };
    assert!(
        points(&a) > 64 || points(&b) > 64 || contact.is_minimal(),
        "the budget was reached: {contact:?}"
    );
    let moved = |scale: f32| Iso::new(iso_b.translation + contact.mtv() * scale, iso_b.rotation.angle());
    let after = deepest_part_overlap(&a, &iso_a, &b, &moved(1.0));
    assert!(
        after <= 2.0 * tolerance,
        "moved by the MTV a part pair still overlaps by {after} ({contact:?})"
    );
    if 0.01 * contact.depth > 16.0 * tolerance {
        let short = deepest_part_overlap(&a, &iso_a, &b, &moved(0.99));
        assert!(
            short > 0.0,
            "moved by 0.99 of the MTV they are apart: a shorter push separates ({contact:?})"
        );
    }
    // The same scene turned and moved: the same depth within rounding.
    let frame = Iso::new(
        Vec2::new(ranged(input.frame_x, -100.0, 100.0), ranged(input.frame_y, -100.0, 100.0)),
        ranged(input.frame_turn, -core::f32::consts::PI, core::f32::consts::PI),
    );
    let (framed_a, framed_b) = (frame * iso_a, frame * iso_b);
    let framed = sat2d::contact(&a, &framed_a, &b, &framed_b).expect("the same overlap");
    let rounding = 64.0 * tolerance
        + 1e-4 * contact.depth
        + 16.0 * f32::EPSILON * (100.0 + reach);
    assert!(
        (framed.depth - contact.depth).abs() <= rounding,
        "depth {} here, {} in another frame",
        contact.depth,
        framed.depth
    );
});
