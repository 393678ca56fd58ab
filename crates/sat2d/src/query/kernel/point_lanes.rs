//! [`PointLanes`]: points laid out for the SAT inner loop.

use glam::Vec2;
use smallvec::SmallVec;

/// Points per block: two SSE registers, one AVX register.
const LANES: usize = 8;

#[derive(Clone, Copy)]
struct Block {
    xs: [f32; LANES],
    ys: [f32; LANES],
}

/// Points as structure-of-arrays blocks of eight, padded by repeating the last point,
/// so that `min over points of n · p` runs as a few vector instructions instead of a
/// chain of dependent scalar `min`s.
pub(crate) struct PointLanes {
    blocks: SmallVec<[Block; 2]>,
}

impl PointLanes {
    /// Lanes for `points` (at least one).
    #[inline]
    pub fn new(points: &[Vec2]) -> Self {
        let last = points[points.len() - 1];
        let mut blocks = SmallVec::new();
        for chunk in points.chunks(LANES) {
            let mut block = Block {
                xs: [last.x; LANES],
                ys: [last.y; LANES],
            };
            for (lane, point) in chunk.iter().enumerate() {
                block.xs[lane] = point.x;
                block.ys[lane] = point.y;
            }
            blocks.push(block);
        }
        Self { blocks }
    }

    /// `min over points of direction · p`.
    #[inline]
    pub fn min_dot(&self, direction: Vec2) -> f32 {
        let mut low = [f32::INFINITY; LANES];
        for block in &self.blocks {
            for ((low, x), y) in low.iter_mut().zip(&block.xs).zip(&block.ys) {
                let dot = direction.x * x + direction.y * y;
                *low = if dot < *low { dot } else { *low };
            }
        }
        // Tree reduction: 8 → 4 → 2 → 1.
        for lane in 0..4 {
            low[lane] = if low[lane + 4] < low[lane] {
                low[lane + 4]
            } else {
                low[lane]
            };
        }
        for lane in 0..2 {
            low[lane] = if low[lane + 2] < low[lane] {
                low[lane + 2]
            } else {
                low[lane]
            };
        }
        if low[1] < low[0] { low[1] } else { low[0] }
    }
}
