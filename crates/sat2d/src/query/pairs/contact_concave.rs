//! Concave shapes: queries part by part, answered for the shape as a whole.
//!
//! Frame: A's local frame, with B's parts carried into it once.
//!
//! Other libraries return the deepest part's contact, whose MTV can push B straight
//! into a neighbouring part. Here the MTV is searched for the union of the parts.

use glam::Vec2;
use smallvec::SmallVec;

use crate::query::containment::{convex_in_concave, convex_in_convex};
use crate::query::kernel::chord;
use crate::query::minkowski_difference::MinkowskiDifference;
use crate::query::pairs::contact_convex_convex::{contact_convex_convex, intersects_convex_convex};
use crate::query::parts::Parts;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Contact, Iso, Shape};

/// Whether any part of A meets any part of B (`relative` is B's pose in A's frame).
pub(crate) fn intersects_concave(a: &Shape, b: &Shape, relative: &Iso, tolerance: f32) -> bool {
    let parts_a = Parts::new(a, &Iso::IDENTITY);
    let parts_b = Parts::new(b, relative);
    (0..a.part_count()).any(|i| {
        (0..b.part_count()).any(|j| {
            parts_a.overlap(i, &parts_b, j, tolerance)
                && intersects_convex_convex(
                    &parts_a.cores[i].form(),
                    &parts_b.cores[j].form(),
                    tolerance,
                )
        })
    })
}

/// The contact of two shapes at least one of which is concave, in A's frame.
///
/// ```text
/// touching = contacts of every pair of parts that meet
/// candidates = each touching pair's normal, every face normal of A's touching parts,
///              and the reversed face normals of B's touching parts
/// reach = the push that separates the shapes' bounding circles (no MTV is longer)
/// for each candidate direction n:
///     for every pair of parts whose difference lies within reach and near the ray
///     (its Minkowski difference built on first use): the interval of t where
///     B + t·n overlaps that pair
///     d(n) = the first t ≥ 0 outside every interval (touching allowed)
/// MTV = the candidate with the smallest d(n); it separates every part by construction
/// points = the points of every touching pair
/// ```
pub(crate) fn contact_concave(
    a: &Shape,
    b: &Shape,
    relative: &Iso,
    tolerance: f32,
) -> Option<Contact> {
    let parts_a = Parts::new(a, &Iso::IDENTITY);
    let parts_b = Parts::new(b, relative);
    let mut touching: Vec<(usize, usize, Contact)> = Vec::new();
    for i in 0..a.part_count() {
        for j in 0..b.part_count() {
            if !parts_a.overlap(i, &parts_b, j, tolerance) {
                continue;
            }
            let (core_a, core_b) = (&parts_a.cores[i], &parts_b.cores[j]);
            if let Some(contact) = contact_convex_convex(&core_a.form(), &core_b.form(), tolerance)
            {
                touching.push((i, j, contact));
            }
        }
    }
    if touching.is_empty() {
        return None;
    }

    let mut differences = Differences::within_reach(&parts_a, &parts_b, a, b, relative);

    let mut candidates: Vec<Vec2> = touching
        .iter()
        .map(|(_, _, contact)| contact.normal)
        .collect();
    for (i, j, _) in &touching {
        candidates.extend(parts_a.cores[*i].form().core().normals.iter().copied());
        candidates.extend(parts_b.cores[*j].form().core().normals.iter().map(|n| -*n));
    }

    let mut best_normal = candidates[0];
    let mut best_depth = f32::INFINITY;
    let mut tried: Vec<Vec2> = Vec::with_capacity(candidates.len());
    for direction in candidates {
        if tried.iter().any(|seen| seen.dot(direction) > 1.0 - 1e-6) {
            continue;
        }
        tried.push(direction);
        let depth = first_free_distance(&mut differences, direction, best_depth, tolerance);
        if depth < best_depth {
            best_depth = depth;
            best_normal = direction;
        }
    }

    let points: SmallVec<[Vec2; 2]> = touching
        .iter()
        .flat_map(|(_, _, contact)| contact.points.iter().copied())
        .collect();
    Some(Contact {
        normal: best_normal,
        depth: best_depth,
        a_in_b: shape_in_shape(a, &parts_a, b, &parts_b, relative, tolerance),
        b_in_a: shape_in_shape(b, &parts_b, a, &parts_a, &Iso::IDENTITY, tolerance),
        points,
    })
}

/// The part pairs whose Minkowski difference can matter to the MTV, each with a
/// bounding circle (from the parts' circles, so nothing is built to find it) and its
/// difference once some candidate direction's ray has come near it.
struct Differences<'a> {
    parts_a: &'a Parts,
    parts_b: &'a Parts,
    /// `(i, j, centre, radius)`: part `i` of A, part `j` of B, and a circle around
    /// `A_i ⊖ B_j`.
    pairs: Vec<(usize, usize, Vec2, f32)>,
    built: Vec<Option<MinkowskiDifference>>,
}

impl<'a> Differences<'a> {
    /// The pairs whose difference comes within `reach` of the origin, where `reach`
    /// is the push that separates the two shapes' bounding circles: B moved that far
    /// in any direction is clear of A, so no MTV is longer.
    fn within_reach(
        parts_a: &'a Parts,
        parts_b: &'a Parts,
        a: &Shape,
        b: &Shape,
        relative: &Iso,
    ) -> Self {
        let (circle_a, circle_b) = (
            a.bounding_circle(&Iso::IDENTITY),
            b.bounding_circle(relative),
        );
        let reach = circle_a.center.distance(circle_b.center) + circle_a.radius + circle_b.radius;
        let mut pairs = Vec::new();
        for (i, (center_a, radius_a)) in parts_a.bounds.iter().enumerate() {
            for (j, (center_b, radius_b)) in parts_b.bounds.iter().enumerate() {
                let (center, radius) = (*center_a - *center_b, radius_a + radius_b);
                if center.length() - radius <= reach {
                    pairs.push((i, j, center, radius));
                }
            }
        }
        let built = pairs.iter().map(|_| None).collect();
        Self {
            parts_a,
            parts_b,
            pairs,
            built,
        }
    }

    /// The difference of pair `index`, built on first use.
    fn get(&mut self, index: usize) -> &MinkowskiDifference {
        let (i, j, _, _) = self.pairs[index];
        let (parts_a, parts_b) = (self.parts_a, self.parts_b);
        self.built[index].get_or_insert_with(|| {
            MinkowskiDifference::new(
                parts_a.cores[i].form().core(),
                parts_b.cores[j].form().core(),
            )
        })
    }
}

/// The smallest `t ≥ 0` such that B moved by `t · direction` overlaps no part pair by
/// more than `tolerance` (touching is allowed). Gives up past `give_up`, returning it.
///
/// ```text
/// intervals = for each part pair whose circle the ray [0, give_up] passes through:
///             where the line t·direction crosses A_i ⊖ B_j
/// sort by entry; t = 0
/// for each interval: if it starts after t: t is free, stop
///                    if it ends after t: t = its exit
/// ```
fn first_free_distance(
    differences: &mut Differences<'_>,
    direction: Vec2,
    give_up: f32,
    tolerance: f32,
) -> f32 {
    let mut intervals: SmallVec<[(f32, f32); 16]> = SmallVec::new();
    for index in 0..differences.pairs.len() {
        let (_, _, center, radius) = differences.pairs[index];
        let along = center.dot(direction);
        let off_line = center.perp_dot(direction).abs();
        if off_line > radius || along + radius < 0.0 || along - radius > give_up {
            continue;
        }
        if let Some((enter, exit)) =
            chord(differences.get(index).view(), Vec2::ZERO, direction, 0.0)
            && exit > tolerance
        {
            intervals.push((enter, exit));
        }
    }
    intervals.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut t = 0.0f32;
    for (enter, exit) in intervals {
        if enter + tolerance >= t {
            break;
        }
        if exit - tolerance > t {
            t = exit;
            if t >= give_up {
                return give_up;
            }
        }
    }
    t
}

/// Whether every part of `inner` lies in `outer` (both given as parts in A's frame;
/// `outer_iso` places `outer`'s outline in that frame).
fn shape_in_shape(
    inner: &Shape,
    inner_parts: &Parts,
    outer: &Shape,
    outer_parts: &Parts,
    outer_iso: &Iso,
    tolerance: f32,
) -> bool {
    if inner.area() > outer.area() * (1.0 + 1e-4) + tolerance * tolerance {
        return false;
    }
    let inner_views = inner_parts.cores.iter().map(|core| core.form().core());
    match outer {
        Shape::Concave(polygon) => {
            let outline: Vec<Vec2> = polygon
                .outline()
                .iter()
                .map(|p| outer_iso.transform_point(*p))
                .collect();
            inner_views.into_iter().all(|part: RoundedConvex<'_>| {
                convex_in_concave(
                    part,
                    &outline,
                    outer_parts.cores.iter().map(|core| core.form().core()),
                    tolerance,
                )
            })
        }
        _ => {
            let outer_core = outer_parts.cores[0].form().core();
            inner_views
                .into_iter()
                .all(|part| convex_in_convex(part, outer_core, tolerance))
        }
    }
}
