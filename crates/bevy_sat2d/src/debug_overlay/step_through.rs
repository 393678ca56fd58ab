//! [`AxisWalk`]: the explainer's step-through of the candidate axes, one at a time in
//! the order the separating-axis test tries them, as the SAT tutorials narrate it.

use bevy::prelude::*;
use sat2d::{AxisProjection, SatExplanation};

/// Which axes the explainer shows and draws, and where its step-through stands.
///
/// ← and → walk the candidate axes in the order [`sat2d::explain`] lists them (A's
/// faces, B's faces, then the closest-features axis: the order the test tries them).
/// The walk stops at the first separating axis, where the test would stop.
///
/// ```
/// use bevy_sat2d::debug_overlay::{AxisWalk, StepOutcome, first_gap, step_outcome};
/// use sat2d::{Iso, Shape, Vec2, explain};
/// let square = Shape::rectangle(2.0, 2.0);
/// let apart = Iso::from_translation(Vec2::new(5.0, 0.0));
/// let explanation = explain(&square, &Iso::IDENTITY, &square, &apart);
/// let mut walk = AxisWalk::default();
/// walk.forward(&explanation.axes);
/// assert_eq!(walk.step, Some(0)); // the first axis the test tries
/// for _ in 0..10 {
///     walk.forward(&explanation.axes);
/// }
/// // It stops at the first gap (A's face toward B): no need to test further.
/// let gap = first_gap(&explanation.axes).unwrap();
/// assert_eq!(walk.step, Some(gap));
/// assert_eq!(step_outcome(&explanation.axes, gap), StepOutcome::Separated);
/// walk.step = Some(0);
/// walk.back();
/// assert_eq!(walk.step, None); // back to the summary
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AxisWalk {
    /// The axis the walk stands on; `None` when not walking (the deciding axis shows).
    pub step: Option<usize>,
    /// Whether every candidate axis is drawn at once.
    pub all_axes: bool,
    /// The axis whose row is under the cursor in the explainer window, drawn too.
    pub hovered: Option<usize>,
    /// The pair (A, B) the walk belongs to: another pair restarts it.
    pub pair: Option<(Entity, Entity)>,
}

/// What the test concludes on the axis the walk stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepOutcome {
    /// The shadows overlap here, and axes remain: test the next one.
    Overlapping,
    /// The shadows have a gap: a separating axis, the test stops.
    Separated,
    /// The last axis overlaps too: every axis overlaps, so the shapes collide.
    Colliding,
}

/// The first separating axis in test order, if any.
#[must_use]
pub fn first_gap(axes: &[AxisProjection]) -> Option<usize> {
    axes.iter().position(|projection| projection.overlap < 0.0)
}

/// The axis that decides the test: the first gap it finds (where it stops), or, when
/// every axis overlaps, the one with the smallest push (the MTV's axis).
#[must_use]
pub fn deciding_axis(explanation: &SatExplanation) -> usize {
    first_gap(&explanation.axes).unwrap_or(explanation.deciding)
}

/// The last axis a walk reaches: the first gap, or the last axis.
#[must_use]
pub fn last_step(axes: &[AxisProjection]) -> usize {
    first_gap(axes).unwrap_or(axes.len().saturating_sub(1))
}

/// What the test concludes at `step` of `axes`.
#[must_use]
pub fn step_outcome(axes: &[AxisProjection], step: usize) -> StepOutcome {
    if axes[step].overlap < 0.0 {
        StepOutcome::Separated
    } else if step + 1 >= axes.len() {
        StepOutcome::Colliding
    } else {
        StepOutcome::Overlapping
    }
}

impl AxisWalk {
    /// Restarts the walk when the pair is not the one it belongs to.
    pub fn follow_pair(&mut self, pair: Option<(Entity, Entity)>) {
        if self.pair != pair {
            self.pair = pair;
            self.step = None;
            self.hovered = None;
        }
    }

    /// → : the next axis, starting at the first; stays at the first gap or the last axis.
    pub fn forward(&mut self, axes: &[AxisProjection]) {
        if axes.is_empty() {
            self.step = None;
            return;
        }
        let next = self.step.map_or(0, |step| step + 1);
        self.step = Some(next.min(last_step(axes)));
    }

    /// ← : the previous axis; from the first, leaves the walk.
    pub fn back(&mut self) {
        self.step = self.step.and_then(|step| step.checked_sub(1));
    }

    /// Keeps the step within `axes` (a moved concave pair may examine other parts,
    /// with fewer axes).
    pub fn clamp(&mut self, axes: &[AxisProjection]) {
        if let Some(step) = self.step {
            self.step = (!axes.is_empty()).then(|| step.min(last_step(axes)));
        }
    }

    /// Whether `index` has been tested by this point of the walk (every axis is, when
    /// not walking).
    #[must_use]
    pub fn tested(&self, index: usize) -> bool {
        self.step.is_none_or(|step| index <= step)
    }

    /// The axes to draw, each once, the emphasised one first: every axis when
    /// [`Self::all_axes`] is on; else the step (or the deciding axis when not walking)
    /// and the hovered row.
    #[must_use]
    pub fn drawn_axes(&self, explanation: &SatExplanation) -> Vec<usize> {
        let count = explanation.axes.len();
        let main = self.step.unwrap_or_else(|| deciding_axis(explanation));
        let mut drawn = vec![main];
        if self.all_axes {
            let upto = self.step.map_or(count, |step| step + 1);
            drawn.extend((0..upto.min(count)).filter(|index| *index != main));
        }
        if let Some(hovered) = self.hovered.filter(|index| *index < count)
            && !drawn.contains(&hovered)
        {
            drawn.push(hovered);
        }
        drawn.retain(|index| *index < count);
        drawn
    }
}

#[cfg(test)]
mod tests;
