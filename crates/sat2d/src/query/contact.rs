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
    /// Every point of A lies in B (boundary included).
    pub a_in_b: bool,
    /// Every point of B lies in A (boundary included).
    pub b_in_a: bool,
    pub(crate) points: ContactPoints,
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
        }
    }

    /// The world-space contact points: in the overlap region, each within `depth` of
    /// both surfaces. One or two for a convex pair (two when faces touch).
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// The minimum translation vector, `normal * depth`: move B by it to separate.
    #[inline]
    #[must_use]
    pub fn mtv(&self) -> Vec2 {
        self.normal * self.depth
    }

    /// The same contact seen from the other shape: normal negated, flags swapped.
    #[must_use]
    pub fn flipped(&self) -> Self {
        Self {
            normal: -self.normal,
            depth: self.depth,
            a_in_b: self.b_in_a,
            b_in_a: self.a_in_b,
            points: self.points.clone(),
        }
    }

    /// Maps a contact computed in some local frame to the frame `iso` places it in.
    #[must_use]
    pub(crate) fn transformed(mut self, iso: &Iso) -> Self {
        self.normal = iso.transform_vector(self.normal);
        for point in &mut self.points {
            *point = iso.transform_point(*point);
        }
        self
    }
}
