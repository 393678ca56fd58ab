//! [`SquareSolve`]: a square of the quadtree of `nearest_uncovered.rs` met by few
//! shapes, solved piece by piece: the point nearest the origin inside it that none of
//! the shapes covers.
//!
//! Frame-free: the shapes and the square are in one frame, distances measured from its
//! origin.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Aabb;
use crate::query::concave::boundary_piece::{BoundaryPiece, covers};
use crate::query::concave::lazy_difference::{Build, LazyDifference};
use crate::query::concave::work_budget::{TEST, WorkBudget};

/// A square met by few shapes, solved piece by piece.
pub(crate) struct SquareSolve<'a> {
    /// Every shape of the search.
    pub shapes: &'a [LazyDifference],
    /// Builds a shape that waits to be built.
    pub build: Build<'a>,
    /// The indices of the shapes that meet the square.
    pub list: &'a [u32],
    /// The square.
    pub square: Aabb,
    /// How far inside a shape a point may lie and still count as outside.
    pub slack: f32,
    /// Every point nearer the origin than this is known to be covered (the shapes
    /// wholly inside that disc may be left out of `shapes`).
    pub covered: f32,
}

impl SquareSolve<'_> {
    /// Lowers `best` to the nearest free point inside the square, if nearer, spending
    /// a unit of `budget` per piece, per pair of pieces crossed and per point a cover
    /// test reads (it stops once the budget is spent).
    ///
    /// ```text
    /// pieces = the boundary pieces of the shapes met that reach into the square
    /// candidates = each piece's nearest point and ends, and where pieces of two
    ///              shapes cross, inside the square
    /// best = the nearest candidate that no shape met covers, if nearer
    /// ```
    /// A candidate is tested only against the shapes that meet the square, so only
    /// candidates inside it (or within half the slack, where no other shape can cover
    /// them by more than the slack) are kept.
    pub fn solve(&self, best: &mut f32, found: &mut Option<Vec2>, budget: &mut WorkBudget) {
        let inside = self.square.grown(0.5 * self.slack);
        // Each piece with its nearest point's distance, no candidate of it being
        // nearer.
        let mut pieces: SmallVec<[(u32, BoundaryPiece, Aabb, f32); 32]> = SmallVec::new();
        for &owner in self.list {
            let Some(shape) = self.shapes[owner as usize].get(self.build, budget) else {
                return;
            };
            if !budget.spend(TEST + 4 * shape.view().points.len()) {
                return;
            }
            // Only pieces that may lie on the union's boundary: the answer is on it.
            // And none wholly inside the disc known covered.
            for piece in BoundaryPiece::on_boundary(shape.view(), Some(shape.flags())) {
                let bounds = piece.bounds();
                if !bounds.intersects(&inside) {
                    continue;
                }
                let nearest = piece.nearest().length();
                if nearest < *best && piece.farthest() >= self.covered {
                    pieces.push((owner, piece, bounds, nearest));
                }
            }
        }
        // Nearest first: once a piece's nearest point is no nearer than `best`, neither
        // it nor any piece after it (nor any crossing of theirs) can give a nearer one.
        pieces.sort_unstable_by(|x, y| x.3.total_cmp(&y.3));
        // Each candidate is tested as it comes, against the shape that covered the last
        // one first (neighbours share coverers); a free one lowers `best`, which then
        // rules out the candidates beyond it unseen.
        let mut last = 0;
        let mut consider =
            |point: Vec2, best: &mut f32, found: &mut Option<Vec2>, budget: &mut WorkBudget| {
                let distance = point.length();
                if distance >= *best || distance < self.covered || !inside.contains_point(point) {
                    return;
                }
                let mut covered = |shape: &u32| {
                    let view = self.shapes[*shape as usize].expect_built().view();
                    // A spent budget leaves the point unproven: counted as covered.
                    !budget.spend(TEST + view.points.len()) || covers(view, point, self.slack)
                };
                if covered(&self.list[last]) {
                    return;
                }
                match self.list.iter().position(covered) {
                    Some(shape) => last = shape,
                    None => (*best, *found) = (distance, Some(point)),
                }
            };
        for (index, (owner, piece, bounds, nearest)) in pieces.iter().enumerate() {
            if *nearest >= *best {
                break;
            }
            if !budget.spend(TEST + 4 * (pieces.len() - index)) {
                return;
            }
            consider(piece.nearest(), best, found, budget);
            for end in piece.ends() {
                consider(end, best, found, budget);
            }
            for (other_owner, other, other_bounds, other_nearest) in &pieces[index + 1..] {
                // A crossing lies on both pieces, inside the square.
                if *other_nearest >= *best {
                    break;
                }
                if other_owner != owner
                    && bounds.intersects(other_bounds)
                    && meet_inside(bounds, other_bounds, &inside)
                {
                    for crossing in piece.crossings(other) {
                        consider(crossing, best, found, budget);
                    }
                }
            }
        }
    }
}

/// Whether the part two boxes share meets `inside`.
fn meet_inside(first: &Aabb, second: &Aabb, inside: &Aabb) -> bool {
    let shared = Aabb::new(first.min.max(second.min), first.max.min(second.max));
    shared.intersects(inside)
}
