//! Contacts with level geometry that have no seams: a collider touching a static
//! collider that continues, edge to edge, into other static colliders it also touches
//! gets the contact of the whole surface ([`sat2d::contact_with_neighbours`]), so no
//! push ever comes from an edge two tiles share (the "ghost collision").
//!
//! The rule, for a pair of one moving and one static collider:
//!
//! ```text
//! touched  = the static colliders the moving one touches (the grid, then intersects)
//! surface  = those joined to the pair's static one through touched colliders whose
//!            shapes lie within SEAM_GAP of each other (edge to edge: a gap or an
//!            overlap that small counts as none)
//! contact  = surface has only the pair's collider: the plain contact
//!            else: the normal and depth against the union of the surface, the points
//!            where the pair touches
//! ```
//!
//! Two moving colliders, or colliders of which neither is static, keep the plain
//! contact: only level geometry is taken to be one surface.

use bevy::prelude::*;
use sat2d::broad_phase::{BroadPhase, Mobility};
use sat2d::{Contact, Iso, Shape};

use crate::world::collision_world::CollisionWorld;
use crate::world::placed_collider::PlacedCollider;

/// How close two static colliders' shapes must be, relative to the smaller one's
/// reach, to count as edge to edge: 1e-3 (0.008 for 16-unit tiles). A gap or an overlap
/// of this size between tiles placed side by side is rounding, not a feature.
pub const SEAM_GAP: f32 = 1e-3;

/// Above this many static colliders touched at once, the surface is not gathered and
/// the plain contact is given: the union's MTV costs grow with the pieces, and a
/// collider touching this many pieces is buried, not sliding on a floor.
const MAX_SURFACE_PIECES: usize = 32;

impl CollisionWorld {
    /// The contact of `moving` with `fixed` (a static collider), normal from `moving`
    /// to `fixed`, against the surface `fixed` forms with the other static colliders
    /// `moving` touches (see the module doc).
    pub(crate) fn contact_with_surface(
        &self,
        moving: &PlacedCollider,
        fixed: &PlacedCollider,
    ) -> Option<Contact> {
        let surface = self.surface_of(moving, fixed);
        let neighbours: Vec<(&Shape, Iso)> = surface
            .iter()
            .map(|placed| (&*placed.shape, placed.iso))
            .collect();
        sat2d::contact_with_neighbours(
            &moving.shape,
            &moving.iso,
            &fixed.shape,
            &fixed.iso,
            &neighbours,
        )
    }

    /// The static colliders other than `fixed` that `moving` touches and that join
    /// `fixed` edge to edge, directly or through each other.
    fn surface_of<'a>(
        &'a self,
        moving: &PlacedCollider,
        fixed: &PlacedCollider,
    ) -> Vec<&'a PlacedCollider> {
        let Some(bounds) = moving.bounds else {
            return Vec::new();
        };
        let mut ids = Vec::new();
        self.grid.query_aabb(&bounds.aabb, &mut ids);
        let mut touched: Vec<&PlacedCollider> = ids
            .iter()
            .filter_map(|&id| self.colliders.get(id as usize)?.as_ref())
            .filter(|other| {
                other.mobility == Mobility::Static
                    && other.entity != fixed.entity
                    && other.entity != moving.entity
                    && other.layers == fixed.layers
                    && sat2d::intersects(&moving.shape, &moving.iso, &other.shape, &other.iso)
            })
            .collect();
        if touched.is_empty() || touched.len() > MAX_SURFACE_PIECES {
            return Vec::new();
        }
        touched.sort_unstable_by_key(|placed| placed.entity);
        // Grow the surface from `fixed` through pieces edge to edge.
        let mut surface: Vec<&PlacedCollider> = Vec::new();
        let mut frontier = vec![fixed];
        while let Some(piece) = frontier.pop() {
            let mut index = 0;
            while index < touched.len() {
                if edge_to_edge(piece, touched[index]) {
                    let joined = touched.swap_remove(index);
                    surface.push(joined);
                    frontier.push(joined);
                } else {
                    index += 1;
                }
            }
        }
        surface.sort_unstable_by_key(|placed| placed.entity);
        surface
    }
}

/// Whether two colliders' shapes come within [`SEAM_GAP`] of each other (relative to
/// the smaller reach): overlapping, touching, or apart by a rounding gap.
fn edge_to_edge(a: &PlacedCollider, b: &PlacedCollider) -> bool {
    let gap = SEAM_GAP * a.shape.reach().min(b.shape.reach());
    sat2d::distance(&a.shape, &a.iso, &b.shape, &b.iso) <= gap
}
