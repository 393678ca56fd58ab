//! [`contact_with_neighbours`]: the contact of A with B where B continues into its
//! neighbours, so that no push comes from an edge B shares with one of them (the
//! "ghost collision" at the seam between two tiles).
//!
//! Frame: solved in A's local frame (B and the neighbours carried into it once), the
//! contact mapped to world space once.

mod pair_normal_push;

use pair_normal_push::pair_normal_push;

use crate::query::concave::mtv_search::search_slack;
use crate::query::pairs::contact_concave::{bounding_push, measure_parts};
use crate::query::parts::Parts;
use crate::query::tolerance;
use crate::{Contact, Iso, Shape, ShapeKind};

/// The contact of A and B, where B is one piece of a surface that goes on into
/// `neighbours` (other shapes placed edge to edge with it, e.g. the tiles beside a floor
/// tile): the normal and depth are those of A against the union of B and the
/// neighbours, as if they were one shape; the points are those where A touches B.
/// `None` when A and B do not touch.
///
/// Against one tile, a box sliding onto the next tile gets a sideways push from the
/// edge the two tiles share, where no surface is: the shortest push out of that tile
/// alone. Against the union there is no such edge: the push is the exact MTV of the
/// whole surface (the point nearest the origin outside every part pair's Minkowski
/// difference, as for [`Shape::Concave`]), so it never points out of an internal edge.
/// Where a face's normal clears the surface as soon as that MTV, to within the
/// search's slack (a quarter of the [`tolerance`](crate::tolerance)), the push is taken
/// along it: on a flat surface of pieces placed edge to edge every normal is the
/// surface's, to within 1e-4 (a rounded corner at a seam, or the rounding of a long
/// face, tilted it by up to 1.4e-2 before), and the depth is the penetration.
///
/// Only polygons (convex or concave) make surfaces: when B is a circle, a capsule or a
/// segment this is [`contact`](crate::contact), and neighbours of those kinds are left
/// out. With no neighbours this is [`contact`](crate::contact) too. The containment
/// flags are those of A and B alone. Returns `None` if any placement is not
/// [in range](Iso::is_in_range).
///
/// ```
/// use sat2d::{Iso, Shape, Vec2};
/// let tile = Shape::rectangle(16.0, 16.0);
/// let left = Iso::from_translation(Vec2::new(-8.0, -8.0));
/// let right = Iso::from_translation(Vec2::new(8.0, -8.0));
/// // A 12×12 box sunk 0.5 into the floor, 0.3 past the seam onto the right tile.
/// let body = Shape::rectangle(12.0, 12.0);
/// let at = Iso::from_translation(Vec2::new(-5.7, 5.5));
/// // The right tile alone pushes it sideways, out of the shared edge...
/// let alone = sat2d::contact(&body, &at, &tile, &right).unwrap();
/// assert_eq!(alone.normal, Vec2::X);
/// // ...the surface pushes it up, 0.5.
/// let seamless = sat2d::contact_with_neighbours(&body, &at, &tile, &right, &[(&tile, left)]).unwrap();
/// assert!((seamless.normal - Vec2::NEG_Y).length() < 1e-6);
/// assert!((seamless.depth - 0.5).abs() < 1e-4);
/// ```
#[must_use]
pub fn contact_with_neighbours(
    a: &Shape,
    iso_a: &Iso,
    b: &Shape,
    iso_b: &Iso,
    neighbours: &[(&Shape, Iso)],
) -> Option<Contact> {
    let polygonal = |shape: &Shape| matches!(shape.kind(), ShapeKind::Polygon | ShapeKind::Concave);
    if !polygonal(b) || !neighbours.iter().any(|(shape, _)| polygonal(shape)) {
        return crate::contact(a, iso_a, b, iso_b);
    }
    if !iso_a.is_in_range()
        || !iso_b.is_in_range()
        || neighbours.iter().any(|(_, iso)| !iso.is_in_range())
    {
        return None;
    }
    let own = crate::contact(a, iso_a, b, iso_b)?;
    let tolerance = tolerance(a, b);
    let relative = iso_a.inverse_mul(iso_b);
    let parts_a = Parts::new(a, &Iso::IDENTITY);
    // B's parts first, then each neighbour's, all in A's frame.
    let mut parts_b = Parts::new(b, &relative);
    // A push that clears every bounding circle (along B's, as far as the farthest
    // needs): the union's MTV is no longer.
    let along_b = bounding_push(a, b, &relative);
    let mut reach = along_b.length();
    for (shape, iso) in neighbours.iter().filter(|(shape, _)| polygonal(shape)) {
        let placed = iso_a.inverse_mul(iso);
        let parts = Parts::new(shape, &placed);
        parts_b.cores.extend(parts.cores);
        parts_b.bounds.extend(parts.bounds);
        parts_b.flags.extend(parts.flags);
        reach = reach.max(bounding_push(a, shape, &placed).length());
    }
    let fallback = along_b.normalize_or(glam::Vec2::Y) * reach;
    let union = measure_parts(&parts_a, &parts_b, tolerance, fallback, b.part_count())?;
    let mut contact = own;
    // The search's answer is exact to its slack in depth, not in direction: settle it
    // on a face's normal where one clears the surface as soon (`pair_normal_push.rs`).
    let push = if union.minimal && union.depth > 0.0 {
        pair_normal_push(
            &parts_a,
            &parts_b,
            union.normal * union.depth,
            search_slack(tolerance),
            tolerance,
        )
    } else {
        union.normal * union.depth
    };
    contact.normal = iso_a.transform_vector(push.normalize_or(union.normal));
    contact.depth = push.length();
    contact.minimal = union.minimal;
    Some(contact)
}
