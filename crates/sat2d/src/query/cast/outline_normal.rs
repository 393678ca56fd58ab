//! [`outline_normal`]: a normal of a concave polygon's whole boundary at a hit point,
//! from the normal one of its convex parts gave there. Both casts, [`cast_ray`] and
//! [`cast_shape`], end a hit on a concave polygon here.
//!
//! Why: a part's faces are boundary edges or internal edges (diagonals between two
//! parts), and at a boundary vertex the part's angle is only a share of the
//! polygon's, so the part's normal cone is wider than the boundary's. A hit on that
//! vertex can carry a normal valid for the part (an internal edge's, or the other
//! shape's face's) that points into a neighbouring part. An internal edge meets the
//! boundary only at its ends, so away from the part's vertices its face is a boundary
//! edge and its normal is right.
//!
//! Frame: the polygon's local frame.
//!
//! [`cast_ray`]: fn@super::cast_ray
//! [`cast_shape`]: fn@super::cast_shape

use glam::Vec2;

use crate::ConcavePolygon;
use crate::math::segment::edge_normal;

/// The normal of `polygon`'s boundary at `point` (on part `part`), given the unit
/// outward `normal` that part reported there: `normal` itself when it is one of the
/// boundary's normals there, else the boundary normal nearest it.
///
/// ```text
/// v = the part's vertex nearest point
/// |point − v| > slack          → normal  (inside one face, a boundary edge)
/// (before, after) = the normals of the boundary edges into and out of v
/// normal in the short arc between them → normal   (v's normal cone)
/// else → the nearer of before and after
/// ```
/// `slack` is how far from a vertex rounding may have put a hit on it. When the other
/// shape's normal there is also valid for the part (the casts' normals are: they come
/// from one face of the part pair's difference), the result stays valid for it: the
/// boundary's cone and the other shape's meet, and the part's holds both.
#[must_use]
pub(crate) fn outline_normal(
    polygon: &ConcavePolygon,
    part: usize,
    point: Vec2,
    normal: Vec2,
    slack: f32,
) -> Vec2 {
    let Some(&vertex) = polygon.parts()[part].points().iter().min_by(|p, q| {
        p.distance_squared(point)
            .total_cmp(&q.distance_squared(point))
    }) else {
        return normal;
    };
    if vertex.distance_squared(point) > slack * slack {
        return normal;
    }
    let Some((before, after)) = boundary_neighbours(polygon, vertex) else {
        debug_assert!(false, "every part vertex is a boundary vertex");
        return normal;
    };
    let (into, out_of) = (edge_normal(before, vertex), edge_normal(vertex, after));
    // The short arc from `low` counter-clockwise to `high`: a convex vertex turns its
    // normals counter-clockwise, a reflex one clockwise.
    let (low, high) = if into.perp_dot(out_of) >= 0.0 {
        (into, out_of)
    } else {
        (out_of, into)
    };
    if low.perp_dot(normal) >= 0.0 && normal.perp_dot(high) >= 0.0 {
        normal
    } else if normal.dot(low) >= normal.dot(high) {
        low
    } else {
        high
    }
}

/// How far from a vertex rounding may put a hit on it: the pair's (or the shape's)
/// `tolerance`, plus a few `f32` roundings of the `coordinates` the hit was computed
/// from (the ray's origin and length).
#[inline]
#[must_use]
pub(crate) fn vertex_slack(tolerance: f32, coordinates: f32) -> f32 {
    tolerance + ROUNDING * coordinates
}

/// A few `f32` roundings, relative to the coordinates they round.
const ROUNDING: f32 = 1e-6;

/// The points before and after `vertex` on the boundary loop (the outline, or a hole)
/// that holds it, or `None` when no loop does. Parts are built from the boundary's own
/// points, so equality finds it.
fn boundary_neighbours(polygon: &ConcavePolygon, vertex: Vec2) -> Option<(Vec2, Vec2)> {
    core::iter::once(polygon.outline())
        .chain(polygon.holes())
        .find_map(|boundary| {
            let index = boundary.iter().position(|point| *point == vertex)?;
            let count = boundary.len();
            Some((
                boundary[(index + count - 1) % count],
                boundary[(index + 1) % count],
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The L of issue 23: parts split by a diagonal that ends at (0, 0).
    fn l_shape() -> ConcavePolygon {
        ConcavePolygon::try_new(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ])
        .unwrap()
    }

    /// The part that holds `corner` among its vertices, and the normal of its face
    /// that is not a boundary edge (the one pointing into the other part).
    fn diagonal_at(polygon: &ConcavePolygon, corner: Vec2) -> Option<(usize, Vec2)> {
        polygon
            .parts()
            .iter()
            .enumerate()
            .find_map(|(index, part)| {
                let count = part.points().len();
                (0..count).find_map(|face| {
                    let (start, end) = (part.points()[face], part.points()[(face + 1) % count]);
                    let boundary = polygon.outline().windows(2).any(|w| w == [start, end])
                        || (polygon.outline().last(), polygon.outline().first())
                            == (Some(&start), Some(&end));
                    (!boundary && (start == corner || end == corner))
                        .then(|| (index, part.normals()[face]))
                })
            })
    }

    #[test]
    fn an_internal_normal_at_a_vertex_becomes_the_nearer_boundary_normal() {
        let polygon = l_shape();
        // The diagonal runs from (0, 0) to (1, 1).
        for corner in [Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0)] {
            let (part, normal) = diagonal_at(&polygon, corner).expect("a diagonal ends here");
            let fixed = outline_normal(&polygon, part, corner, normal, 1e-6);
            assert_ne!(fixed, normal, "at {corner}");
            let boundary = [Vec2::NEG_X, Vec2::NEG_Y, Vec2::X, Vec2::Y];
            assert!(boundary.contains(&fixed), "{fixed} at {corner}");
        }
    }

    #[test]
    fn a_normal_in_the_cone_or_away_from_vertices_is_kept() {
        let polygon = l_shape();
        let inside = Vec2::new(-1.0, -1.0).normalize();
        let part = (0..polygon.parts().len())
            .find(|&index| polygon.parts()[index].points().contains(&Vec2::ZERO))
            .unwrap();
        assert_eq!(
            outline_normal(&polygon, part, Vec2::ZERO, inside, 1e-6),
            inside
        );
        // Mid-face: kept whatever it is.
        let odd = Vec2::new(0.6, 0.8);
        let middle = Vec2::new(0.5, 0.0);
        assert_eq!(outline_normal(&polygon, part, middle, odd, 1e-6), odd);
    }
}
