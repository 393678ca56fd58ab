//! Star polygons and combs as the fuzz targets and the benches build them (the benches
//! include this file by path; each takes what it needs).
#![allow(dead_code)]

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

/// A comb of `teeth` teeth, `width` wide, its teeth `length` times their pitch long,
/// along +Y from its base (the `timing` fuzz target's comb, with its local origin at
/// the comb's corner).
///
/// # Panics
/// If the outline is refused (a size outside the working range).
pub fn comb(teeth: usize, width: f32, length: f32) -> Shape {
    let pitch = width / teeth as f32;
    let tooth = pitch * length;
    let mut points = vec![
        Vec2::new(width, 0.0),
        Vec2::new(width, -pitch),
        Vec2::new(0.0, -pitch),
    ];
    for index in 0..teeth {
        let left = index as f32 * pitch;
        points.extend([
            Vec2::new(left, tooth),
            Vec2::new(left + 0.5 * pitch, tooth),
            Vec2::new(left + 0.5 * pitch, 0.0),
            Vec2::new(left + pitch, 0.0),
        ]);
    }
    points.pop();
    Shape::polygon(&points).expect("a comb is simple")
}
