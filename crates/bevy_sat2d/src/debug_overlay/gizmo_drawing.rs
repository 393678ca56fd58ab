//! The overlay's world drawings, in their own gizmo group.

use bevy::ecs::entity::EntityHashSet;
use bevy::prelude::*;
use sat2d::{Iso, Shape};

use super::colors;
use super::state::SatDebugState;
use crate::world::collision_world::CollisionWorld;
use crate::world::placed_collider::PlacedCollider;

/// The overlay's gizmo group: switch it off, or change its line width, through
/// `GizmoConfigStore` like any other group.
#[derive(Default, Reflect, GizmoConfigGroup)]
pub struct SatGizmos;

fn isometry(iso: &Iso) -> Isometry2d {
    Isometry2d::new(
        iso.translation,
        Rot2::from_sin_cos(iso.rotation.sin, iso.rotation.cos),
    )
}

/// Draws `shape` placed by `iso`: its outline (a concave one's holes too), and a
/// concave shape's convex parts, faint, when `parts`.
pub(crate) fn draw_shape(
    gizmos: &mut Gizmos<SatGizmos>,
    shape: &Shape,
    iso: &Iso,
    color: Color,
    parts: bool,
) {
    let world = |points: &[Vec2]| {
        points
            .iter()
            .map(|p| iso.transform_point(*p))
            .collect::<Vec<_>>()
    };
    match shape {
        Shape::Circle(circle) => {
            gizmos.circle_2d(iso.translation, circle.radius(), color);
            // A radius line shows the rotation.
            let edge = iso.transform_point(Vec2::X * circle.radius());
            gizmos.line_2d(iso.translation, edge, color);
        }
        Shape::Segment(segment) => {
            gizmos.line_2d(
                iso.transform_point(segment.a()),
                iso.transform_point(segment.b()),
                color,
            );
        }
        Shape::Capsule(capsule) => {
            let primitive = Capsule2d::new(capsule.radius(), capsule.half_length() * 2.0);
            gizmos.primitive_2d(&primitive, isometry(iso), color);
        }
        Shape::Polygon(polygon) => {
            gizmos.lineloop_2d(world(polygon.points()), color);
        }
        Shape::Concave(polygon) => {
            for part in polygon.parts().iter().filter(|_| parts) {
                gizmos.lineloop_2d(world(part.points()), color.with_alpha(0.3));
            }
            gizmos.lineloop_2d(world(polygon.outline()), color);
            for hole in polygon.holes() {
                gizmos.lineloop_2d(world(hole), color);
            }
        }
    }
}

fn outline_color(
    state: &SatDebugState,
    colliding: &EntityHashSet,
    placed: &PlacedCollider,
) -> Color {
    if state.selected == Some(placed.entity) {
        colors::SELECTED
    } else if state.partner == Some(placed.entity) {
        colors::PARTNER
    } else if colliding.contains(&placed.entity) {
        colors::COLLIDING
    } else {
        colors::IDLE
    }
}

/// Draws outlines, bounds, grid cells and contacts (the explainer draws its own).
pub(crate) fn draw_overlay(
    mut gizmos: Gizmos<SatGizmos>,
    state: Res<SatDebugState>,
    world: Res<CollisionWorld>,
) {
    let draw = state.draw;
    if draw.grid_cells {
        for cell in world.broad_phase().occupied_cells() {
            gizmos.rect_2d(cell.center(), cell.size(), colors::GRID_CELL);
        }
    }
    let colliding: EntityHashSet = world.touching_pairs().flat_map(|(a, b)| [a, b]).collect();
    for placed in world.colliders() {
        let Some(bounds) = placed.bounds else {
            continue;
        };
        if draw.outlines {
            let color = outline_color(&state, &colliding, placed);
            draw_shape(
                &mut gizmos,
                &placed.shape,
                &placed.iso,
                color,
                draw.concave_parts,
            );
        }
        if draw.aabbs {
            gizmos.rect_2d(bounds.aabb.center(), bounds.aabb.size(), colors::AABB);
        }
        if draw.bounding_circles {
            gizmos.circle_2d(
                bounds.circle.center,
                bounds.circle.radius,
                colors::BOUNDING_CIRCLE,
            );
        }
    }
    // Contacts are computed on request: only when something of them is drawn.
    let draws_contacts = draw.contact_points || draw.normals || draw.mtv;
    let contacts = draws_contacts
        .then(|| world.contacts())
        .into_iter()
        .flatten();
    for (_, b, contact) in contacts {
        if draw.contact_points {
            for point in contact.points() {
                gizmos.circle_2d(*point, 2.5, colors::CONTACT_POINT);
            }
        }
        let anchor = contact
            .points()
            .iter()
            .copied()
            .reduce(|sum, point| sum + point)
            .map(|sum| sum / contact.points().len() as f32);
        if draw.normals
            && let Some(anchor) = anchor
        {
            gizmos
                .arrow_2d(anchor, anchor + contact.normal * 20.0, colors::NORMAL)
                .with_tip_length(6.0);
        }
        if draw.mtv
            && contact.depth > 0.0
            && let Some(placed) = world.collider(b)
        {
            let start = placed.iso.translation;
            gizmos
                .arrow_2d(start, start + contact.mtv(), colors::MTV)
                .with_tip_length(6.0);
        }
    }
}
