//! [`CoreForm`]: a convex part in the kernel form that suits it; [`PlacedCore`], the
//! same carried into another frame; and [`on_convex_pair`], which runs a pair routine
//! on A's part and B's part in their best forms.

use glam::Vec2;

use crate::Iso;
use crate::query::kernel::{Clipped, ConvexCore, FaceScan};
use crate::query::transformed_core::TransformedCore;
use crate::shape::Shape;
use crate::shape::face_lanes::{LanePolygon, PlacedFaces};
use crate::shape::rounded_convex::RoundedConvex;

/// A convex core read through the lane kernels (a polygon of up to 16 vertices) or
/// the scalar ones (anything else). One branch per kernel call picks the form, so a
/// pair routine is written and compiled once for both.
#[derive(Clone, Copy, Debug)]
pub(crate) enum CoreForm<'a> {
    /// A small polygon, read lane by lane.
    Lanes(LanePolygon<'a>),
    /// Any core, read by the scalar kernels.
    Scalar(RoundedConvex<'a>),
}

impl<'a> CoreForm<'a> {
    /// The core as points, normals and radius.
    #[inline]
    pub fn core(&self) -> RoundedConvex<'a> {
        match self {
            Self::Lanes(lanes) => lanes.rounded(),
            Self::Scalar(core) => *core,
        }
    }

    /// Part `index` of `shape` in its own frame.
    #[inline]
    pub fn of(shape: &'a Shape, index: usize) -> Self {
        match shape.part_lanes(index) {
            Some(lanes) => Self::Lanes(lanes),
            None => Self::Scalar(shape.part(index)),
        }
    }
}

/// A part carried into another frame (B's part in A's frame), in the form that suits
/// it, stored inline.
#[expect(
    clippy::large_enum_variant,
    reason = "lives on the stack for one query; boxing would allocate per pair"
)]
pub(crate) enum PlacedCore {
    /// A small polygon's faces, points and normals, placed.
    Lanes(PlacedFaces),
    /// Any core's points and normals, placed.
    Scalar(TransformedCore),
}

impl PlacedCore {
    /// Part `index` of `shape`, placed by `iso` (its pose in the target frame).
    #[inline(always)]
    pub fn new(shape: &Shape, index: usize, iso: &Iso) -> Self {
        let mut placed = PlacedFaces::new();
        if shape.place_part_lanes::<true>(index, iso, &mut placed) {
            Self::Lanes(placed)
        } else {
            Self::Scalar(TransformedCore::new(shape.part(index), iso))
        }
    }

    /// The placed part, to read.
    #[inline]
    pub fn form(&self) -> CoreForm<'_> {
        match self {
            Self::Lanes(placed) => CoreForm::Lanes(placed.view()),
            Self::Scalar(core) => CoreForm::Scalar(core.view()),
        }
    }
}

impl ConvexCore for CoreForm<'_> {
    #[inline]
    fn rounded(&self) -> RoundedConvex<'_> {
        self.core()
    }

    #[inline(always)]
    fn scan_faces<const DETAILS: bool>(&self, points: &[Vec2], limit: f32) -> Option<FaceScan> {
        match self {
            Self::Lanes(lanes) => lanes.scan_faces::<DETAILS>(points, limit),
            Self::Scalar(core) => core.scan_faces::<DETAILS>(points, limit),
        }
    }

    #[inline]
    fn plane_distance(&self, point: Vec2) -> f32 {
        match self {
            Self::Lanes(lanes) => lanes.plane_distance(point),
            Self::Scalar(core) => core.plane_distance(point),
        }
    }

    #[inline]
    fn chord(&self, origin: Vec2, direction: Vec2, slack: f32) -> Option<(f32, f32)> {
        match self {
            Self::Lanes(lanes) => lanes.chord(origin, direction, slack),
            Self::Scalar(core) => core.chord(origin, direction, slack),
        }
    }

    #[inline]
    fn clip_difference(&self, points: &[Vec2], direction: Vec2, slack: f32) -> Option<Clipped> {
        match self {
            Self::Lanes(lanes) => lanes.clip_difference(points, direction, slack),
            Self::Scalar(core) => core.clip_difference(points, direction, slack),
        }
    }
}

/// A pair routine generic over both cores' kernel forms: a closure that can be
/// called with any two [`ConvexCore`] types.
pub(crate) trait ConvexPairRoutine {
    /// What the routine answers.
    type Output;
    /// Whether the routine reads B's face normals as vectors (clipping does); if not,
    /// a lane polygon B is placed without them.
    const READS_NORMALS_OF_B: bool;
    /// Runs on A's core and B's core, both in A's frame.
    fn run(self, a: &impl ConvexCore, b: &impl ConvexCore) -> Self::Output;
}

/// Runs `routine` on the single parts of convex shapes `a` (in its own frame) and `b`
/// (carried into A's frame by `relative`). Both forms are static types, so each of the
/// four form pairs compiles to its own routine with no branch inside the kernels, and
/// B's placed lanes stay where they were built.
#[inline(always)]
pub(crate) fn on_convex_pair<R: ConvexPairRoutine>(
    a: &Shape,
    b: &Shape,
    relative: &Iso,
    routine: R,
) -> R::Output {
    match CoreForm::of(a, 0) {
        CoreForm::Lanes(core_a) => with_placed_b(&core_a, b, relative, routine),
        CoreForm::Scalar(core_a) => with_placed_b(&core_a, b, relative, routine),
    }
}

/// [`on_convex_pair`] once A's form is known: B placed in A's frame in its own form.
#[inline(always)]
fn with_placed_b<R: ConvexPairRoutine>(
    core_a: &impl ConvexCore,
    b: &Shape,
    relative: &Iso,
    routine: R,
) -> R::Output {
    // The lane storage is set up only for a B that uses it (a capsule would pay for
    // clearing it).
    if b.part_lanes(0).is_none() {
        return routine.run(core_a, &TransformedCore::new(b.part(0), relative).view());
    }
    let mut placed = PlacedFaces::new();
    if R::READS_NORMALS_OF_B {
        b.place_part_lanes::<true>(0, relative, &mut placed);
    } else {
        b.place_part_lanes::<false>(0, relative, &mut placed);
    }
    routine.run(core_a, &placed.view())
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::{CoreForm, PlacedCore};
    use crate::{Iso, Shape};

    /// A polygon placed in lane form reads its normals back out of the placed lanes:
    /// they are `Iso::transform_vector` of its own, to the bit, and its points
    /// `transform_point`'s.
    #[test]
    fn placed_normals_are_the_rotated_normals_to_the_bit() {
        let mut rng = fastrand::Rng::with_seed(6);
        for sides in 3..=16 {
            let shape = Shape::regular_polygon(0.5 + rng.f32() * 3.0, sides).expect("polygon");
            let Shape::Polygon(polygon) = &shape else {
                panic!("a regular polygon is convex");
            };
            for _ in 0..50 {
                let iso = Iso::new(
                    Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 1e3,
                    rng.f32() * 7.0,
                );
                let placed = PlacedCore::new(&shape, 0, &iso);
                let CoreForm::Lanes(view) = placed.form() else {
                    panic!("16 sides or fewer take the lanes");
                };
                assert_eq!(view.normals.len(), sides);
                for (placed, own) in view.normals.iter().zip(polygon.normals()) {
                    assert_eq!(*placed, iso.transform_vector(*own));
                }
                for (placed, own) in view.points.iter().zip(polygon.points()) {
                    assert_eq!(*placed, iso.transform_point(*own));
                }
            }
        }
    }
}
