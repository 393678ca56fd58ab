//! [`Contact`]: what a pair query returns when two shapes intersect.

use glam::Vec2;
use smallvec::SmallVec;

use crate::Iso;

/// Storage for contact points: two inline (every convex pair), more on the heap
/// (concave shapes report the points of every touching part).
pub(crate) type ContactPoints = SmallVec<[Vec2; 2]>;

/// How two intersecting shapes overlap, in world space.
///
/// Follows the crate conventions: `normal` points from A toward B, `depth ≥ 0`, and
/// moving B by [`Contact::mtv`] (or A by its negation) leaves them at most touching.
///
/// For a concave shape, push by the MTV itself, not by the MTV and a margin along
/// the normal: the shortest way out can be a corner of the free region (a capsule
/// leaving a U's slot, where the push meets two walls' constraints at once), and past
/// it along the normal B runs back into a wall that slants across its path (by `s`
/// times the wall's slant for a push `s` too far). The MTV may also be longer than
/// the shortest push when a concave search runs out of its work budget:
/// see [`Contact::is_minimal`].
///
/// ```
/// use sat2d::{Shape, Iso, Vec2};
/// let a = Shape::rectangle(2.0, 2.0);
/// let b = Shape::rectangle(2.0, 2.0);
/// let contact = sat2d::contact(&a, &Iso::IDENTITY, &b, &Iso::from_translation(Vec2::new(1.5, 0.0))).unwrap();
/// assert!((contact.normal - Vec2::X).length() < 1e-6);
/// assert!((contact.depth - 0.5).abs() < 1e-6);
/// assert_eq!(contact.mtv(), contact.normal * contact.depth);
/// assert_eq!(contact.points().len(), 2); // face against face: two points
/// assert!(!contact.a_in_b && !contact.b_in_a);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Contact {
    /// Unit vector from A toward B.
    pub normal: Vec2,
    /// How far B must move along `normal` to leave A; zero when they only touch.
    pub depth: f32,
    /// Every point of A lies in B (boundary included). For a concave pair past its
    /// work budget (see the crate docs), `false` unless it was shown.
    pub a_in_b: bool,
    /// Every point of B lies in A (boundary included); budgeted as `a_in_b` is.
    pub b_in_a: bool,
    pub(crate) points: ContactPoints,
    /// Whether `depth` and `normal` are the shortest push (see [`Contact::is_minimal`]).
    pub(crate) minimal: bool,
}

impl Contact {
    /// A contact from its parts (for tests and for code that synthesises contacts).
    #[must_use]
    pub fn new(normal: Vec2, depth: f32, points: &[Vec2], a_in_b: bool, b_in_a: bool) -> Self {
        Self {
            normal,
            depth,
            a_in_b,
            b_in_a,
            points: SmallVec::from_slice(points),
            minimal: true,
        }
    }

    /// The world-space contact points: in the overlap region, each within `depth` of
    /// both surfaces. One or two for a convex pair (two when faces touch).
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// Whether [`mtv`](Self::mtv) is the shortest push that separates the shapes.
    ///
    /// Always `true` for two convex shapes. For a concave shape the exact MTV is a
    /// search among the part pairs' Minkowski differences, and its work is budgeted
    /// so that every query ends in bounded time: up to 1,500,000 units plus 300 per
    /// point of the two shapes' convex parts (2.5 to 3.5 ms for outlines of about 130
    /// points, where ordinary 64-point pairs need at most about 0.8 ms, and 10 to 35
    /// ms for two 4,096-point outlines, on two shared cores), a unit being about one point read (a part pair looked
    /// at, a difference built, a quadtree square or a candidate point tested against a
    /// difference). The budget is a count, not a clock: the same input always gets the
    /// same contact. Every pair of outlines below 64 points a side known stays below
    /// it (of like size, overlapping anywhere, and spiked stars with one centre); it
    /// is reached where dozens of parts pile up on one point: a star of 64 spikes or
    /// more at the centre of another, a small
    /// many-part shape deep inside a large one, two overlapping outlines of thousands
    /// of points. Past the budget the push is the shortest one found so far that
    /// separates the shapes, at worst the MTV of their convex hulls (or the push that
    /// separates their bounding circles, if shorter), and this is `false`.
    ///
    /// ```
    /// use sat2d::{Iso, Shape, Vec2};
    /// // A 64-spike star, and one half its size at its centre.
    /// let star = |scale: f32| -> Shape {
    ///     let points: Vec<Vec2> = (0..128)
    ///         .map(|i| {
    ///             let radius = if i % 2 == 0 { 1.0 } else { 0.5 };
    ///             Vec2::from_angle(i as f32 * core::f32::consts::PI / 64.0) * radius * scale
    ///         })
    ///         .collect();
    ///     Shape::polygon(&points).unwrap()
    /// };
    /// let (a, b) = (star(1.0), star(0.5));
    /// let contact = sat2d::contact(&a, &Iso::IDENTITY, &b, &Iso::IDENTITY).unwrap();
    /// assert!(!contact.is_minimal());
    /// // The push still separates them.
    /// let moved = Iso::from_translation(contact.mtv());
    /// let tolerance = sat2d::tolerance(&a, &b);
    /// assert!(sat2d::contact(&a, &Iso::IDENTITY, &b, &moved).is_none_or(|c| c.depth <= tolerance));
    /// ```
    #[inline]
    #[must_use]
    pub fn is_minimal(&self) -> bool {
        self.minimal
    }

    /// The minimum translation vector, `normal * depth`: move B by it to separate.
    #[inline]
    #[must_use]
    pub fn mtv(&self) -> Vec2 {
        self.normal * self.depth
    }

    /// The same contact seen from the other shape: normal negated, flags swapped. Takes
    /// the contact by value, so the points are not copied; call it on a clone to keep
    /// both views.
    #[inline]
    #[must_use]
    pub fn flipped(mut self) -> Self {
        self.normal = -self.normal;
        core::mem::swap(&mut self.a_in_b, &mut self.b_in_a);
        self
    }

    /// Maps a contact computed in some local frame to the frame `iso` places it in.
    #[inline]
    #[must_use]
    pub(crate) fn transformed(mut self, iso: &Iso) -> Self {
        self.normal = iso.transform_vector(self.normal);
        for point in &mut self.points {
            *point = iso.transform_point(*point);
        }
        self
    }
}
