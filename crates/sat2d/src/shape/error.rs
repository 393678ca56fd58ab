//! [`ShapeError`]: why a shape could not be built.

/// Why a constructor refused its input. Every fallible constructor returns one of these;
/// nothing in the crate panics on bad input except the plain (non-`try_`) constructors,
/// which panic with this error's message.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ShapeError {
    /// A size (radius, width, height, length) was negative, zero, NaN or infinite.
    #[error("{what} must be finite and greater than zero, got {value}")]
    InvalidSize {
        /// Which parameter was wrong, e.g. `"circle radius"`.
        what: &'static str,
        /// The value that was given.
        value: f32,
    },
    /// A length that may be zero (a capsule's length) was negative, NaN or infinite.
    #[error("{what} must be finite and not negative, got {value}")]
    InvalidLength {
        /// Which parameter was wrong.
        what: &'static str,
        /// The value that was given.
        value: f32,
    },
    /// A finite size or coordinate outside the working range: a size below
    /// [`MIN_SIZE`](crate::MIN_SIZE) or above [`MAX_SIZE`](crate::MAX_SIZE), a coordinate
    /// beyond [`MAX_COORDINATE`](crate::MAX_COORDINATE), or a scale factor that takes
    /// every size out of range.
    #[error(
        "{what} is outside the working range (sizes {min:e} to {max:e}, coordinates to ±{coordinate:e}), got {value:e}",
        min = crate::MIN_SIZE,
        max = crate::MAX_SIZE,
        coordinate = crate::MAX_COORDINATE
    )]
    OutOfRange {
        /// Which parameter was out of range, e.g. `"circle radius"`.
        what: &'static str,
        /// The value that was given.
        value: f32,
    },
    /// A point had a NaN or infinite coordinate.
    #[error("point {index} has a NaN or infinite coordinate")]
    NonFinitePoint {
        /// Index of the point in the input.
        index: usize,
    },
    /// A segment's two ends coincide.
    #[error("the segment's two ends coincide")]
    DegenerateSegment,
    /// Fewer than three distinct points remained after merging duplicates.
    #[error("a polygon needs at least 3 distinct points, got {distinct}")]
    TooFewPoints {
        /// How many distinct points there were.
        distinct: usize,
    },
    /// All points lie on one line, so the polygon has no area.
    #[error("the points are collinear: the polygon has zero area")]
    ZeroArea,
    /// Two edges of the outline cross or overlap.
    #[error("the outline intersects itself: edge {first} meets edge {second}")]
    SelfIntersecting {
        /// Index of the first edge (from point `first` to the next point).
        first: usize,
        /// Index of the second edge.
        second: usize,
    },
    /// The points describe a concave polygon where a convex one was required.
    #[error("the points are not convex")]
    NotConvex,
    /// The points describe a convex polygon where a concave one was required.
    #[error("the points are convex: use a convex polygon")]
    NotConcave,
    /// More points than [`MAX_POLYGON_POINTS`](crate::MAX_POLYGON_POINTS).
    #[error("a polygon may have at most {max} points, got {count}")]
    TooManyPoints {
        /// How many points were given.
        count: usize,
        /// The cap.
        max: usize,
    },
    /// A hole of a polygon with holes is not strictly inside the outline, or lies
    /// inside another hole.
    #[error("hole {hole} is not inside the outline (or lies in another hole)")]
    HoleOutside {
        /// Index of the hole, as given.
        hole: usize,
    },
    /// Two boundary loops of a polygon with holes touch or cross.
    #[error("boundary loops {first} and {second} meet (0 is the outline, then the holes)")]
    LoopsMeet {
        /// The first loop: 0 for the outline, `1 + i` for hole `i`.
        first: usize,
        /// The second loop, as `first`.
        second: usize,
    },
    /// The outline is valid but so close to degenerate that ear clipping found no ear.
    #[error("the outline is too close to degenerate to triangulate ({remaining} points left)")]
    Triangulation {
        /// Points left when no ear could be found.
        remaining: usize,
    },
}
