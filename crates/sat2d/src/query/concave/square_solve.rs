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
use crate::query::concave::minkowski_difference::MinkowskiDifference;
use crate::query::concave::work_budget::{TEST, WorkBudget};

/// A square met by few shapes, solved piece by piece.
pub(crate) struct SquareSolve<'a> {
    /// Every shape of the search.
    pub shapes: &'a [MinkowskiDifference],
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
        let mut pieces: SmallVec<[(u32, BoundaryPiece, Aabb); 32]> = SmallVec::new();
        for &owner in self.list {
            if !budget.spend(TEST + 4 * self.shapes[owner as usize].view().points.len()) {
                return;
            }
            let shape = &self.shapes[owner as usize];
            // Only pieces that may lie on the union's boundary: the answer is on it.
            for piece in BoundaryPiece::on_boundary(shape.view(), Some(shape.flags())) {
                let bounds = piece.bounds();
                if bounds.intersects(&inside) && piece.nearest().length() < *best {
                    pieces.push((owner, piece, bounds));
                }
            }
        }
        // Each candidate is tested as it comes, against the shape that covered the last
        // one first (neighbours share coverers); a free one lowers `best`, which then
        // rules out the candidates beyond it unseen.
        let mut last = 0;
        let mut consider = |point: Vec2, budget: &mut WorkBudget| {
            let distance = point.length();
            if distance >= *best || distance < self.covered || !inside.contains_point(point) {
                return;
            }
            let mut covered = |shape: &u32| {
                let view = self.shapes[*shape as usize].view();
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
        for (index, (owner, piece, bounds)) in pieces.iter().enumerate() {
            if !budget.spend(TEST + 4 * (pieces.len() - index)) {
                return;
            }
            consider(piece.nearest(), budget);
            for end in piece.ends() {
                consider(end, budget);
            }
            for (other_owner, other, other_bounds) in &pieces[index + 1..] {
                if other_owner != owner && bounds.intersects(other_bounds) {
                    for crossing in piece.crossings(other) {
                        consider(crossing, budget);
                    }
                }
            }
        }
    }
}
