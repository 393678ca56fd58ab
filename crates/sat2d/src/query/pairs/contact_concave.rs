//! Concave shapes: queries part by part, answered for the shape as a whole.
//!
//! Frame: A's local frame, with B's parts carried into it once.
//!
//! Other libraries return the deepest part's contact, whose MTV can push B straight
//! into a neighbouring part. Here the MTV is the exact one for the union of the parts
//! (`concave/mtv_search.rs`): the shortest push that leaves every pair of parts at most
//! touching.

use core::ops::ControlFlow;

use glam::Vec2;
use smallvec::SmallVec;

use crate::math::segment::closest_point_on_segment;
use crate::query::concave::aabb_tree::AabbTree;
use crate::query::concave::meeting_parts::{parts_meet, proven_push, push_separates};
use crate::query::concave::mtv_search::{Mtv, MtvSearch, search_slack};
use crate::query::concave::part_pairs::PartPairs;
use crate::query::concave::work_budget::{BUILD, PAIR, WorkBudget};
use crate::query::containment::{convex_in_concave, convex_in_convex, part_holds};
use crate::query::pairs::contact_convex_convex::contact_convex_convex;
use crate::query::parts::Parts;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Aabb, ConcavePolygon, Contact, Iso, Shape};

/// Whether [`contact`](crate::contact) solves the pair as (B, A) and flips the result:
/// a concave pair is solved in one order whichever order it is asked in, so that
/// `contact(b, a)` is `contact(a, b)` flipped, to the bit.
///
/// Solved in A's frame, the two orders round differently. That is harmless for convex
/// pairs, but where thin parts meet at a shallow angle, the shortest push that leaves
/// them within the tolerance moves a long way with the rounding: two needle stars
/// pushed 38.95 one way and 38.93 the other (found by the `pairs` fuzz target). The
/// order compares the placements (translation, then rotation), then the reaches, part
/// counts and areas; only identical placements of alike shapes fall back on argument
/// order. (Two fuzzed stars with one placement, one reach and one part count, their
/// tips a millionth apart, were solved in argument order, and past the work budget
/// the two orders' pushes differ: 0.031 and 0.039.)
pub(crate) fn solved_reversed(a: &Shape, iso_a: &Iso, b: &Shape, iso_b: &Iso) -> bool {
    #[expect(
        clippy::cast_precision_loss,
        reason = "part counts are far below 2^24; only their order matters"
    )]
    let key = |shape: &Shape, iso: &Iso| {
        [
            iso.translation.x,
            iso.translation.y,
            iso.rotation.cos,
            iso.rotation.sin,
            shape.reach(),
            shape.part_count() as f32,
            shape.area(),
        ]
    };
    let (key_a, key_b) = (key(a, iso_a), key(b, iso_b));
    key_a
        .iter()
        .zip(&key_b)
        .map(|(x, y)| x.total_cmp(y))
        .find(|order| order.is_ne())
        == Some(core::cmp::Ordering::Greater)
}

/// Whether any part of A meets any part of B (`relative` is B's pose in A's frame).
pub(crate) fn intersects_concave(a: &Shape, b: &Shape, relative: &Iso, tolerance: f32) -> bool {
    let parts_a = Parts::new(a, &Iso::IDENTITY);
    let parts_b = Parts::new(b, relative);
    parts_meet(
        &parts_a,
        &parts_b,
        &PartPairs::new(&parts_a, &parts_b),
        tolerance,
    )
}

/// The contact of two shapes at least one of which is concave, in A's frame.
///
/// ```text
/// touching = contacts of every pair of parts that meet (pairs from the part tree)
/// if no pair overlaps by more than the tolerance: depth 0, the first pair's normal
/// else: the exact MTV of the union of the parts (concave/mtv_search.rs)
/// points = the points of every touching pair, in part order
/// ```
/// The work is budgeted ([`WorkBudget`]): past the budget the MTV is a push that
/// separates but may not be the shortest, and [`Contact::is_minimal`] says so.
pub(crate) fn contact_concave(
    a: &Shape,
    b: &Shape,
    relative: &Iso,
    tolerance: f32,
) -> Option<Contact> {
    let parts_a = Parts::new(a, &Iso::IDENTITY);
    let parts_b = Parts::new(b, relative);
    let PartsContact {
        normal,
        depth,
        points,
        minimal,
    } = measure_parts(
        &parts_a,
        &parts_b,
        tolerance,
        bounding_push(a, b, relative),
        parts_b.cores.len(),
    )?;
    // A search that ends within its budget is checked: B moved by its push must be left
    // at most touching; if not (a circle 0.02 across at the hub of four spikes 100
    // long, 1,000 times its size, was left 21 tolerances deep), the proven push is taken
    // instead, flagged as not minimal.
    let (normal, depth, minimal) = if minimal
        && depth > 0.0
        && !push_separates(b, relative, &parts_a, normal * depth, tolerance)
    {
        let push = proven_push(&parts_a, &parts_b, bounding_push(a, b, relative));
        (push.normalize_or(normal), push.length(), false)
    } else {
        (normal, depth, minimal)
    };
    let mut budget = WorkBudget::for_containment(points_in(&parts_a) + points_in(&parts_b));
    Some(Contact {
        normal,
        depth,
        a_in_b: shape_in_shape(
            (a, &Iso::IDENTITY),
            &parts_a,
            (b, relative),
            &parts_b,
            tolerance,
            &mut budget,
        ),
        b_in_a: shape_in_shape(
            (b, relative),
            &parts_b,
            (a, &Iso::IDENTITY),
            &parts_a,
            tolerance,
            &mut budget,
        ),
        points,
        minimal,
    })
}

/// How many points the cores of `parts` hold, the measure of [`WorkBudget`]s.
fn points_in(parts: &Parts) -> usize {
    parts
        .cores
        .iter()
        .map(|core| core.form().core().points.len())
        .sum()
}

/// What [`measure_parts`] finds: a [`Contact`]'s normal, depth and points, and
/// whether the push is minimal.
pub(crate) struct PartsContact {
    /// From A toward B, in A's frame.
    pub normal: Vec2,
    /// How far B must move along `normal`.
    pub depth: f32,
    /// The touching part pairs' points.
    pub points: SmallVec<[Vec2; 2]>,
    /// Whether `normal * depth` is the shortest push (else the budget ran out).
    pub minimal: bool,
}

/// The contact of two sets of convex parts in one frame (A's), B's parts counted as
/// one shape: its normal, its depth (the exact MTV of the union of the parts, or zero
/// when no pair overlaps by more than `tolerance`) and the points of the touching part
/// pairs whose B part is among B's first `points_of` parts, in part order. `None` when
/// no pair touches. `fallback` is a push known to separate the two (no MTV is longer).
///
/// The work is budgeted: [`WorkBudget::for_points`] of the parts' points, spent on the
/// part pairs' contacts (a few units per pair looked at, and four times the product
/// of the two parts' point counts per pair measured) and then on the MTV search. Once the budget is
/// spent, `minimal` is `false` and the push is the search's best proven one: the
/// nearest point found that no part pair's difference covers, else the convex hulls'
/// MTV (or `fallback`, if shorter or the hulls are degenerate), each of which
/// separates; the points are those of the pairs measured by then. (Until some pair is found
/// touching, the pairs are walked on past the budget, as
/// [`intersects`](crate::intersects) walks them: "no contact" is never a guess.)
pub(crate) fn measure_parts(
    parts_a: &Parts,
    parts_b: &Parts,
    tolerance: f32,
    fallback: Vec2,
    points_of: usize,
) -> Option<PartsContact> {
    let mut budget = WorkBudget::for_points(points_in(parts_a) + points_in(parts_b));
    let pairs = PartPairs::new(parts_a, parts_b);
    let mut touching: Vec<(usize, usize, Contact)> = Vec::new();
    // Whether a pair with one of B's own parts touches.
    let mut found_own = false;
    let _ = pairs.each_within(tolerance, |i, j| {
        let in_budget = budget.spend(PAIR);
        if !in_budget && found_own {
            return ControlFlow::Break(());
        }
        if parts_a.overlap(i, parts_b, j, tolerance) {
            let (core_a, core_b) = (&parts_a.cores[i].form(), &parts_b.cores[j].form());
            // The face scans read every point against every face, and the contact
            // points clip one part by the other: about four passes of the product.
            let cost = BUILD + 4 * core_a.core().points.len() * core_b.core().points.len();
            if ((in_budget && budget.spend(cost)) || !found_own)
                && let Some(contact) = contact_convex_convex(core_a, core_b, tolerance)
            {
                found_own |= j < points_of;
                touching.push((i, j, contact));
            }
        }
        ControlFlow::Continue(())
    });
    // The shape's own parts first: its first touching pair gives a touching normal.
    touching.sort_unstable_by_key(|(i, j, _)| (*j >= points_of, *i, *j));
    if touching.first().is_none_or(|(_, j, _)| *j >= points_of) {
        return None;
    }

    let deepest = touching
        .iter()
        .map(|(_, _, contact)| contact.depth)
        .fold(0.0, f32::max);
    let (normal, depth, minimal) = if deepest <= tolerance && !budget.is_spent() {
        (touching[0].2.normal, 0.0, true)
    } else {
        let upper = proven_push(parts_a, parts_b, fallback);
        let mtv = if budget.is_spent() {
            Mtv {
                push: upper,
                minimal: false,
            }
        } else {
            MtvSearch {
                parts: (parts_a, parts_b),
                pairs: &pairs,
                deepest,
                upper,
                slack: search_slack(tolerance),
            }
            .run(&mut budget)
        };
        match mtv.push.try_normalize() {
            Some(normal) => (normal, mtv.push.length(), mtv.minimal),
            None => (touching[0].2.normal, 0.0, mtv.minimal),
        }
    };

    let points = touching
        .iter()
        .filter(|(_, j, _)| *j < points_of)
        .flat_map(|(_, _, contact)| contact.points.iter().copied())
        .collect();
    Some(PartsContact {
        normal,
        depth,
        points,
        minimal,
    })
}

/// The push of B, in A's frame, that separates the two shapes' bounding circles: along
/// the line between their centres (A's `+Y` when they coincide), as far as both
/// radii and the centres' distance together. No MTV is longer.
pub(crate) fn bounding_push(a: &Shape, b: &Shape, relative: &Iso) -> Vec2 {
    let (circle_a, circle_b) = (
        a.bounding_circle(&Iso::IDENTITY),
        b.bounding_circle(relative),
    );
    let between = circle_b.center - circle_a.center;
    let reach = between.length() + circle_a.radius + circle_b.radius;
    between.try_normalize().unwrap_or(Vec2::Y) * reach
}

/// Whether every part of `inner` lies in `outer` (both given as parts in A's frame;
/// each shape with the `Iso` that places it in that frame).
///
/// ```text
/// outer convex:  every inner part in it
/// outer concave: a tree over the outer parts' boxes;
///                inner's bounding circle in the outline, clear of its edges → inside
///                (a small shape deep in a large outline: no part is read)
///                every vertex of every inner part in some outer part (cheap, first)
///                every inner part in the outline, tested against the outer parts
///                near it only
/// ```
/// The cost follows the outer parts near each inner part, not the product of the
/// part counts (two crossing 1,000-tooth combs: a few milliseconds, not hundreds).
/// Where many outer parts meet near many inner parts (a comb at the hub of a star of
/// 1,521 spikes, a jagged outline in a star of its size) that is still their product,
/// so the polygon parts' tests spend `budget` (see [`convex_in_concave`]); once it is
/// refused the answer is `false`, "not shown inside".
fn shape_in_shape(
    (inner, inner_iso): (&Shape, &Iso),
    inner_parts: &Parts,
    (outer, outer_iso): (&Shape, &Iso),
    outer_parts: &Parts,
    tolerance: f32,
    budget: &mut WorkBudget,
) -> bool {
    if inner.area() > outer.area() * (1.0 + 1e-4) + tolerance * tolerance {
        return false;
    }
    let inner_views = || inner_parts.cores.iter().map(|core| core.form().core());
    let Shape::Concave(polygon) = outer else {
        let outer_core = outer_parts.cores[0].form().core();
        return inner_views().all(|part| convex_in_convex(part, outer_core, tolerance));
    };
    let outer_cores: Vec<RoundedConvex<'_>> = outer_parts
        .cores
        .iter()
        .map(|core| core.form().core())
        .collect();
    let boxes: Vec<Aabb> = outer_cores
        .iter()
        .map(|core| core_box(*core, tolerance))
        .collect();
    let tree = AabbTree::new(&boxes);
    let in_some_part = |point: Vec2| {
        tree.each_meeting(&Aabb::new(point, point), |k| {
            if part_holds(outer_cores[k], point, tolerance) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    };
    let circle = inner.bounding_circle(inner_iso);
    if in_some_part(circle.center)
        && clear_of_edges(
            polygon,
            outer_iso.inverse_transform_point(circle.center),
            // Within the tolerance of the outline counts as in it; a centre that far
            // outside is nearer an edge than the tolerance, so it is never clear.
            (circle.radius - tolerance).max(tolerance),
        )
    {
        return true;
    }
    if !inner_views().all(|part| part.points.iter().all(|point| in_some_part(*point))) {
        return false;
    }
    // Only a circle or a segment (one part) reads the boundary: the outline's edges
    // and every hole's.
    let boundary: Vec<(Vec2, Vec2)> = if inner_parts.cores.len() == 1 {
        std::iter::once(polygon.outline())
            .chain(polygon.holes())
            .flat_map(|walk| {
                (0..walk.len()).map(move |index| {
                    let (start, end) = (walk[index], walk[(index + 1) % walk.len()]);
                    (
                        outer_iso.transform_point(start),
                        outer_iso.transform_point(end),
                    )
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut near = Vec::new();
    inner_views().all(|part| {
        near.clear();
        let _ = tree.each_meeting(&core_box(part, tolerance), |k| {
            near.push(outer_cores[k]);
            ControlFlow::Continue(())
        });
        convex_in_concave(part, &boundary, &near, tolerance, budget)
    })
}

/// Whether `center` (in the polygon's frame) lies farther than `radius` from every
/// edge of the polygon's outline and holes. For a centre inside the polygon, the disc
/// of `radius` around it is then inside too: leaving the polygon means crossing an
/// edge.
fn clear_of_edges(polygon: &ConcavePolygon, center: Vec2, radius: f32) -> bool {
    let clearance = radius * radius;
    std::iter::once(polygon.outline())
        .chain(polygon.holes())
        .all(|walk| {
            (0..walk.len()).all(|index| {
                let (start, end) = (walk[index], walk[(index + 1) % walk.len()]);
                closest_point_on_segment(start, end, center).distance_squared(center) > clearance
            })
        })
}

/// A core's box, its radius and `margin` included.
fn core_box(core: RoundedConvex<'_>, margin: f32) -> Aabb {
    Aabb::from_points(core.points).map_or(Aabb::new(Vec2::ZERO, Vec2::ZERO), |bounds| {
        bounds.grown(core.radius + margin)
    })
}
