//! Star polygons as the fuzz targets and the benches build them (the benches include
//! this file by path).

use sat2d::{Shape, Vec2};

/// A star of `tips` tips at radius `outer` and as many corners between them at
/// `inner` (equal radii give a convex `2 · tips`-gon), tip 0 on +X.
///
/// # Panics
/// If the outline is refused (a radius outside the working range).
pub fn spiked_star(tips: usize, outer: f32, inner: f32) -> Shape {
    let points: Vec<Vec2> = (0..tips * 2)
        .map(|index| {
            let radius = if index % 2 == 0 { outer } else { inner };
            Vec2::from_angle(index as f32 * core::f32::consts::PI / tips as f32) * radius
        })
        .collect();
    Shape::polygon(&points).expect("a star is a simple outline")
}
