//! Class 3: a long sweep that passes a corner by more than the documented precision
//! (about `1e-7 ×` the largest coordinate) reports no hit, and one that cuts it hits.

use proptest::prelude::*;
use sat2d::{Iso, Shape, Vec2};

use super::common::exact::{Core, cores, signed_distance, wide};
use super::common::seeded;
use super::{at, v};

/// How far the circle of `radius` centred at `start`, moving by `motion`, passes the
/// square `A` (negative: it cuts in), in f64.
fn clearance(square: &Shape, radius: f32, start: Vec2, motion: Vec2) -> f64 {
    let swept = Core {
        points: vec![wide(start), wide(start + motion)],
        radius: f64::from(radius),
    };
    signed_distance(&cores(square, &Iso::IDENTITY)[0], &swept)
}

#[test]
fn a_long_sweep_past_a_corner_misses() {
    let square = Shape::rectangle(2.0, 2.0);
    let start = v(71_591.484, -69_818.98);
    let motion = v(-78_748.984, 76_802.33);
    let gap = clearance(&square, 0.5, start, motion);
    assert!(gap > 0.07, "{gap}");
    let hit = sat2d::cast_shape(
        &square,
        &Iso::IDENTITY,
        Vec2::ZERO,
        &Shape::circle(0.5),
        &at(start.x, start.y),
        motion,
    );
    assert!(hit.is_none(), "{hit:?}, though it passes {gap} clear");
}

proptest! {
    #![proptest_config(seeded(800))]

    /// A box or capsule, and a circle or capsule swept 1e3 to 1e5 units past one of its
    /// corners: a hit only where the exact sweep comes within the precision, and a
    /// hit wherever it cuts in by more.
    #[test]
    fn long_sweeps_past_corners_match_the_oracle(
        still_is_box in any::<bool>(),
        mover_is_circle in any::<bool>(),
        radius in 0.1f32..1.0,
        angle in -3.2f32..3.2,
        reach in 1e3f32..1e5,
        aim in -0.3f32..0.3,
    ) {
        let still = if still_is_box { Shape::rectangle(2.0, 2.0) } else { Shape::capsule(0.5, 2.0) };
        let mover = if mover_is_circle { Shape::circle(radius) } else { Shape::capsule(radius, 0.5) };
        // Aim past the corner (1, 1) at a clearance of about `aim` from the mover.
        let direction = Vec2::from_angle(angle);
        let side = direction.perp() * direction.perp().dot(v(1.0, 1.0)).signum();
        let target = v(1.0, 1.0) + side * (radius + aim);
        let start = target - direction * reach;
        let motion = direction * reach * 2.0;
        let iso = at(start.x, start.y);
        let cores_still = &cores(&still, &Iso::IDENTITY)[0];
        let swept = Core {
            points: cores(&mover, &iso)[0].points.iter().flat_map(|p| [*p, *p + wide(motion)]).collect(),
            radius: f64::from(radius),
        };
        let gap = signed_distance(cores_still, &swept);
        let precision = 3e-7 * f64::from(reach);
        let hit = sat2d::cast_shape(&still, &Iso::IDENTITY, Vec2::ZERO, &mover, &iso, motion);
        if gap > precision {
            prop_assert!(hit.is_none(), "hit {:?} though the sweep passes {} clear", hit, gap);
        } else if gap < -precision {
            prop_assert!(hit.is_some(), "missed a sweep that cuts in by {}", -gap);
        }
    }
}
