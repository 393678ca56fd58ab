//! [`FarthestPoint`]: the point of a stretch of a loop farthest from a chord, found
//! from convex hulls when the stretch is long.
//!
//! Douglas–Peucker asks, again and again, which point of a stretch lies farthest from
//! the chord across it. Scanning the stretch costs its length, and on a comb or a
//! spiral each split peels off only a little, so scanning costs the loop's length for
//! every point kept. The distance from a segment is convex, so the farthest point of
//! a set is a corner of its convex hull:
//!
//! ```text
//! build: cut the loop into blocks of BLOCK points; each block's hull, then each
//!     pair of neighbours' hull, up to the whole loop (a segment tree of hulls)
//! query (stretch, chord):
//!     a short stretch: scan its points
//!     else: scan the points of the partial blocks at its ends, and the hull corners
//!     of the fewest whole nodes that cover the rest
//! ```
//! A stretch of straight or jagged outline has a hull of a few corners, so a query
//! costs about its ends' blocks plus a few corners per level. Ties go to the later
//! point, as a scan would.

use glam::Vec2;

use crate::math::segment::closest_point_on_segment;

/// Points per leaf of the hull tree.
const BLOCK: usize = 32;

/// Stretches up to this long are scanned, never looked up in the hulls: short loops
/// need no tree.
const SCAN_LENGTH: usize = 1024;

/// The farthest-point queries of one loop, with its hull tree built on the first
/// long query.
pub(crate) struct FarthestPoint<'a> {
    walk: &'a [Vec2],
    tree: Option<HullTree>,
}

impl<'a> FarthestPoint<'a> {
    /// Queries on the closed loop `walk`.
    pub(crate) fn new(walk: &'a [Vec2]) -> Self {
        Self { walk, tree: None }
    }

    /// The point strictly between positions `start` and `end` of the loop (`end` may
    /// be `walk.len()`, meaning the first point again) farthest from the chord joining
    /// them, with its distance; `None` when they are neighbours. Of equally far
    /// points, the last.
    pub(crate) fn farthest_from_chord(&mut self, start: usize, end: usize) -> Option<(usize, f32)> {
        let walk = self.walk;
        let (a, b) = (walk[start], walk[end % walk.len()]);
        let distance =
            |index: usize| walk[index].distance(closest_point_on_segment(a, b, walk[index]));
        if end <= start + 1 {
            return None;
        }
        if end - start - 1 <= SCAN_LENGTH {
            return scan(start + 1..end, distance);
        }
        let tree = self.tree.get_or_insert_with(|| HullTree::new(walk));
        let (first, last) = (start + 1, end - 1);
        let (first_block, last_block) = (first.div_ceil(BLOCK), (last + 1) / BLOCK);
        // The partial blocks at the ends, then the whole blocks between.
        let ends = scan(first..(first_block * BLOCK).min(end), distance)
            .into_iter()
            .chain(scan((last_block * BLOCK).max(first)..end, distance));
        let middle = tree
            .corners(first_block, last_block)
            .map(|index| (index, distance(index)));
        ends.chain(middle).max_by(later_if_tied)
    }
}

/// The farthest of `indices` by `distance`, the last of equals.
fn scan(indices: std::ops::Range<usize>, distance: impl Fn(usize) -> f32) -> Option<(usize, f32)> {
    indices
        .map(|index| (index, distance(index)))
        .max_by(later_if_tied)
}

/// Orders by distance, then by position, so that `max_by` picks the last of equals
/// whatever order the candidates come in.
fn later_if_tied(a: &(usize, f32), b: &(usize, f32)) -> std::cmp::Ordering {
    a.1.total_cmp(&b.1).then(a.0.cmp(&b.0))
}

/// A segment tree over the loop's blocks: each node the hull corners of its blocks'
/// points, sorted by x then y.
struct HullTree {
    /// Leaves at `leaves..2 * leaves`, node `i`'s children at `2i` and `2i + 1`.
    leaves: usize,
    /// Each node's corners, as a range of `corners`.
    nodes: Vec<(u32, u32)>,
    corners: Vec<u32>,
}

impl HullTree {
    fn new(walk: &[Vec2]) -> Self {
        let leaves = walk.len().div_ceil(BLOCK).next_power_of_two();
        let mut tree = Self {
            leaves,
            nodes: vec![(0, 0); 2 * leaves],
            corners: Vec::with_capacity(walk.len()),
        };
        let by_position = |a: &u32, b: &u32| {
            let (p, q) = (walk[*a as usize], walk[*b as usize]);
            p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)).then(a.cmp(b))
        };
        let mut points: Vec<u32> = Vec::new();
        for node in (1..2 * leaves).rev() {
            points.clear();
            if node >= leaves {
                let block = node - leaves;
                let range = (block * BLOCK).min(walk.len())..((block + 1) * BLOCK).min(walk.len());
                points.extend(range.map(|index| index as u32));
                points.sort_unstable_by(by_position);
            } else {
                // Both children's corners are sorted: merge them.
                let [left, right] = [2 * node, 2 * node + 1].map(|child| {
                    let (from, to) = tree.nodes[child];
                    &tree.corners[from as usize..to as usize]
                });
                let (mut i, mut j) = (0, 0);
                while i < left.len() || j < right.len() {
                    let take_left = j == right.len()
                        || (i < left.len() && by_position(&left[i], &right[j]).is_lt());
                    if take_left {
                        points.push(left[i]);
                        i += 1;
                    } else {
                        points.push(right[j]);
                        j += 1;
                    }
                }
            }
            let from = tree.corners.len() as u32;
            tree.corners.extend(hull(walk, &points));
            let to = tree.corners.len();
            tree.corners[from as usize..to].sort_unstable_by(by_position);
            tree.nodes[node] = (from, to as u32);
        }
        tree
    }

    /// The hull corners of blocks `first..last`, from the fewest nodes covering them.
    fn corners(&self, first: usize, last: usize) -> impl Iterator<Item = usize> + '_ {
        let mut nodes = Vec::new();
        let (mut low, mut high) = (first + self.leaves, last + self.leaves);
        while low < high {
            if low % 2 == 1 {
                nodes.push(low);
                low += 1;
            }
            if high % 2 == 1 {
                high -= 1;
                nodes.push(high);
            }
            low /= 2;
            high /= 2;
        }
        nodes.into_iter().flat_map(move |node| {
            let (from, to) = self.nodes[node];
            self.corners[from as usize..to as usize]
                .iter()
                .map(|&index| index as usize)
        })
    }
}

/// The corners of the convex hull of `points` (indices into `walk`, sorted by x then
/// y), by the monotone chain: each chain keeps only left turns.
fn hull(walk: &[Vec2], points: &[u32]) -> Vec<u32> {
    if points.len() <= 2 {
        return points.to_vec();
    }
    let turns_left = |chain: &[u32], next: u32| {
        let [before, last] =
            [chain[chain.len() - 2], chain[chain.len() - 1]].map(|index| walk[index as usize]);
        (last - before).perp_dot(walk[next as usize] - before) > 0.0
    };
    let mut corners: Vec<u32> = Vec::with_capacity(points.len());
    for pass in [points.to_vec(), points.iter().rev().copied().collect()] {
        let base = corners.len();
        for next in pass {
            while corners.len() >= base + 2 && !turns_left(&corners[base..], next) {
                corners.pop();
            }
            corners.push(next);
        }
        corners.pop(); // each chain's last point starts the other
    }
    corners
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Long loops whose Douglas–Peucker splits are lopsided or whose hulls are large:
    /// a comb, a spiral arm, a noisy circle.
    fn long_loops() -> Vec<Vec<Vec2>> {
        let mut rng = fastrand::Rng::with_seed(36);
        let comb: Vec<Vec2> = (0..400)
            .flat_map(|tooth| {
                let x = tooth as f32 * 4.0;
                (0..12).map(move |step| {
                    let y = if step < 6 {
                        step as f32 * 10.0
                    } else {
                        (11 - step) as f32 * 10.0
                    };
                    Vec2::new(x + if step < 6 { 0.0 } else { 2.0 }, y + 0.5)
                })
            })
            .collect();
        let spiral: Vec<Vec2> = (0..6000)
            .map(|step| {
                let angle = step as f32 * 0.01;
                Vec2::from_angle(angle) * (10.0 + angle * 4.0)
            })
            .collect();
        let circle: Vec<Vec2> = (0..5000)
            .map(|step| {
                let angle = step as f32 * std::f32::consts::TAU / 5000.0;
                Vec2::from_angle(angle) * (500.0 + rng.f32() * 2.0)
            })
            .collect();
        vec![comb, spiral, circle]
    }

    /// The hulls find the point a scan of the whole stretch finds, at the same
    /// distance, on long stretches starting and ending anywhere, the stretch back
    /// to the first point included.
    #[test]
    fn the_hull_tree_finds_the_farthest_point_a_scan_finds() {
        let mut rng = fastrand::Rng::with_seed(25);
        for walk in long_loops() {
            let mut farthest = FarthestPoint::new(&walk);
            for query in 0..300 {
                let start = rng.usize(0..walk.len() - SCAN_LENGTH - 2);
                let end = if query % 10 == 0 {
                    walk.len()
                } else {
                    rng.usize(start + SCAN_LENGTH + 2..=walk.len())
                };
                let (a, b) = (walk[start], walk[end % walk.len()]);
                let scanned = scan(start + 1..end, |index| {
                    walk[index].distance(closest_point_on_segment(a, b, walk[index]))
                })
                .unwrap();
                let (index, distance) = farthest.farthest_from_chord(start, end).unwrap();
                assert!((start + 1..end).contains(&index));
                let tolerance = 1e-5 * scanned.1.max(1.0);
                assert!(
                    (distance - scanned.1).abs() <= tolerance,
                    "{start}..{end}: {index} at {distance}, scanned {scanned:?}"
                );
            }
            assert!(farthest.tree.is_some(), "the long stretches used the hulls");
        }
    }

    /// The monotone chain keeps exactly the corners of a square, whatever lies inside
    /// or along its sides.
    #[test]
    fn the_hull_of_a_square_with_points_inside_and_along_is_its_corners() {
        let walk = [
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 2.0),
            Vec2::new(0.0, 1.0),
        ];
        let mut points: Vec<u32> = (0..walk.len() as u32).collect();
        points.sort_by(|&a, &b| {
            let (p, q) = (walk[a as usize], walk[b as usize]);
            p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y))
        });
        let mut corners = hull(&walk, &points);
        corners.sort_unstable();
        assert_eq!(corners, vec![0, 2, 3, 5]);
    }
}
