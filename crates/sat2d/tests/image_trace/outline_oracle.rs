//! Brute-force checks of every traced outline on seeded images with nested holes and
//! islands, blobs and noise: each loop simple, no two loops (of one shape or of two)
//! touching, no shape inside another, as many shapes and holes at every tolerance, and,
//! traced exactly from a two-level image, the area the pixels give.

use sat2d::image_trace::{AlphaMask, TraceError, TraceSettings, trace_shapes};
use sat2d::{Iso, Shape, ShapeError, Vec2};

/// A seeded two-level image (alpha 0 or 1), up to 80 pixels a side: wobbly
/// concentric rings (holes inside islands inside holes), filled and cut-out discs, or
/// noise.
fn two_level_image(seed: u64) -> (u32, u32, Vec<f32>) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (width, height) = (rng.u32(10..80), rng.u32(10..80));
    let pixel = |index: u32| Vec2::new((index % width) as f32 + 0.5, (index / width) as f32 + 0.5);
    let alpha: Vec<f32> = match seed % 3 {
        0 => {
            let centre = Vec2::new(width as f32, height as f32) * (0.3 + 0.4 * rng.f32());
            let (spacing, wobble) = (1.5 + rng.f32() * 5.0, rng.f32() * 3.0);
            (0..width * height)
                .map(|index| {
                    let offset = pixel(index) - centre;
                    let distance =
                        offset.length() + wobble * (offset.y.atan2(offset.x) * 4.0).sin();
                    f32::from(u8::from((distance / spacing).sin() > -0.2))
                })
                .collect()
        }
        1 => {
            let discs: Vec<(Vec2, f32, bool)> = (0..rng.usize(1..10))
                .map(|_| {
                    let centre = Vec2::new(rng.f32() * width as f32, rng.f32() * height as f32);
                    (centre, 1.0 + rng.f32() * 15.0, rng.f32() < 0.6)
                })
                .collect();
            (0..width * height)
                .map(|index| {
                    let inside = |&(centre, radius, _): &(Vec2, f32, bool)| {
                        pixel(index).distance(centre) < radius
                    };
                    let last = discs.iter().rev().find(|disc| inside(disc));
                    f32::from(u8::from(last.is_some_and(|disc| disc.2)))
                })
                .collect()
        }
        _ => {
            let density = [0.15, 0.3, 0.75, 0.9][rng.usize(0..4)];
            (0..width * height)
                .map(|_| f32::from(u8::from(rng.f32() < density)))
                .collect()
        }
    };
    (width, height, alpha)
}

/// Every boundary loop of `shapes`: outlines and holes.
fn loops_of(shapes: &[Shape]) -> Vec<Vec<Vec2>> {
    let mut loops = Vec::new();
    for shape in shapes {
        match shape {
            Shape::Polygon(polygon) => loops.push(polygon.points().to_vec()),
            Shape::Concave(polygon) => {
                loops.push(polygon.outline().to_vec());
                loops.extend(polygon.holes().map(<[Vec2]>::to_vec));
            }
            other => panic!("a traced shape is a polygon: {other:?}"),
        }
    }
    loops
}

/// The sign of the turn `a → b → c`, in `f64` (exact for these pixel coordinates).
fn orientation(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    let (a, b, c) = (a.as_dvec2(), b.as_dvec2(), c.as_dvec2());
    (b - a).perp_dot(c - a).signum() * f64::from(u8::from((b - a).perp_dot(c - a) != 0.0))
}

/// Whether closed segments `a` and `b` share a point.
fn segments_touch((a0, a1): (Vec2, Vec2), (b0, b1): (Vec2, Vec2)) -> bool {
    let within = |p: Vec2, q: Vec2, r: Vec2| r.cmpge(p.min(q)).all() && r.cmple(p.max(q)).all();
    let (d1, d2) = (orientation(a0, a1, b0), orientation(a0, a1, b1));
    let (d3, d4) = (orientation(b0, b1, a0), orientation(b0, b1, a1));
    (d1 * d2 < 0.0 && d3 * d4 < 0.0)
        || (d1 == 0.0 && within(a0, a1, b0))
        || (d2 == 0.0 && within(a0, a1, b1))
        || (d3 == 0.0 && within(b0, b1, a0))
        || (d4 == 0.0 && within(b0, b1, a1))
}

/// The first two edges of `loops` that meet other than as neighbours at their shared
/// corner (neighbours may not lie back along each other), by testing each edge against
/// every edge whose x range overlaps its own.
fn first_meeting(loops: &[Vec<Vec2>]) -> Option<((usize, usize), (usize, usize))> {
    let mut edges: Vec<(f32, f32, usize, usize)> = Vec::new();
    for (walk, points) in loops.iter().enumerate() {
        for edge in 0..points.len() {
            let (a, b) = (points[edge], points[(edge + 1) % points.len()]);
            edges.push((a.x.min(b.x), a.x.max(b.x), walk, edge));
        }
    }
    edges.sort_by(|a, b| a.0.total_cmp(&b.0));
    let ends = |walk: usize, edge: usize| {
        let points = &loops[walk];
        (points[edge], points[(edge + 1) % points.len()])
    };
    for (rank, &(_, max_x, walk, edge)) in edges.iter().enumerate() {
        for &(min_x, _, other_walk, other_edge) in &edges[rank + 1..] {
            if min_x > max_x {
                break;
            }
            let (a, b) = (ends(walk, edge), ends(other_walk, other_edge));
            let count = loops[walk].len();
            let meets = if walk == other_walk && (edge + 1) % count == other_edge {
                orientation(a.0, a.1, b.1) == 0.0 && (a.0 - a.1).dot(b.1 - a.1) > 0.0
            } else if walk == other_walk && (other_edge + 1) % count == edge {
                orientation(b.0, b.1, a.1) == 0.0 && (b.0 - b.1).dot(a.1 - b.1) > 0.0
            } else {
                segments_touch(a, b)
            };
            if meets {
                return Some(((walk, edge), (other_walk, other_edge)));
            }
        }
    }
    None
}

/// The opaque area marching squares encloses in a two-level image at threshold 0.5,
/// cell by cell between pixel centres (a clear ring around the image): a corner alone
/// an eighth, two side by side a half, three seven eighths, two opposite (joined
/// through the centre, whose mean is 0.5) three quarters, four the whole cell.
fn cell_area(width: u32, height: u32, alpha: &[f32]) -> f64 {
    let opaque = |x: i64, y: i64| {
        (0..i64::from(width)).contains(&x)
            && (0..i64::from(height)).contains(&y)
            && alpha[(y * i64::from(width) + x) as usize] >= 0.5
    };
    let mut area = 0.0;
    for y in -1..i64::from(height) {
        for x in -1..i64::from(width) {
            let corners = [
                opaque(x, y),
                opaque(x + 1, y),
                opaque(x + 1, y + 1),
                opaque(x, y + 1),
            ];
            let count = corners.iter().filter(|&&corner| corner).count();
            area += match count {
                0 => 0.0,
                1 => 0.125,
                2 if corners[0] == corners[2] => 0.75,
                2 => 0.5,
                3 => 0.875,
                _ => 1.0,
            };
        }
    }
    area
}

#[test]
fn traced_loops_are_simple_and_apart_and_enclose_the_pixels_area() {
    let (mut checked, mut holes) = (0, 0);
    for seed in 0..150 {
        let (width, height, alpha) = two_level_image(seed);
        let mask = AlphaMask::try_new(width, height, &alpha).unwrap();
        let mut exact_counts = None;
        for tolerance in [0.0, 0.7, 2.0, 5.0] {
            let settings = TraceSettings {
                tolerance,
                min_area: 0.0,
                ..TraceSettings::default()
            };
            let shapes = match trace_shapes(&mask, &settings) {
                Ok(shapes) => shapes,
                Err(TraceError::NoOpaquePixels { .. }) => break,
                Err(TraceError::Shape(ShapeError::TooManyPoints { .. })) => continue,
                Err(error) => panic!("seed {seed}, tolerance {tolerance}: {error}"),
            };
            let loops = loops_of(&shapes);
            assert_eq!(
                first_meeting(&loops),
                None,
                "seed {seed}, tolerance {tolerance}"
            );
            // No shape swallowed another (an island by its hole's outline, a speck by
            // a neighbour's), and every tolerance keeps every region and hole.
            for (index, shape) in shapes.iter().enumerate() {
                let point = loops_of(std::slice::from_ref(shape))[0][0];
                let inside = |(other, around): (usize, &Shape)| {
                    other != index && sat2d::contains_point(around, &Iso::IDENTITY, point)
                };
                assert!(
                    !shapes.iter().enumerate().any(inside),
                    "seed {seed}, tolerance {tolerance}: shape {index} is inside another"
                );
            }
            let counts = (shapes.len(), loops.len());
            let exact = *exact_counts.get_or_insert(counts);
            assert_eq!(
                counts, exact,
                "seed {seed}, tolerance {tolerance}: shapes, loops"
            );
            holes += loops.len() - shapes.len();
            checked += 1;
            if tolerance == 0.0 {
                // Every traced point kept (bar collinear ones): the exact enclosed area.
                let traced: f64 = shapes.iter().map(|shape| f64::from(shape.area())).sum();
                let expected = cell_area(width, height, &alpha);
                assert!(
                    (traced - expected).abs() <= 1e-4 * expected + 1e-3,
                    "seed {seed}: traced {traced}, pixels {expected}"
                );
            }
        }
    }
    assert!(
        checked > 400 && holes > 1000,
        "{checked} traces, {holes} holes"
    );
}
