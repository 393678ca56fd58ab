//! The sweeps behind [`cast_shape`](fn@super::cast_shape): a point, or the origin, moving
//! against a rounded convex core, and what the entry means for the two shapes. Each
//! routine states its frame.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::Vec2;

use super::implicit_difference::ImplicitDifference;
use super::outline_normal::{outline_normal, vertex_slack};
use crate::query::closest_points::ClosestPoints;
use crate::query::concave::meeting_parts::parts_meet;
use crate::query::concave::part_pairs::PartPairs;
use crate::query::core_form::ConvexPairRoutine;
use crate::query::kernel::{ConvexCore, Feature, RayEntry, RayTarget, ray_entry};
use crate::query::pairs::contact_swept_discs::SweptDisc;
use crate::query::parts::Parts;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Aabb, Iso, Shape};

/// How a sweep ended, in the frame of the shape that stands still in it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Sweep {
    /// Touching or overlapping at the start.
    Touching,
    /// First touch at `fraction`, at `point` (relative to the still shape at its
    /// start), with the normal from A to B.
    Hit {
        fraction: f32,
        point: Vec2,
        normal: Vec2,
    },
}

impl Sweep {
    pub(super) fn fraction(&self) -> f32 {
        match self {
            Self::Touching => 0.0,
            Self::Hit { fraction, .. } => *fraction,
        }
    }

    /// The same sweep with A and B swapped: the normal reversed.
    pub(super) fn flipped(self) -> Self {
        match self {
            Self::Touching => Self::Touching,
            Self::Hit {
                fraction,
                point,
                normal,
            } => Self::Hit {
                fraction,
                point,
                normal: -normal,
            },
        }
    }
}

/// Where a point moving from `origin` by `motion` first meets `target` (grown by its
/// radius), within `max_fraction` of the motion: the fraction and the ray's entry, or
/// with no motion an entry at 0 when it starts inside. Works in the frame of `target`.
fn first_entry<T: RayTarget>(
    target: &T,
    origin: Vec2,
    motion: Vec2,
    max_fraction: f32,
) -> Option<(f32, RayEntry<T::Spot>)> {
    let length = motion.length();
    let Some(direction) = motion.try_normalize() else {
        // No relative motion: touching now or never.
        return ray_entry(target, origin, Vec2::X, 0.0)
            .filter(|entry| matches!(entry.feature, Feature::Inside))
            .map(|entry| (0.0, entry));
    };
    let entry = ray_entry(target, origin, direction, length * max_fraction)?;
    Some(((entry.distance / length).min(1.0), entry))
}

/// The sweep of a circle of `radius` whose centre starts at `center` and moves by
/// `motion`, against a still shape whose core `grown` already includes that radius;
/// the normal points from the still shape to the circle. Works in `grown`'s frame.
pub(super) fn sweep_center(
    grown: RoundedConvex<'_>,
    center: Vec2,
    motion: Vec2,
    radius: f32,
) -> Option<Sweep> {
    let (fraction, entry) = first_entry(&grown, center, motion, 1.0)?;
    if let Feature::Inside = entry.feature {
        return Some(Sweep::Touching);
    }
    // The circle's centre is on the grown surface; the still shape's surface lies
    // `radius` back along the normal.
    Some(Sweep::Hit {
        fraction,
        point: center + motion * fraction - entry.normal * radius,
        normal: entry.normal,
    })
}

/// Circles, capsules and segments (not two circles), in world space: a circle's
/// centre against the other's segment grown by both radii, or two segments' difference.
/// Also says whether A is the shape that stands still (B, when A is the circle).
pub(super) fn sweep_discs(
    disc_a: &SweptDisc,
    disc_b: &SweptDisc,
    motion: Vec2,
    tolerance: f32,
) -> Option<(Sweep, bool)> {
    let radius = disc_a.radius + disc_b.radius;
    let (mut points, mut normals) = ([Vec2::ZERO; 2], [Vec2::ZERO; 2]);
    if disc_b.start == disc_b.end {
        let core = disc_core(disc_a, radius, &mut points, &mut normals);
        return sweep_center(core, disc_b.start, motion, disc_b.radius).map(|s| (s, true));
    }
    if disc_a.start == disc_a.end {
        let core = disc_core(disc_b, radius, &mut points, &mut normals);
        return sweep_center(core, disc_a.start, -motion, disc_a.radius)
            .map(|sweep| (sweep.flipped(), false));
    }
    let (mut points_b, mut normals_b) = ([Vec2::ZERO; 2], [Vec2::ZERO; 2]);
    let core_a = disc_core(disc_a, disc_a.radius, &mut points, &mut normals);
    let core_b = disc_core(disc_b, disc_b.radius, &mut points_b, &mut normals_b);
    sweep_cores(&core_a, &core_b, motion, 1.0, tolerance).map(|sweep| (sweep, true))
}

/// A swept disc's segment as a core of `radius` (a point when its ends coincide), in
/// its frame (world space), stored in `points` and `normals`.
fn disc_core<'s>(
    disc: &SweptDisc,
    radius: f32,
    points: &'s mut [Vec2; 2],
    normals: &'s mut [Vec2; 2],
) -> RoundedConvex<'s> {
    *points = [disc.start, disc.end];
    if disc.start == disc.end {
        return RoundedConvex {
            points: &points[..1],
            normals: &[],
            radius,
        };
    }
    let normal = crate::math::segment::edge_normal(disc.start, disc.end);
    *normals = [normal, -normal];
    RoundedConvex {
        points: &points[..],
        normals: &normals[..],
        radius,
    }
}

/// The sweep of core B (moving by `motion`) against core A (still), both in A's
/// frame, up to `max_fraction` of the motion: a ray from the origin against their
/// Minkowski difference, read through its faces' planes ([`ImplicitDifference`]).
pub(super) fn sweep_cores(
    a: &impl ConvexCore,
    b: &impl ConvexCore,
    motion: Vec2,
    max_fraction: f32,
    tolerance: f32,
) -> Option<Sweep> {
    let difference = ImplicitDifference::new(a, b, tolerance);
    let (fraction, entry) = first_entry(&difference, Vec2::ZERO, motion, max_fraction)?;
    let radius = a.rounded().radius;
    let point = match entry.feature {
        Feature::Inside => return Some(Sweep::Touching),
        Feature::Face(closest) => facing_point(closest, radius, entry.normal),
        // The normal runs from A's core point to B's at the hit (`closest` was
        // measured where the ray crossed the face planes, before it reached the disc).
        Feature::Vertex(closest) => closest.on_a + entry.normal * radius,
    };
    Some(Sweep::Hit {
        fraction,
        point,
        normal: entry.normal,
    })
}

/// The point of A's surface facing B, for a hit on a face of the difference: A's
/// closest core point moved by A's `radius` toward B's closest core point (along
/// `normal` when those coincide).
///
/// Why not along the face's normal: the entry counts as on a face while the closest
/// points are within the tolerance of touching, and past a face's end they are not
/// across the face from each other. A rounded A's point moved along the face's
/// normal then lands beside B, by up to the square root of radius times tolerance
/// (a capsule's cap just past a box's corner); moved toward B's point it lies within
/// the tolerance of both shapes.
#[inline]
fn facing_point(closest: ClosestPoints, radius: f32, normal: Vec2) -> Vec2 {
    let toward = (closest.on_b - closest.on_a)
        .try_normalize()
        .filter(|toward| toward.dot(normal) > 0.0)
        .unwrap_or(normal);
    closest.on_a + toward * radius
}

/// [`sweep_cores`] as a routine for
/// [`on_convex_pair`](crate::query::core_form::on_convex_pair).
pub(super) struct SweepOf {
    pub motion: Vec2,
    pub max_fraction: f32,
    pub tolerance: f32,
}

impl ConvexPairRoutine for SweepOf {
    type Output = Option<Sweep>;
    const READS_NORMALS_OF_B: bool = false;
    #[inline(always)]
    fn run(self, a: &impl ConvexCore, b: &impl ConvexCore) -> Option<Sweep> {
        sweep_cores(a, b, self.motion, self.max_fraction, self.tolerance)
    }
}

/// Whether B (placed in A's frame by `relative`) moving by `motion` surely misses A
/// (still), in A's frame: the ray from the origin misses the disc that holds `A ⊖ B`,
/// whose centre is the difference of the bounding circles' and radius their sum
/// (grown by the pair's `tolerance`, so rounding never culls a graze).
pub(super) fn sweep_misses_bounds(
    a: &Shape,
    b: &Shape,
    relative: &Iso,
    motion: Vec2,
    tolerance: f32,
) -> bool {
    let (circle_a, circle_b) = (
        a.bounding_circle(&Iso::IDENTITY),
        b.bounding_circle(relative),
    );
    misses_disc(
        circle_a.center - circle_b.center,
        circle_a.radius + circle_b.radius + tolerance,
        motion.normalize_or_zero(),
        motion.length(),
    )
}

/// Whether the ray from the origin along unit `direction`, `length` long, misses the
/// disc of `radius` around `center` (a ray starting in the disc never misses).
#[inline]
fn misses_disc(center: Vec2, radius: f32, direction: Vec2, length: f32) -> bool {
    let along = center.dot(direction);
    center.length_squared() > radius * radius
        && (center.perp_dot(direction).abs() > radius
            || along + radius < 0.0
            || along - radius > length)
}

/// The fraction of `motion` at which box `moving`, moving by it, first meets box
/// `still` (0 if they meet at the start), or `None` if they never meet within the
/// motion: the slabs' entries and exits, axis by axis.
fn box_entry(still: &Aabb, moving: &Aabb, motion: Vec2) -> Option<f32> {
    let (mut enter, mut exit) = (0.0f32, 1.0f32);
    for axis in 0..2 {
        let (low, high) = (
            still.min[axis] - moving.max[axis],
            still.max[axis] - moving.min[axis],
        );
        let speed = motion[axis];
        if speed == 0.0 {
            if low > 0.0 || high < 0.0 {
                return None;
            }
            continue;
        }
        let (first, second) = (low / speed, high / speed);
        enter = enter.max(first.min(second));
        exit = exit.min(first.max(second));
    }
    (enter <= exit).then_some(enter)
}

/// [`sweep_cores`] over the part pairs that can meet during the motion, nearest first,
/// the first hit winning; its normal is then made one of each concave shape's whole
/// boundary ([`outline_normal`]). Works in A's frame (B placed by `relative`).
///
/// ```text
/// any part pair touching at the start (the part tree, as `intersects`) → touching
/// candidates = pairs whose boxes meet with B's swept along the motion (the part
///              tree), whose difference's disc the motion enters, by the later of
///              that entry and the boxes' (a heap)
/// for each, nearest entry first, until an entry lies past the best hit:
///     sweep the pair up to the best hit so far
/// ```
/// The work grows with the pairs the motion passes, not with the product of the part
/// counts: two concentric outlines of 3,600 points each, overlapping from the start,
/// swept every one of their million part pairs whose disc the motion crossed.
pub(super) fn sweep_parts(
    a: &Shape,
    b: &Shape,
    relative: &Iso,
    motion: Vec2,
    tolerance: f32,
) -> Option<Sweep> {
    let (parts_a, parts_b) = (Parts::new(a, &Iso::IDENTITY), Parts::new(b, relative));
    let pairs = PartPairs::new(&parts_a, &parts_b);
    if parts_meet(&parts_a, &parts_b, &pairs, tolerance) {
        return Some(Sweep::Touching);
    }
    let (length, direction) = (motion.length(), motion.normalize_or_zero());
    if length == 0.0 {
        return None;
    }
    // Each candidate's fraction of the motion before which it cannot touch (as bits,
    // which order non-negative floats), and its parts, nearest first.
    let mut candidates: Vec<Reverse<(u32, u32, u32)>> = Vec::new();
    pairs.each_along(motion, tolerance, |part_a, part_b| {
        let ((center_a, radius_a), (center_b, radius_b)) =
            (parts_a.bounds[part_a], parts_b.bounds[part_b]);
        // `A_i ⊖ B_j` lies in the disc around `c_a − c_b`, and B's box meets A's only
        // while the motion carries it across.
        let center = center_a - center_b;
        let radius = radius_a + radius_b + tolerance;
        if misses_disc(center, radius, direction, length) {
            return;
        }
        let Some(boxes_meet) = box_entry(
            &pairs.boxes_a[part_a].grown(tolerance),
            &pairs.boxes_b[part_b],
            motion,
        ) else {
            return;
        };
        let along = center.dot(direction);
        let half = (radius * radius - center.perp_dot(direction).powi(2))
            .max(0.0)
            .sqrt();
        let entry = ((along - half) / length).max(boxes_meet).max(0.0);
        candidates.push(Reverse((entry.to_bits(), part_a as u32, part_b as u32)));
    });
    // A heap, not a sort: only the candidates before the first hit are taken out.
    let mut candidates = BinaryHeap::from(candidates);
    // The best sweep so far, with its parts of A and of B.
    let mut best: Option<(Sweep, usize, usize)> = None;
    while let Some(Reverse((entry, part_a, part_b))) = candidates.pop() {
        let (part_a, part_b) = (part_a as usize, part_b as usize);
        let reach = best.as_ref().map_or(1.0, |(sweep, ..)| sweep.fraction());
        if f32::from_bits(entry) > reach {
            break;
        }
        let (core_a, core_b) = (parts_a.cores[part_a].form(), parts_b.cores[part_b].form());
        if let Some(sweep) = sweep_cores(&core_a, &core_b, motion, reach, tolerance) {
            if let Sweep::Touching = sweep {
                return Some(sweep);
            }
            if sweep.fraction() <= reach {
                best = Some((sweep, part_a, part_b));
            }
        }
    }
    let (sweep, part_a, part_b) = best?;
    let Sweep::Hit {
        fraction,
        point,
        normal,
    } = sweep
    else {
        return Some(sweep);
    };
    let slack = vertex_slack(tolerance, point.length() + length);
    // A's normal points out of A; B's, the reverse, out of B, which has moved by
    // `motion · fraction` since `relative` placed it.
    let normal = match a {
        Shape::Concave(polygon) => outline_normal(polygon, part_a, point, normal, slack),
        _ => normal,
    };
    let normal = match b {
        Shape::Concave(polygon) => {
            let at = Iso {
                translation: relative.translation + motion * fraction,
                rotation: relative.rotation,
            };
            let outward = outline_normal(
                polygon,
                part_b,
                at.inverse_transform_point(point),
                at.inverse_transform_vector(-normal),
                slack,
            );
            -at.transform_vector(outward)
        }
        _ => normal,
    };
    Some(Sweep::Hit {
        fraction,
        point,
        normal,
    })
}
