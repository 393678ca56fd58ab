//! [`ShapeData`]: the construction data of a shape, for files and editors.

use glam::Vec2;

use crate::{Shape, ShapeError};

/// What a [`Shape`] is built from. With the `serde` feature, shapes serialize as this and
/// validate on deserialize, so a file can never hold an invalid shape.
///
/// ```
/// use sat2d::{Shape, ShapeData, Vec2};
/// let data = ShapeData::Rectangle { width: 2.0, height: 1.0 };
/// let shape = data.build().unwrap();
/// assert_eq!(shape.kind(), sat2d::ShapeKind::Polygon);
/// assert!(ShapeData::Circle { radius: -1.0 }.build().is_err());
/// // Round trip through the data form.
/// assert_eq!(ShapeData::from(&shape).build().unwrap(), shape);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ShapeData {
    /// [`Shape::circle`].
    Circle {
        /// The radius.
        radius: f32,
    },
    /// [`Shape::rectangle`].
    Rectangle {
        /// Full width.
        width: f32,
        /// Full height.
        height: f32,
    },
    /// [`Shape::capsule`].
    Capsule {
        /// The radius of the rounded ends.
        radius: f32,
        /// The length of the straight part (along local Y).
        length: f32,
    },
    /// [`Shape::segment`].
    Segment {
        /// The first end.
        a: Vec2,
        /// The second end.
        b: Vec2,
    },
    /// [`Shape::polygon`]: convex or simple concave outline, or with `holes`
    /// [`Shape::polygon_with_holes`].
    Polygon {
        /// The outline, in either winding.
        points: Vec<Vec2>,
        /// The holes, each in either winding (left out of saved data when none).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Vec::is_empty")
        )]
        holes: Vec<Vec<Vec2>>,
    },
}

impl ShapeData {
    /// Builds the shape.
    ///
    /// # Errors
    /// The constructor's [`ShapeError`].
    pub fn build(&self) -> Result<Shape, ShapeError> {
        match self {
            Self::Circle { radius } => Shape::try_circle(*radius),
            Self::Rectangle { width, height } => Shape::try_rectangle(*width, *height),
            Self::Capsule { radius, length } => Shape::try_capsule(*radius, *length),
            Self::Segment { a, b } => Shape::try_segment(*a, *b),
            Self::Polygon { points, holes } => Shape::polygon_with_holes(points, holes),
        }
    }
}

impl From<&Shape> for ShapeData {
    fn from(shape: &Shape) -> Self {
        match shape {
            Shape::Circle(circle) => Self::Circle {
                radius: circle.radius(),
            },
            Shape::Segment(segment) => Self::Segment {
                a: segment.a(),
                b: segment.b(),
            },
            Shape::Capsule(capsule) => Self::Capsule {
                radius: capsule.radius(),
                length: capsule.half_length() * 2.0,
            },
            Shape::Polygon(polygon) => Self::Polygon {
                points: polygon.points().to_vec(),
                holes: Vec::new(),
            },
            Shape::Concave(polygon) => Self::Polygon {
                points: polygon.outline().to_vec(),
                holes: polygon.holes().map(<[Vec2]>::to_vec).collect(),
            },
        }
    }
}

impl From<Shape> for ShapeData {
    fn from(shape: Shape) -> Self {
        Self::from(&shape)
    }
}

impl TryFrom<ShapeData> for Shape {
    type Error = ShapeError;

    fn try_from(data: ShapeData) -> Result<Self, ShapeError> {
        data.build()
    }
}

/// A shape is saved as its [`ShapeData`]: the parameters it was built from.
#[cfg(feature = "serde")]
impl serde::Serialize for Shape {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ShapeData::from(self).serialize(serializer)
    }
}

/// A shape is loaded from its [`ShapeData`] and validated as its constructor would.
///
/// # Errors
///
/// The constructor's [`ShapeError`], as a deserialisation error.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Shape {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = ShapeData::deserialize(deserializer)?;
        Shape::try_from(data).map_err(serde::de::Error::custom)
    }
}
