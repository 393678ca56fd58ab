//! [`Counts`]: how many pairs started, went on and ended in a step.

use crate::world::pair_result::PairResult;

/// How many pairs started, went on and ended this step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub(crate) started: usize,
    pub(crate) ongoing: usize,
    pub(crate) ended: usize,
}

impl Counts {
    /// The counts of a step's `results`, with `listed_ended` pairs ended without a
    /// result (the narrow phase's `ended` list): taken by the narrow phase, once.
    pub(crate) fn of(listed_ended: usize, results: &[PairResult]) -> Self {
        let mut counts = Self {
            ended: listed_ended,
            ..Self::default()
        };
        for result in results {
            counts.started += usize::from(result.started());
            counts.ongoing += usize::from(result.ongoing());
            counts.ended += usize::from(result.now_apart());
        }
        counts
    }

    /// The pairs touching at the end of the step (or during it, for a swept hit).
    pub(crate) fn touching(&self) -> usize {
        self.started + self.ongoing
    }
}
