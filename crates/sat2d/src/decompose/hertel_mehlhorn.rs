//! Hertel–Mehlhorn: merge triangles into few convex parts.
//!
//! ```text
//! for each part, for each of its edges that is a diagonal (shared with another part):
//!     if the union of the two parts is convex at both ends of the diagonal:
//!         replace the two parts by their union
//! ```
//! The result has at most four times the minimum number of convex parts.

use glam::Vec2;
use rustc_hash::FxHashMap;

/// Merges counter-clockwise triangles (index triples into `points`) into convex parts,
/// each a counter-clockwise list of indices.
pub(crate) fn merge_triangles(points: &[Vec2], triangles: &[[u32; 3]]) -> Vec<Vec<u32>> {
    let scale = points
        .iter()
        .fold(0.0f32, |scale, p| scale.max(p.abs().max_element()));
    // A turn this close to straight still counts as convex; collinear points are
    // removed when the parts become polygons.
    let straight = -scale * scale * 1e-9;
    let mut parts: Vec<Vec<u32>> = triangles.iter().map(|t| t.to_vec()).collect();
    let mut alive = vec![true; parts.len()];
    let mut owner: FxHashMap<(u32, u32), usize> = FxHashMap::default();
    for (index, part) in parts.iter().enumerate() {
        for (a, b) in edges(part) {
            owner.insert((a, b), index);
        }
    }
    let turn = |a: u32, b: u32, c: u32| {
        let (a, b, c) = (points[a as usize], points[b as usize], points[c as usize]);
        (b - a).perp_dot(c - b)
    };

    for index in 0..parts.len() {
        if !alive[index] {
            continue;
        }
        let mut edge = 0;
        while edge < parts[index].len() {
            let part = &parts[index];
            let length = part.len();
            let a = part[edge];
            let b = part[(edge + 1) % length];
            let Some(&other) = owner.get(&(b, a)) else {
                edge += 1;
                continue;
            };
            debug_assert!(alive[other] && other != index);
            let neighbour = &parts[other];
            let position = neighbour
                .iter()
                .position(|&v| v == b)
                .expect("the neighbour owns edge b → a");
            let before_a = part[(edge + length - 1) % length];
            let after_b = part[(edge + 2) % length];
            let after_a = neighbour[(position + 2) % neighbour.len()];
            let before_b = neighbour[(position + neighbour.len() - 1) % neighbour.len()];
            if turn(before_a, a, after_a) < straight || turn(before_b, b, after_b) < straight {
                edge += 1;
                continue;
            }
            // b … a along this part, then the neighbour's vertices after a up to before b.
            let mut merged: Vec<u32> = (0..length).map(|i| part[(edge + 1 + i) % length]).collect();
            merged
                .extend((2..neighbour.len()).map(|i| neighbour[(position + i) % neighbour.len()]));
            owner.remove(&(a, b));
            owner.remove(&(b, a));
            for (x, y) in edges(&parts[other]) {
                if let Some(slot) = owner.get_mut(&(x, y)) {
                    *slot = index;
                }
            }
            alive[other] = false;
            parts[other].clear();
            parts[index] = merged;
            edge = 0;
        }
    }
    parts
        .into_iter()
        .zip(alive)
        .filter(|(_, alive)| *alive)
        .map(|(part, _)| part)
        .collect()
}

fn edges(part: &[u32]) -> impl Iterator<Item = (u32, u32)> + '_ {
    (0..part.len()).map(move |i| (part[i], part[(i + 1) % part.len()]))
}
