//! The exact MTV of two shapes made of convex parts (a concave polygon against
//! anything), used by `pairs/contact_concave.rs` once some pair of parts overlaps by
//! more than the tolerance.
//!
//! Frame: A's local frame, B's parts carried into it; the answer is a translation of B
//! in that frame.
//!
//! **The problem.** Pushing B by the deepest pair of parts' MTV can drive it into a
//! neighbouring part, and no combination of per-part MTVs is the shortest push in
//! general. **The idea.** B moved by `t` overlaps parts `A_i` and `B_j` exactly when
//! `t` lies in their Minkowski difference `D_ij = A_i ⊖ B_j`, itself a rounded convex
//! shape ([`MinkowskiDifference`](minkowski_difference::MinkowskiDifference), built
//! by merging the two cores' edges by angle). So the MTV of the union is the point
//! nearest the origin that lies inside no `D_ij` (a boundary point counts as outside):
//! a point of some difference's boundary that no other covers. No direction is
//! guessed. **The window** ([`MtvSearch`](mtv_search::MtvSearch)): the search looks
//! only within `reach` of the origin, starting a little past the deepest pair's
//! overlap (no MTV is shorter; with at most 64 part pairs, past the hulls' push at
//! once) and doubling until it holds an answer; a difference farther than `reach`
//! covers nothing nearer, so an answer found within it is the answer. A round that
//! finds nothing proves every point within its reach covered: the next round keeps
//! the differences built whole and drops the squares inside that disc unread.
//! **Built when read.** A difference of two small parts waits with its box (the
//! difference of the parts' boxes) until the quadtree reads its faces
//! ([`LazyDifference`](lazy_difference::LazyDifference)): most squares are dropped
//! after reading a few, and about half the differences near an ordinary contact are
//! never built.
//! **Finding the pairs.** An [`AabbTree`](aabb_tree::AabbTree) over the part
//! boxes of the shape with fewer parts gives every part pair whose boxes come within
//! `reach` of each other ([`PartPairs`](part_pairs::PartPairs)); only their
//! differences can come within `reach` of the origin, and each is built cut to the
//! window (a many-sided part first cut to what can matter there,
//! [`ConvexWindow`](convex_window::ConvexWindow)). **Finding the point.**
//! [`nearest_uncovered_point`](nearest_uncovered::nearest_uncovered_point) runs a
//! branch and bound over a quadtree of the window, nearest square first: a square that
//! one difference, or two along a seam, covers whole is dropped (`square_cover.rs`); a
//! square that none meets gives its nearest point; a square met by few differences is
//! solved exactly from their [`BoundaryPiece`](boundary_piece::BoundaryPiece)s (edges
//! pushed out by the radius, corner arcs): each piece's point nearest the origin, its
//! ends, and the crossings of two pieces are the candidates, and the nearest one that
//! no difference covers wins. **Only the reduced convolution.** The union's boundary
//! lies on edges of one shape's boundary moved by convex corners of the other's
//! (Behar and Lien's reduced convolution): a piece made from a diagonal between two
//! parts, or moved by a reflex corner, lies inside a neighbouring pair's difference.
//! Each part carries [boundary flags](crate::shape::boundary_flags) for its edges and
//! corners, each difference inherits them, and only flagged pieces give candidates:
//! the seams between parts, most of the pieces of a deep overlap, give none.
//!
//! **Bounds on work.** The cost follows the parts near the contact, not the product of
//! the part counts: building the tree is `O(n log n)` and each window touches only the
//! pairs it reaches. The window doubles at most about twenty times: it starts past the
//! deepest overlap, which exceeds the tolerance (`10⁻⁵` of the reaches), and stops
//! just past the MTV of the two shapes' convex hulls ([`hull_push`](hull_push::hull_push)),
//! which is known to separate and is the best answer known from the start (the
//! quadtree drops every square beyond it). The quadtree splits at most twelve times
//! (down to `1/4096` of the window); a square is solved piece by piece once at most six
//! differences meet it (or a few hundred points that splitting no longer pulls apart),
//! and a seam is tried as a cover by at most four pairs of differences.
//!
//! **The budget.** That is not enough where hundreds of boundaries pass through one
//! point (two many-spiked stars with a common centre: every part pair's difference
//! holds the origin, four million of them for two 4,096-point stars, seconds of
//! search). So the work is counted ([`WorkBudget`](work_budget::WorkBudget)): each
//! part pair looked at, difference built, square tested and candidate point tested
//! spends units by the points it reads, up to `1,500,000 + 300 ×` the parts' points
//! (a unit is about 0.8 to 1.2 ns on the two shared cores the bounds were measured
//! on). Ordinary pairs need far less: 3,400 seeded random pairs of outlines of 5 to
//! 64 points, of like size and overlapping anywhere, needed at most 427,000 units
//! (0.42 ms); the most any pair below 64 points a side is known to need is 0.92
//! million, a spiky 63-point star at the centre of a 54-point outline (a `concave_mtv`
//! fuzz find, `tests/concave_ordinary.rs`). The `concave_ordinary` bench and the
//! `concave_mtv` fuzz target check it. It is reached by adversarial pairs past that
//! size (many-spiked stars with one centre, whose every part pair's difference holds
//! the origin; at 64 points, two 32-spike stars need 0.70 million, a half-size one
//! inside 0.59 million; two 48-spike ones stay within it, 64-spike ones do not) and by large ones (hundreds of parts meeting near the answer, as two
//! overlapping 4,096-point outlines have). Past it the search stops and answers with
//! the best push it has proven to separate: the nearest point found so far that no
//! difference covers (a candidate is kept only once every difference meeting its
//! square has been read, so a test the budget cut short never makes one), else the
//! hulls' MTV. It may not be minimal, which
//! [`Contact::is_minimal`](crate::Contact::is_minimal) reports. The count makes the
//! answer deterministic; the `concentric_stars` and `concave_ordinary` benches and
//! the `timing` fuzz target measure the time.

pub(crate) mod aabb_tree;
pub(crate) mod boundary_piece;
pub(crate) mod clip_side;
pub(crate) mod convex_window;
pub(crate) mod hull_push;
pub(crate) mod lazy_difference;
pub(crate) mod meeting_parts;
pub(crate) mod minkowski_difference;
pub(crate) mod mtv_search;
pub(crate) mod nearest_uncovered;
pub(crate) mod part_pairs;
pub(crate) mod square_cover;
pub(crate) mod square_solve;
pub(crate) mod work_budget;
