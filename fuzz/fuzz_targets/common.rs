#![allow(dead_code)]
//! Shared input for the fuzz targets: shapes and placements built from fuzzer bytes,
//! kept inside sat2d's working range (sizes 0.01..100, coordinates within ±300), so
//! every generated shape that the constructors accept must give sound answers.

use arbitrary::Arbitrary;
use sat2d::{Iso, Shape, Vec2};

/// A number in `[low, high]` from 16 fuzzer bits, on a log scale when `low > 0`.
fn ranged(bits: u16, low: f32, high: f32) -> f32 {
    let unit = f32::from(bits) / f32::from(u16::MAX);
    if low > 0.0 {
        low * (high / low).powf(unit)
    } else {
        low + (high - low) * unit
    }
}

/// A shape description the fuzzer mutates.
#[derive(Arbitrary, Debug, Clone)]
pub enum FuzzShape {
    Circle(u16),
    Rectangle(u16, u16),
    Capsule(u16, u16),
    Segment([u16; 4]),
    /// Up to 24 outline points on a 300-unit square (convex or concave, maybe invalid).
    Polygon(Vec<(u16, u16)>),
    /// A star: alternating radii, always a simple outline (concave when the radii differ).
    Star(u8, u16, u16),
}

impl FuzzShape {
    /// The shape, or `None` where the constructor refuses the outline.
    pub fn build(&self) -> Option<Shape> {
        let size = |bits| ranged(bits, 0.01, 100.0);
        let coordinate = |bits| ranged(bits, -150.0, 150.0);
        match self {
            Self::Circle(radius) => Shape::try_circle(size(*radius)).ok(),
            Self::Rectangle(width, height) => {
                Shape::try_rectangle(size(*width), size(*height)).ok()
            }
            Self::Capsule(radius, length) => {
                Shape::try_capsule(size(*radius), ranged(*length, 0.0, 100.0)).ok()
            }
            Self::Segment([x0, y0, x1, y1]) => Shape::try_segment(
                Vec2::new(coordinate(*x0), coordinate(*y0)),
                Vec2::new(coordinate(*x1), coordinate(*y1)),
            )
            .ok(),
            Self::Polygon(points) => {
                let points: Vec<Vec2> = points
                    .iter()
                    .take(24)
                    .map(|(x, y)| Vec2::new(coordinate(*x), coordinate(*y)))
                    .collect();
                Shape::polygon(&points).ok()
            }
            Self::Star(tips, outer, inner) => {
                let tips = 3 + usize::from(*tips % 30);
                let (outer, inner) = (size(*outer), size(*inner));
                let points: Vec<Vec2> = (0..tips * 2)
                    .map(|index| {
                        let radius = if index % 2 == 0 { outer } else { inner };
                        Vec2::from_angle(index as f32 * std::f32::consts::PI / tips as f32) * radius
                    })
                    .collect();
                Shape::polygon(&points).ok()
            }
        }
    }
}

/// A placement within ±300 units, any angle.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub struct FuzzIso {
    x: u16,
    y: u16,
    angle: u16,
}

impl FuzzIso {
    pub fn iso(&self) -> Iso {
        Iso::new(
            Vec2::new(ranged(self.x, -300.0, 300.0), ranged(self.y, -300.0, 300.0)),
            ranged(self.angle, 0.0, std::f32::consts::TAU),
        )
    }
}

/// A vector of length up to 600 in any direction.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub struct FuzzMotion {
    length: u16,
    angle: u16,
}

impl FuzzMotion {
    pub fn motion(&self) -> Vec2 {
        Vec2::from_angle(ranged(self.angle, 0.0, std::f32::consts::TAU))
            * ranged(self.length, 0.0, 600.0)
    }
}

/// Asserts that `value` is finite, naming it.
pub fn finite(what: &str, value: f32) {
    assert!(value.is_finite(), "{what} is not finite: {value}");
}

/// Asserts that `vector` is a finite unit vector, naming it.
pub fn unit(what: &str, vector: Vec2) {
    assert!(
        vector.is_finite() && (vector.length() - 1.0).abs() < 1e-3,
        "{what} is not a unit vector: {vector}"
    );
}

/// How finely `f32` resolves positions near these placements: a push or a gap smaller
/// than this is lost to rounding, whatever the shapes' own tolerance.
pub fn resolution(isos: &[Iso]) -> f32 {
    let far = isos
        .iter()
        .map(|iso| iso.translation.abs().max_element())
        .fold(0.0, f32::max);
    far * f32::EPSILON * 8.0
}

/// A shape's convex parts, each as a shape of its own.
pub fn convex_parts(shape: &Shape) -> Vec<Shape> {
    match shape {
        Shape::Concave(polygon) => polygon.parts().iter().cloned().map(Shape::Polygon).collect(),
        other => vec![other.clone()],
    }
}

/// How deep the deepest pair of convex parts overlaps (a convex pair's depth is its
/// exact MTV), 0 when none does.
pub fn deepest_part_overlap(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> f32 {
    let parts_b = convex_parts(b);
    convex_parts(a)
        .iter()
        .flat_map(|part_a| {
            parts_b
                .iter()
                .filter_map(move |part_b| sat2d::contact(part_a, iso_a, part_b, iso_b))
        })
        .map(|contact| contact.depth)
        .fold(0.0, f32::max)
}
