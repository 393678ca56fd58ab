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
//!     speed ≤ 0 → no hit (the gap never closes)
//!     t += (d − target) / speed;  t > the time limit → no hit
//! iterations spent → hit at t
//! ```
//! Why it is safe: the plane through the nearest points of two convex sets, across
//! `n`, separates them, and no point of either crosses toward that plane faster than
//! its centre's speed along `n` plus its turning speed (`|ω|·r`). So the gap cannot
//! fall from `d` to the target in less than `(d − target) / speed`: the shapes do not
//! touch before that time.
//!
//! Frame: world space; the caller's `measure` places both shapes in the world.

use glam::Vec2;

use super::distance::Separation;

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

/// Conservative advancement from time 0 (see the module docs), `measure` giving how
/// the two convex shapes lie at a time.
pub(super) fn advance(closing: &Closing, mut measure: impl FnMut(f32) -> Separation) -> Advance {
    let mut time = 0.0f32;
    for _ in 0..closing.max_iterations {
        let Separation::Apart {
            distance,
            on_a,
            on_b,
            normal,
        } = measure(time)
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
        let speed = closing.turning_speed - normal.dot(closing.relative_velocity);
        if speed.is_nan() || speed <= 0.0 {
            return Advance::Miss;
        }
        let next = time + (distance - closing.target) / speed;
        if next > closing.time_limit {
            return Advance::Miss;
        }
        // Rounding can leave a step too small to move the time: the approach has
        // stalled, and the time reached lies before any touch.
        if next <= time {
            return apart;
        }
        time = next;
    }
    match measure(time) {
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
