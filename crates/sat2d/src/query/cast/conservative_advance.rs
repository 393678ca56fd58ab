//! [`advance`]: conservative advancement on the distance between two convex shapes
//! (or convex parts) that move and turn, the step behind
//! [`cast_turning_shape`](fn@super::cast_turning_shape).
//!
//! ```text
//! t = 0
//! loop (at most TURNING_CAST_MAX_ITERATIONS times):
//!     place A and B at time t; d, n = their gap and the unit normal from A's nearest
//!                                     point to B's (separation.rs)
//!     d ≤ target + tolerance → hit at t
//!     speed = the fastest the gap can close: −n · (v_B − v_A) + |ω_A|·r_A + |ω_B|·r_B,
//!             r the farthest point of each from its centre of rotation
//!     step  = (d − target) / speed, or the longer step the levers allow (below)
//!     no step closes the gap → no hit
//!     t += step;  t > the time limit → no hit
//! iterations spent → hit at t
//! ```
//! Why it is safe: the plane through the nearest points of two convex sets, across
//! `n`, separates them, and no point of either crosses toward that plane faster than
//! its centre's speed along `n` plus its turning speed (`|ω|·r`). So the gap cannot
//! fall from `d` to the target in less than `(d − target) / speed`: the shapes do not
//! touch before that time.
//!
//! **The levers.** `|ω|·r` is the speed of the farthest point, but the gap closes by
//! what the *supporting* points do: a blade whose end is about to graze a wall moves
//! that end along the wall, not into it, and `|ω|·r` would make every step a crawl.
//! Along the fixed direction `n`, the gap `g(t)` (B's least height over `n` less A's
//! greatest, `g(t) ≤ d(t)`) moves with each vertex `q` (about the centre of rotation,
//! world frame) at `n · (v + ω × q)`; the turn part is `|ω|` times the vertex's lever
//! `|q · n⊥|`, which changes by at most `|q|·|ω|·Δ` over a time `Δ`, and only vertices
//! within `|ω|·r·Δ` of the top can overtake it. So over a time `Δ` of a cap `C`:
//! ```text
//! g(t + Δ) ≥ g(t) + n·(v_B − v_A)·Δ − Σ |ω|·L·Δ − Σ r·ω²·Δ²,
//!     L = the largest lever among the vertices within |ω|·r·C of the top
//! ```
//! and the step is where that bound meets the target (a quadratic's root, at most
//! `C`, eight times the plain step), or the plain step if longer. Both are safe.
//!
//! Frame: world space; the caller's `measure` places both shapes in the world.

use glam::Vec2;

use super::distance::Separation;
use super::rigid_motion::RigidMotion;
use crate::shape::rounded_convex::RoundedConvex;
use crate::{Iso, Rot};

/// Where [`advance`] stopped.
#[derive(Clone, Copy, Debug)]
pub(super) enum Advance {
    /// The gap never reaches the target within the time limit.
    Miss,
    /// The shapes touch or overlap at `time` (at the start, or by rounding).
    Touching { time: f32 },
    /// The shapes are within the accepted gap at `time` (or the iterations ran out
    /// there, before any touch), nearest at `on_a` and `on_b`, `normal` from A to B.
    Apart {
        time: f32,
        on_a: Vec2,
        on_b: Vec2,
        normal: Vec2,
    },
}

impl Advance {
    /// The time it stopped at (past every time for a miss).
    pub fn time(&self) -> f32 {
        match self {
            Self::Miss => f32::INFINITY,
            Self::Touching { time } | Self::Apart { time, .. } => *time,
        }
    }
}

/// How the gap between two convex shapes may close, and when to stop.
#[derive(Clone, Copy, Debug)]
pub(super) struct Closing {
    /// B's centre's velocity less A's, in world space.
    pub relative_velocity: Vec2,
    /// `|ω_A|·r_A + |ω_B|·r_B`: the most the turns add to the closing speed.
    pub turning_speed: f32,
    /// The gap to aim for.
    pub target: f32,
    /// The largest gap taken as a hit.
    pub accepted: f32,
    /// The last time that counts (1, or an earlier hit's).
    pub time_limit: f32,
    /// The most steps to take.
    pub max_iterations: u32,
}

/// One of the two shapes being advanced: its convex core (in its local frame), its
/// motion, and how far the core's farthest point lies from the centre of rotation, for
/// the levers (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(super) struct Turning<'a> {
    core: RoundedConvex<'a>,
    motion: &'a RigidMotion,
    radius: f32,
}

impl<'a> Turning<'a> {
    /// `core` moving by `motion`.
    pub fn new(core: RoundedConvex<'a>, motion: &'a RigidMotion) -> Self {
        Self {
            core,
            motion,
            radius: motion.turning_radius_of(core),
        }
    }
    /// Along world direction `direction`, with the shape placed by rotation `rotation`:
    /// the greatest height of its core's vertices about the centre of rotation, and the
    /// largest lever (`|q · direction⊥|`) among the vertices within `slack` of it.
    fn levers(&self, rotation: Rot, direction: Vec2, slack: f32) -> (f32, f32) {
        let (local, across) = (
            rotation.inverse_rotate(direction),
            rotation.inverse_rotate(direction.perp()),
        );
        let offsets = self
            .core
            .points
            .iter()
            .map(|&point| point - self.motion.local_center);
        let top = offsets
            .clone()
            .map(|q| q.dot(local))
            .fold(f32::NEG_INFINITY, f32::max);
        let lever = offsets
            .filter(|q| q.dot(local) >= top - slack)
            .map(|q| q.dot(across).abs())
            .fold(0.0, f32::max);
        (top, lever)
    }
}

/// How far the time may advance from a gap `distance` along `normal` (A to B), the
/// shapes placed by `iso_a` and `iso_b`: the longer of the plain step and the levers'
/// step (see the module docs), or `None` when no point approaches (the gap never
/// closes).
fn step(
    closing: &Closing,
    shapes: (&Turning<'_>, &Turning<'_>),
    (iso_a, iso_b): (&Iso, &Iso),
    distance: f32,
    normal: Vec2,
) -> Option<f32> {
    let approach = -normal.dot(closing.relative_velocity);
    let speed = closing.turning_speed + approach;
    // No point approaches the other shape: the gap never closes.
    if speed.is_nan() || speed <= 0.0 {
        return None;
    }
    let plain = (distance - closing.target) / speed;
    let (spin_a, spin_b) = (
        shapes.0.motion.angular_velocity.abs(),
        shapes.1.motion.angular_velocity.abs(),
    );
    let (radius_a, radius_b) = (shapes.0.radius, shapes.1.radius);
    let cap = plain.min(closing.time_limit) * 8.0;
    let (top_a, lever_a) = shapes
        .0
        .levers(iso_a.rotation, normal, 2.0 * spin_a * radius_a * cap);
    let (top_b, lever_b) = shapes
        .1
        .levers(iso_b.rotation, -normal, 2.0 * spin_b * radius_b * cap);
    // The gap along `normal` itself (at most `distance`; less if rounding tilted it).
    let centers = iso_b.transform_point(shapes.1.motion.local_center)
        - iso_a.transform_point(shapes.0.motion.local_center);
    let gap = normal.dot(centers) - top_a - top_b - shapes.0.core.radius - shapes.1.core.radius;
    let room = gap.min(distance) - closing.target;
    let linear = approach + spin_a * lever_a + spin_b * lever_b;
    let curve = radius_a * spin_a * spin_a + radius_b * spin_b * spin_b;
    // The least positive Δ with curve·Δ² + linear·Δ = room, at most the cap.
    let levered = if room <= 0.0 {
        0.0
    } else if curve > 0.0 {
        let root = (linear * linear + 4.0 * curve * room).sqrt();
        if linear > 0.0 {
            2.0 * room / (linear + root)
        } else {
            (root - linear) / (2.0 * curve)
        }
    } else if linear > 0.0 {
        room / linear
    } else {
        cap
    };
    Some(plain.max(levered.min(cap)))
}

/// Conservative advancement from time 0 (see the module docs), `measure` giving how
/// the two convex shapes lie when placed by the given placements.
pub(super) fn advance(
    closing: &Closing,
    shapes: (&Turning<'_>, &Turning<'_>),
    mut measure: impl FnMut(&Iso, &Iso) -> Separation,
) -> Advance {
    let mut time = 0.0f32;
    for _ in 0..closing.max_iterations {
        let (iso_a, iso_b) = (shapes.0.motion.at(time), shapes.1.motion.at(time));
        let Separation::Apart {
            distance,
            on_a,
            on_b,
            normal,
        } = measure(&iso_a, &iso_b)
        else {
            return Advance::Touching { time };
        };
        let apart = Advance::Apart {
            time,
            on_a,
            on_b,
            normal,
        };
        if distance <= closing.accepted {
            return apart;
        }
        let Some(step) = step(closing, shapes, (&iso_a, &iso_b), distance, normal) else {
            return Advance::Miss;
        };
        let next = time + step;
        if next.is_nan() || next > closing.time_limit {
            return Advance::Miss;
        }
        // Rounding can leave a step too small to move the time: the approach has
        // stalled, and the time reached lies before any touch.
        if next <= time {
            return apart;
        }
        time = next;
    }
    let (iso_a, iso_b) = (shapes.0.motion.at(time), shapes.1.motion.at(time));
    match measure(&iso_a, &iso_b) {
        Separation::Touching => Advance::Touching { time },
        Separation::Apart {
            on_a, on_b, normal, ..
        } => Advance::Apart {
            time,
            on_a,
            on_b,
            normal,
        },
    }
}
