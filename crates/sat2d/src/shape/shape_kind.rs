//! [`ShapeKind`]: which variant a [`Shape`](crate::Shape) is, without its data.

/// The kind of a [`Shape`](crate::Shape), for display and filtering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum ShapeKind {
    /// A [`Circle`](crate::Circle).
    Circle,
    /// A [`Segment`](crate::Segment).
    Segment,
    /// A [`Capsule`](crate::Capsule).
    Capsule,
    /// A [`ConvexPolygon`](crate::ConvexPolygon).
    Polygon,
    /// A [`ConcavePolygon`](crate::ConcavePolygon).
    Concave,
}

impl ShapeKind {
    /// A lower-case English name, e.g. `"capsule"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Circle => "circle",
            Self::Segment => "segment",
            Self::Capsule => "capsule",
            Self::Polygon => "polygon",
            Self::Concave => "concave polygon",
        }
    }
}

impl core::fmt::Display for ShapeKind {
    fn fmt(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        formatter.write_str(self.name())
    }
}
