//! The containment flags of concave pairs (`a_in_b`, `b_in_a`), decided by comparing
//! the two boundaries, against the area method they replaced, written here as a slow
//! oracle in `f64`: `inner ⊆ outer` iff the outer parts cover the inner parts' area,
//! `Σ area(inner part ∩ outer part) = area(inner)`.
//!
//! The shapes are star-shaped outlines on a lattice (optionally with a square hole),
//! their sub-outlines (sharing edges and vertices with them), lattice rectangles and
//! copies of the holes, placed at lattice offsets: every pair is either exactly
//! degenerate (a shared edge, a vertex on an edge, a filled hole) or far (a lattice
//! step, not a tolerance) from being so, so the oracle's answer is the one to expect.

use proptest::prelude::*;
use sat2d::{Iso, Shape, Vec2};

/// Primitive lattice directions, counter-clockwise from `+X`.
const DIRECTIONS: [(i32, i32); 16] = [
    (1, 0),
    (2, 1),
    (1, 1),
    (1, 2),
    (0, 1),
    (-1, 2),
    (-1, 1),
    (-2, 1),
    (-1, 0),
    (-2, -1),
    (-1, -1),
    (-1, -2),
    (0, -1),
    (1, -2),
    (1, -1),
    (2, -1),
];

/// A star-shaped lattice outline: direction `i` is used where bit `i` of `mask` is
/// set, `multipliers[i]` steps of it out (times two, leaving room for a hole of one
/// step around the origin). `None` when two chosen directions are half a turn or more
/// apart, or fewer than three are chosen (the outline would not be simple around the
/// origin).
fn star_outline(mask: u16, multipliers: &[u8; 16]) -> Option<Vec<Vec2>> {
    let chosen: Vec<usize> = (0..16).filter(|i| mask & (1 << i) != 0).collect();
    if chosen.len() < 3 {
        return None;
    }
    let widest = (0..chosen.len())
        .map(|k| (chosen[(k + 1) % chosen.len()] + 16 - chosen[k]) % 16)
        .max()?;
    if widest >= 8 {
        return None;
    }
    Some(
        chosen
            .iter()
            .map(|&i| {
                let (x, y) = DIRECTIONS[i];
                Vec2::new(x as f32, y as f32) * 2.0 * f32::from(multipliers[i])
            })
            .collect(),
    )
}

/// A lattice square of side one with its lower-left corner at `corner`.
fn unit_square(corner: Vec2) -> Vec<Vec2> {
    [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
        .map(|(x, y)| corner + Vec2::new(x, y))
        .to_vec()
}

/// The outline as a shape, with `hole` if the constructor takes it (else without).
fn shape_with_hole(outline: &[Vec2], hole: Option<Vec<Vec2>>) -> Option<Shape> {
    if let Some(hole) = hole
        && let Ok(shape) = Shape::polygon_with_holes(outline, &[hole])
    {
        return Some(shape);
    }
    Shape::polygon(outline).ok()
}

/// The shape's convex parts, each placed by `iso`, in `f64`.
fn parts(shape: &Shape, iso: &Iso) -> Vec<Vec<glam::DVec2>> {
    let place = |points: &[Vec2]| {
        points
            .iter()
            .map(|point| iso.transform_point(*point).as_dvec2())
            .collect()
    };
    match shape {
        Shape::Polygon(polygon) => vec![place(polygon.points())],
        Shape::Concave(polygon) => polygon
            .parts()
            .iter()
            .map(|part| place(part.points()))
            .collect(),
        _ => unreachable!("only polygons are generated"),
    }
}

/// The signed area of a closed walk.
fn area(walk: &[glam::DVec2]) -> f64 {
    (0..walk.len())
        .map(|i| walk[i].perp_dot(walk[(i + 1) % walk.len()]))
        .sum::<f64>()
        * 0.5
}

/// `subject ∩ clipper` for two counter-clockwise convex polygons (Sutherland–Hodgman).
fn clip(subject: &[glam::DVec2], clipper: &[glam::DVec2]) -> Vec<glam::DVec2> {
    let mut region = subject.to_vec();
    for (index, start) in clipper.iter().enumerate() {
        let edge = clipper[(index + 1) % clipper.len()] - *start;
        let side = |point: glam::DVec2| edge.perp_dot(point - *start);
        let mut next = Vec::new();
        for (k, from) in region.iter().enumerate() {
            let to = region[(k + 1) % region.len()];
            let (side_from, side_to) = (side(*from), side(to));
            if side_from >= 0.0 {
                next.push(*from);
            }
            if (side_from > 0.0 && side_to < 0.0) || (side_from < 0.0 && side_to > 0.0) {
                next.push(from.lerp(to, side_from / (side_from - side_to)));
            }
        }
        region = next;
        if region.is_empty() {
            break;
        }
    }
    region
}

/// The oracle: whether the outer parts cover the inner parts' whole area.
fn covered(inner: &[Vec<glam::DVec2>], outer: &[Vec<glam::DVec2>]) -> bool {
    let total: f64 = inner.iter().map(|part| area(part)).sum();
    let common: f64 = inner
        .iter()
        .flat_map(|part| outer.iter().map(move |other| area(&clip(part, other))))
        .sum();
    common >= total - 1e-9 * total.max(1.0)
}

/// A star description: direction mask and multipliers.
fn star_parameters() -> impl Strategy<Value = (u16, [u8; 16])> {
    (any::<u16>(), prop::array::uniform16(1u8..=3))
}

/// One generated pair: A, and B with its placement.
#[derive(Debug, Clone)]
struct Pair {
    a: Shape,
    b: Shape,
    offset: Vec2,
}

/// Pairs of every kind the module docs list; `None` where a star is not simple.
fn pairs() -> impl Strategy<Value = Option<Pair>> {
    (
        star_parameters(),
        star_parameters(),
        prop::array::uniform16(0u8..=2),
        0usize..6,
        (-2i32..=2, -2i32..=2),
        (any::<bool>(), any::<bool>(), -1i32..=0, -1i32..=0),
        (-6i32..=6, -6i32..=6, 1i32..=8, 1i32..=8),
    )
        .prop_map(
            |(
                (mask_a, multipliers_a),
                (mask_b, multipliers_b),
                shrink,
                kind,
                (dx, dy),
                (hole_a, hole_b, hx, hy),
                (rx, ry, rw, rh),
            )| {
                let outline_a = star_outline(mask_a, &multipliers_a)?;
                let hole = unit_square(Vec2::new(hx as f32, hy as f32));
                let a = shape_with_hole(&outline_a, hole_a.then(|| hole.clone()))?;
                let offset = Vec2::new(dx as f32, dy as f32);
                let (b, offset) = match kind {
                    // Another star anywhere near.
                    0 => (
                        shape_with_hole(
                            &star_outline(mask_b, &multipliers_b)?,
                            hole_b.then(|| hole.clone()),
                        )?,
                        offset,
                    ),
                    // A sub-star of A: the same directions, some pulled in (shared
                    // edges and vertices), maybe the same hole, maybe moved.
                    1 | 2 => {
                        let pulled: [u8; 16] = core::array::from_fn(|i| {
                            multipliers_a[i].saturating_sub(shrink[i]).max(1)
                        });
                        let moved = if kind == 1 { Vec2::ZERO } else { offset };
                        (
                            shape_with_hole(
                                &star_outline(mask_a, &pulled)?,
                                hole_b.then(|| hole.clone()),
                            )?,
                            moved,
                        )
                    }
                    // A itself, exactly or moved.
                    3 => (a.clone(), if hole_b { Vec2::ZERO } else { offset }),
                    // A lattice rectangle (a convex polygon).
                    4 => {
                        let corner = Vec2::new(rx as f32, ry as f32);
                        let size = Vec2::new(rw as f32, rh as f32);
                        (
                            Shape::polygon(&[
                                corner,
                                corner + Vec2::new(size.x, 0.0),
                                corner + size,
                                corner + Vec2::new(0.0, size.y),
                            ])
                            .ok()?,
                            Vec2::ZERO,
                        )
                    }
                    // The hole's square: filling A's hole when A has one.
                    _ => (Shape::polygon(&hole).ok()?, Vec2::ZERO),
                };
                Some(Pair { a, b, offset })
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn flags_agree_with_the_area_oracle(pair in pairs()) {
        let Some(Pair { a, b, offset }) = pair else {
            return Ok(());
        };
        let iso_b = Iso::from_translation(offset);
        let (parts_a, parts_b) = (parts(&a, &Iso::IDENTITY), parts(&b, &iso_b));
        let (a_in_b, b_in_a) = (covered(&parts_a, &parts_b), covered(&parts_b, &parts_a));
        match sat2d::contact(&a, &Iso::IDENTITY, &b, &iso_b) {
            Some(contact) => {
                prop_assert_eq!(contact.a_in_b, a_in_b, "a_in_b");
                prop_assert_eq!(contact.b_in_a, b_in_a, "b_in_a");
            }
            None => prop_assert!(!a_in_b && !b_in_a, "apart, yet the oracle sees containment"),
        }
        if let Some(reversed) = sat2d::contact(&b, &iso_b, &a, &Iso::IDENTITY) {
            prop_assert_eq!(reversed.a_in_b, b_in_a, "reversed a_in_b");
            prop_assert_eq!(reversed.b_in_a, a_in_b, "reversed b_in_a");
        }
    }
}

#[test]
fn a_square_filling_a_hole_is_not_inside_the_region() {
    let outline = star_outline(0b0101_0101_0101_0101, &[2; 16]).expect("a diamond star");
    let hole = unit_square(Vec2::new(-1.0, -1.0));
    let ring =
        Shape::polygon_with_holes(&outline, std::slice::from_ref(&hole)).expect("the hole fits");
    let plug = Shape::polygon(&hole).expect("a square");
    let contact = sat2d::contact(&ring, &Iso::IDENTITY, &plug, &Iso::IDENTITY)
        .expect("the plug touches the hole's edges");
    assert!(!contact.b_in_a && !contact.a_in_b);
    // The ring's outline with the plug in place is the ring without its hole.
    let solid = Shape::polygon(&outline).expect("the outline");
    let around = sat2d::contact(&solid, &Iso::IDENTITY, &ring, &Iso::IDENTITY).unwrap();
    assert!(around.b_in_a && !around.a_in_b);
}

/// A star of `tips` tips, radii `outer` and `inner`, tip 0 on `+X`.
fn star(tips: usize, outer: f32, inner: f32) -> Vec<Vec2> {
    (0..2 * tips)
        .map(|index| {
            let radius = if index % 2 == 0 { outer } else { inner };
            Vec2::from_angle(index as f32 * core::f32::consts::PI / tips as f32) * radius
        })
        .collect()
}

/// The `timing` fuzz target's find: a small spiky outline deep in a large one of 1,665
/// notches (the flags read every outer part near the small one's 1,306 points, 35 ms;
/// the small one's bounding circle clear of the outline's edges now decides). Near the
/// outline, over it, and in a hole, the parts decide as before.
#[test]
fn a_small_outline_deep_in_a_large_one_is_inside_it() {
    let large = Shape::polygon(&star(1665, 46.84, 46.83)).expect("a star");
    let small = Shape::polygon(&star(653, 0.022, 0.014)).expect("a star");
    // Deep in, and over tip 0 (at 46.84, the notches beside it at 46.83).
    for (at, inside) in [
        (Vec2::ZERO, true),
        (Vec2::new(30.0, -20.0), true),
        (Vec2::new(46.83, 0.0), false),
    ] {
        let iso = Iso::new(at, 0.3);
        let contact = sat2d::contact(&small, &iso, &large, &Iso::IDENTITY).expect("they overlap");
        assert_eq!((contact.a_in_b, contact.b_in_a), (inside, false), "at {at}");
        let swapped = sat2d::contact(&large, &Iso::IDENTITY, &small, &iso).expect("they overlap");
        assert_eq!((swapped.a_in_b, swapped.b_in_a), (false, inside), "at {at}");
    }
    // A hole around the centre: the small outline in it is not inside the region, one
    // beside the hole is.
    let hole = unit_square(Vec2::new(-0.5, -0.5));
    let ring = Shape::polygon_with_holes(&star(1665, 46.84, 46.83), &[hole]).expect("a ring");
    let in_hole = sat2d::contact(&small, &Iso::IDENTITY, &ring, &Iso::IDENTITY);
    assert!(in_hole.is_none_or(|contact| !contact.a_in_b));
    let beside = Iso::from_translation(Vec2::new(2.0, 0.0));
    assert!(
        sat2d::contact(&small, &beside, &ring, &Iso::IDENTITY)
            .unwrap()
            .a_in_b
    );
}
