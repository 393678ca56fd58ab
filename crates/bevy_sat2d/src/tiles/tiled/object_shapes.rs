//! The collision shapes of one Tiled object (a map object, or a collision object of a
//! tileset tile): [`object_shapes`] turns its [`ObjectShape`] into sat2d shapes, each
//! with its placement in the frame of the entity that will hold it.
//!
//! Frame: a Tiled object's shape is given in pixels from the object's position, y down,
//! turned clockwise by the object's rotation (Tiled's convention). The caller passes
//! `to_parent`, the affine map from that frame to the collider parent's frame (y up):
//! it holds the y flip, the object's position and rotation, a tile's flips and an
//! object's scale, so one function serves map objects and tile shapes alike.

use bevy::math::Affine2;
use bevy::prelude::*;
use bevy_ecs_tiled::prelude::tiled::ObjectShape;
use sat2d::{Shape, ShapeError};

/// Points on an ellipse that is not a circle: its polygon has this many corners, all on
/// the ellipse (so it lies inside the drawn ellipse, by at most 0.9% of a radius).
pub const ELLIPSE_POINTS: usize = 24;

/// A shape and where its centre sits in the parent's frame.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PlacedShape {
    /// The shape, centred on its own origin (a polygon's points are relative to the
    /// centre of its bounding box).
    pub shape: Shape,
    /// Where the shape's origin sits in the parent's frame.
    pub center: Vec2,
    /// The shape's rotation in the parent's frame, radians counter-clockwise.
    pub angle: f32,
}

impl PlacedShape {
    /// The shape's placement as a `Transform` in the parent's frame.
    pub fn transform(&self) -> Transform {
        Transform::from_translation(self.center.extend(0.0))
            .with_rotation(Quat::from_rotation_z(self.angle))
    }
}

/// The collision shape of a Tiled object of `shape`, placed by `to_parent` (see the
/// module doc), or `None` for a point or a text box (no area). A polyline becomes one
/// polygon: the band `thickness` wide to the right of its direction of travel (below a
/// line drawn left to right), so its segments join without seams.
///
/// Rectangles and polygons (concave ones too) are exact; an ellipse is a circle when
/// its sides are equal (and `to_parent` does not stretch it), else a polygon of
/// [`ELLIPSE_POINTS`] corners; a capsule is exact under a map that keeps its
/// proportions.
///
/// # Errors
/// The [`ShapeError`] of a shape sat2d refuses: a polygon that crosses itself or has no
/// area, a size outside the working range, a polyline whose band crosses itself.
pub(super) fn object_shapes(
    shape: &ObjectShape,
    to_parent: Affine2,
    thickness: f32,
) -> Result<Option<PlacedShape>, ShapeError> {
    let placed = match *shape {
        ObjectShape::Rect { width, height } => Some(polygon(
            &[
                Vec2::ZERO,
                Vec2::new(width, 0.0),
                Vec2::new(width, height),
                Vec2::new(0.0, height),
            ],
            to_parent,
        )?),
        ObjectShape::Ellipse { width, height } => Some(ellipse(width, height, to_parent)?),
        ObjectShape::Capsule { width, height } => Some(capsule(width, height, to_parent)?),
        ObjectShape::Polygon { ref points } => Some(polygon(&tiled_points(points), to_parent)?),
        ObjectShape::Polyline { ref points } => {
            Some(polyline_band(&tiled_points(points), to_parent, thickness)?)
        }
        ObjectShape::Point(..) | ObjectShape::Text { .. } => None,
    };
    Ok(placed)
}

fn tiled_points(points: &[(f32, f32)]) -> Vec<Vec2> {
    points.iter().map(|&(x, y)| Vec2::new(x, y)).collect()
}

/// The polygon of `points` (Tiled's frame) in the parent's frame, centred on its
/// bounding box.
fn polygon(points: &[Vec2], to_parent: Affine2) -> Result<PlacedShape, ShapeError> {
    let placed: Vec<Vec2> = points
        .iter()
        .map(|&point| to_parent.transform_point2(point))
        .collect();
    centred_polygon(&placed)
}

/// The polygon of `points` (the parent's frame), its points made relative to the
/// centre of their bounding box so that a shape far from the map's origin keeps its
/// precision.
fn centred_polygon(points: &[Vec2]) -> Result<PlacedShape, ShapeError> {
    let (low, high) = points.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(low, high), &point| (low.min(point), high.max(point)),
    );
    let center = (low + high) / 2.0;
    let centred: Vec<Vec2> = points.iter().map(|&point| point - center).collect();
    Ok(PlacedShape {
        shape: Shape::polygon(&centred)?,
        center: if center.is_finite() {
            center
        } else {
            Vec2::ZERO
        },
        angle: 0.0,
    })
}

/// The uniform scale of `to_parent` if it keeps proportions (a rotation, a mirror, an
/// equal scale on both axes), else `None`.
fn uniform_scale(to_parent: Affine2) -> Option<f32> {
    let (x, y) = (to_parent.matrix2.x_axis, to_parent.matrix2.y_axis);
    let (scale_x, scale_y) = (x.length(), y.length());
    let square = (scale_x - scale_y).abs() <= 1e-4 * scale_x.max(scale_y);
    (square && x.dot(y).abs() <= 1e-4 * scale_x * scale_y).then_some(scale_x)
}

/// A Tiled ellipse: its box is `width × height` from the object's position.
fn ellipse(width: f32, height: f32, to_parent: Affine2) -> Result<PlacedShape, ShapeError> {
    let radii = Vec2::new(width, height) / 2.0;
    if (width - height).abs() <= 1e-4 * width.max(height)
        && let Some(scale) = uniform_scale(to_parent)
    {
        return Ok(PlacedShape {
            shape: Shape::try_circle(radii.x * scale)?,
            center: to_parent.transform_point2(radii),
            angle: 0.0,
        });
    }
    let points: Vec<Vec2> = (0..ELLIPSE_POINTS)
        .map(|index| {
            let angle = std::f32::consts::TAU * index as f32 / ELLIPSE_POINTS as f32;
            radii + radii * Vec2::new(angle.cos(), angle.sin())
        })
        .collect();
    polygon(&points, to_parent)
}

/// A Tiled capsule: a `width × height` box whose shorter sides are half circles.
fn capsule(width: f32, height: f32, to_parent: Affine2) -> Result<PlacedShape, ShapeError> {
    let Some(scale) = uniform_scale(to_parent) else {
        // Stretched out of proportion: the outline, as a polygon.
        return capsule_outline(width, height, to_parent);
    };
    let radius = width.min(height) / 2.0;
    let (start, end) = if width >= height {
        (Vec2::new(radius, radius), Vec2::new(width - radius, radius))
    } else {
        (
            Vec2::new(radius, radius),
            Vec2::new(radius, height - radius),
        )
    };
    let (start, end) = (
        to_parent.transform_point2(start),
        to_parent.transform_point2(end),
    );
    let axis = end - start;
    // Bevy's capsule runs along local Y: turn Y onto the axis.
    let angle = if axis.length() > 0.0 {
        axis.y.atan2(axis.x) - std::f32::consts::FRAC_PI_2
    } else {
        0.0
    };
    Ok(PlacedShape {
        shape: Shape::try_capsule(radius * scale, axis.length())?,
        center: (start + end) / 2.0,
        angle,
    })
}

/// A capsule's outline as a polygon (two half circles of 12 points each), for a map
/// that stretches it.
fn capsule_outline(width: f32, height: f32, to_parent: Affine2) -> Result<PlacedShape, ShapeError> {
    let radius = width.min(height) / 2.0;
    let along_x = width >= height;
    let (start, end) = if along_x {
        (Vec2::new(radius, radius), Vec2::new(width - radius, radius))
    } else {
        (
            Vec2::new(radius, radius),
            Vec2::new(radius, height - radius),
        )
    };
    let half = ELLIPSE_POINTS / 2;
    let turn = |center: Vec2, from: f32| {
        (0..=half).map(move |index| {
            let angle = from + std::f32::consts::PI * index as f32 / half as f32;
            center + radius * Vec2::new(angle.cos(), angle.sin())
        })
    };
    let base = if along_x {
        std::f32::consts::FRAC_PI_2
    } else {
        0.0
    };
    let points: Vec<Vec2> = turn(start, base)
        .chain(turn(end, base + std::f32::consts::PI))
        .collect();
    polygon(&points, to_parent)
}

/// The band under a polyline: its points (Tiled's frame), then the same points moved
/// `thickness` to the right of the direction of travel in the parent's frame (mitred
/// at the corners, the mitre at most 4 × `thickness` long), back to the start.
///
/// ```text
/// for each point p[i]: n = the right-hand normals of the segments meeting at p[i]
///                      m = their mean, normalised, scaled so the band keeps its
///                          thickness along each segment
/// outline = p[0..n] then (p[i] + m[i]) for i from n-1 down to 0
/// ```
fn polyline_band(
    points: &[Vec2],
    to_parent: Affine2,
    thickness: f32,
) -> Result<PlacedShape, ShapeError> {
    let line: Vec<Vec2> = points
        .iter()
        .map(|&point| to_parent.transform_point2(point))
        .collect();
    if line.len() < 2 {
        return Err(ShapeError::TooFewPoints {
            distinct: line.len(),
        });
    }
    // The right-hand normal of each segment (y up: travel (1, 0) has (0, -1)).
    let normals: Vec<Vec2> = line
        .windows(2)
        .map(|pair| {
            let direction = (pair[1] - pair[0]).normalize_or_zero();
            Vec2::new(direction.y, -direction.x)
        })
        .collect();
    let mut outline = line.clone();
    for index in (0..line.len()).rev() {
        let before = normals[index.saturating_sub(1).min(normals.len() - 1)];
        let after = normals[index.min(normals.len() - 1)];
        let mean = (before + after).normalize_or(after);
        let along = mean.dot(after).max(0.25);
        outline.push(line[index] + mean * (thickness / along));
    }
    centred_polygon(&outline)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tiled's frame (y down) to a parent with y up, the object at `position`.
    fn flip_y(position: Vec2) -> Affine2 {
        Affine2::from_translation(position) * Affine2::from_scale(Vec2::new(1.0, -1.0))
    }

    #[test]
    fn a_rectangle_hangs_below_its_position() {
        let shape = ObjectShape::Rect {
            width: 32.0,
            height: 16.0,
        };
        let placed = object_shapes(&shape, flip_y(Vec2::new(10.0, 100.0)), 4.0)
            .unwrap()
            .unwrap();
        assert_eq!(placed.center, Vec2::new(26.0, 92.0));
        let bounds = placed.shape.aabb(&sat2d::Iso::IDENTITY);
        assert_eq!(bounds.max - bounds.min, Vec2::new(32.0, 16.0));
    }

    #[test]
    fn a_round_ellipse_is_a_circle_and_a_long_one_a_polygon() {
        let round = ObjectShape::Ellipse {
            width: 20.0,
            height: 20.0,
        };
        let placed = object_shapes(&round, flip_y(Vec2::ZERO), 4.0)
            .unwrap()
            .unwrap();
        assert!(matches!(placed.shape, Shape::Circle(_)));
        assert_eq!(placed.center, Vec2::new(10.0, -10.0));
        let long = ObjectShape::Ellipse {
            width: 40.0,
            height: 20.0,
        };
        let placed = object_shapes(&long, flip_y(Vec2::ZERO), 4.0)
            .unwrap()
            .unwrap();
        assert!(matches!(placed.shape, Shape::Polygon(_)));
    }

    #[test]
    fn a_wide_capsule_lies_along_x() {
        let shape = ObjectShape::Capsule {
            width: 40.0,
            height: 10.0,
        };
        let placed = object_shapes(&shape, flip_y(Vec2::ZERO), 4.0)
            .unwrap()
            .unwrap();
        let bounds = placed
            .shape
            .aabb(&sat2d::Iso::new(Vec2::ZERO, placed.angle));
        assert!(
            (bounds.max - bounds.min - Vec2::new(40.0, 10.0))
                .abs()
                .max_element()
                < 1e-3
        );
    }

    #[test]
    fn a_polyline_is_one_band_under_the_line() {
        // Left to right, a bend up: the band lies below it.
        let shape = ObjectShape::Polyline {
            points: vec![(0.0, 0.0), (32.0, 0.0), (64.0, -16.0)],
        };
        let placed = object_shapes(&shape, flip_y(Vec2::ZERO), 4.0)
            .unwrap()
            .unwrap();
        let bounds = placed
            .shape
            .aabb(&sat2d::Iso::from_translation(placed.center));
        assert!((bounds.min.y + 4.0).abs() < 1e-3, "{bounds:?}");
        assert!((bounds.max.y - 16.0).abs() < 1e-3, "{bounds:?}");
        assert!(placed.shape.is_concave());
    }

    #[test]
    #[allow(deprecated)] // Tiled's point still carries its position twice.
    fn points_and_crossed_polygons() {
        let point = ObjectShape::Point(0.0, 0.0);
        assert_eq!(object_shapes(&point, Affine2::IDENTITY, 4.0), Ok(None));
        let bow_tie = ObjectShape::Polygon {
            points: vec![(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)],
        };
        assert!(object_shapes(&bow_tie, Affine2::IDENTITY, 4.0).is_err());
    }
}
