//! Filled meshes for colliders, tinted when they touch something.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy_sat2d::prelude::*;

/// A collider's fill colours: `idle`, and `touching` while it collides.
#[derive(Component, Clone, Copy, Debug)]
pub struct Fill {
    pub idle: Color,
    pub touching: Color,
}

impl Fill {
    /// A muted fill and a warmer one for contact, both darker than the overlay's outline
    /// colours so the visual check can tell them apart.
    pub fn new(idle: Color) -> Self {
        Self {
            idle,
            touching: Color::srgb(0.55, 0.22, 0.18),
        }
    }
}

/// A triangle mesh of `points` joined by `triangles`.
fn triangle_mesh(points: &[Vec2], triangles: impl IntoIterator<Item = [u32; 3]>) -> Mesh {
    let positions: Vec<[f32; 3]> = points.iter().map(|p| [p.x, p.y, 0.0]).collect();
    let normals = vec![[0.0, 0.0, 1.0]; points.len()];
    let uvs = vec![[0.0, 0.0]; points.len()];
    let indices: Vec<u32> = triangles.into_iter().flatten().collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// A filled mesh of `shape` in its local frame (segments have none).
pub fn shape_mesh(shape: &Shape) -> Option<Mesh> {
    Some(match shape {
        Shape::Circle(circle) => Circle::new(circle.radius()).into(),
        Shape::Capsule(capsule) => {
            Capsule2d::new(capsule.radius(), capsule.half_length() * 2.0).into()
        }
        Shape::Polygon(polygon) => {
            let count = polygon.points().len() as u32;
            triangle_mesh(polygon.points(), (1..count - 1).map(|i| [0, i, i + 1]))
        }
        Shape::Concave(polygon) => {
            triangle_mesh(polygon.points(), polygon.triangles().iter().copied())
        }
        Shape::Segment(_) => return None,
    })
}

/// The mesh and material components that fill `collider` with `fill.idle`.
pub fn filled(
    collider: &Collider,
    fill: Fill,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) -> Option<(Mesh2d, MeshMaterial2d<ColorMaterial>, Fill)> {
    let mesh = shape_mesh(collider.shape())?;
    Some((
        Mesh2d(meshes.add(mesh)),
        MeshMaterial2d(materials.add(ColorMaterial::from_color(fill.idle))),
        fill,
    ))
}

/// Tints each fill by whether its collider touches anything (also when the material is
/// new, e.g. rebuilt after a hot reload).
pub fn tint_fills(
    fills: Query<
        (&Fill, &CollidingEntities, &MeshMaterial2d<ColorMaterial>),
        Or<(
            Changed<CollidingEntities>,
            Changed<MeshMaterial2d<ColorMaterial>>,
        )>,
    >,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (fill, touching, material) in &fills {
        if let Some(mut material) = materials.get_mut(&material.0) {
            material.color = if touching.is_empty() {
                fill.idle
            } else {
                fill.touching
            };
        }
    }
}
