//! [`FaceBlock`]: a small convex polygon's faces laid out for the lane (SIMD) kernels,
//! and the views of a polygon in that form ([`LanePolygon`], and placed in another
//! frame, [`PlacedFaces`]).
//!
//! Only the layout lives here; the kernels that read it are in `query::kernel`, and a
//! polygon keeps its blocks in its [`PolygonStore`](super::polygon_store::PolygonStore).

use glam::Vec2;
use wide::f32x8;

use super::rounded_convex::RoundedConvex;
use crate::Iso;

/// Most faces a polygon may have to use the lane layout; larger polygons take the
/// scalar kernels.
pub(crate) const MAX_LANES: usize = 16;

/// Lanes per block: two SSE registers, one AVX register.
pub(crate) const LANES: usize = 8;

/// Eight faces as structure of arrays: 96 bytes, a cache line and a half.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub(crate) struct FaceBlock {
    pub normal_xs: [f32; LANES],
    pub normal_ys: [f32; LANES],
    /// `normal · vertex`: face `i`'s plane is `normal_i · x = offset_i`.
    pub offsets: [f32; LANES],
}

impl FaceBlock {
    /// The same faces placed by `iso` (in the frame `iso` maps to): normals rotated,
    /// offsets moved with the translation.
    #[inline(always)]
    fn placed(&self, iso: &Iso) -> Self {
        let (cos, sin) = (
            f32x8::splat(iso.rotation.cos),
            f32x8::splat(iso.rotation.sin),
        );
        let (nx, ny) = (f32x8::from(self.normal_xs), f32x8::from(self.normal_ys));
        let moved_nx = cos * nx - sin * ny;
        let moved_ny = sin * nx + cos * ny;
        let (tx, ty) = (
            f32x8::splat(iso.translation.x),
            f32x8::splat(iso.translation.y),
        );
        Self {
            normal_xs: moved_nx.to_array(),
            normal_ys: moved_ny.to_array(),
            offsets: (f32x8::from(self.offsets) + moved_nx * tx + moved_ny * ty).to_array(),
        }
    }
}

/// A polygon's face normals and plane offsets in `BLOCKS` blocks of eight lanes,
/// padded by repeating the last face (which changes no minimum or maximum).
pub(crate) fn face_blocks<const BLOCKS: usize>(
    points: &[Vec2],
    normals: &[Vec2],
) -> [FaceBlock; BLOCKS] {
    let count = points.len();
    debug_assert!(count > 0 && count <= BLOCKS * LANES);
    core::array::from_fn(|block| {
        let mut lanes = FaceBlock::default();
        for lane in 0..LANES {
            let index = (block * LANES + lane).min(count - 1);
            let (point, normal) = (points[index], normals[index]);
            lanes.normal_xs[lane] = normal.x;
            lanes.normal_ys[lane] = normal.y;
            lanes.offsets[lane] = normal.dot(point);
        }
        lanes
    })
}

/// A convex polygon as the lane kernels read it: its faces in blocks, and its points
/// and normals as slices (for clipping and the scalar fallbacks), all in one frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LanePolygon<'a> {
    pub blocks: &'a [FaceBlock],
    pub points: &'a [Vec2],
    pub normals: &'a [Vec2],
}

impl<'a> LanePolygon<'a> {
    /// Its face blocks placed by `iso` (in the frame `iso` maps to), by value.
    #[inline(always)]
    pub fn placed_blocks(&self, iso: &Iso) -> PlacedBlocks {
        let last = self.blocks.len() - 1;
        PlacedBlocks {
            count: self.blocks.len(),
            blocks: core::array::from_fn(|index| self.blocks[index.min(last)].placed(iso)),
        }
    }

    /// Its faces, points and, with `NORMALS`, face normals placed by `iso` (in the
    /// frame `iso` maps to), written into `placed` (storage the caller keeps, so that
    /// nothing is copied). The normals are read back out of the placed lanes, which
    /// hold them rotated already.
    ///
    /// Without `NORMALS` the placed view's `normals` is empty: for routines that read
    /// the faces only through the lanes and the points (`intersects`), which saves a
    /// tenth of a polygon pair's time.
    #[inline(always)]
    pub fn place_into<const NORMALS: bool>(&self, iso: &Iso, placed: &mut PlacedFaces) {
        let count = self.points.len();
        placed.count = count;
        for (block, moved) in self.blocks.iter().zip(&mut placed.blocks) {
            *moved = block.placed(iso);
        }
        for (point, moved) in self.points.iter().zip(&mut placed.points) {
            *moved = iso.transform_point(*point);
        }
        placed.has_normals = NORMALS;
        if NORMALS {
            // The same products as `Iso::transform_vector`, to the bit.
            for (index, moved) in placed.normals[..count].iter_mut().enumerate() {
                let block = &placed.blocks[index / LANES];
                *moved = Vec2::new(
                    block.normal_xs[index % LANES],
                    block.normal_ys[index % LANES],
                );
            }
        }
    }

    /// The same polygon as a rounded convex core of radius zero.
    #[inline]
    pub fn rounded(&self) -> RoundedConvex<'a> {
        RoundedConvex {
            points: self.points,
            normals: self.normals,
            radius: 0.0,
        }
    }
}

/// A polygon's face blocks placed in another frame, by value: what a face scan against
/// this polygon reads when nothing else of it is needed. Only the first `count` blocks
/// are the polygon's; the others repeat its last, so that every slot is written and
/// nothing needs clearing first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlacedBlocks {
    count: usize,
    blocks: [FaceBlock; MAX_LANES / LANES],
}

impl PlacedBlocks {
    /// The blocks, as a polygon view with no points or normals (for the face scan).
    #[inline(always)]
    pub fn view(&self) -> LanePolygon<'_> {
        LanePolygon {
            blocks: &self.blocks[..self.count],
            points: &[],
            normals: &[],
        }
    }
}

/// A polygon's faces, points and (when asked for) normals placed in another frame,
/// on the stack.
pub(crate) struct PlacedFaces {
    count: usize,
    blocks: [FaceBlock; 2],
    points: [Vec2; MAX_LANES],
    /// The first `count` are the placed normals, when `has_normals`.
    normals: [Vec2; MAX_LANES],
    /// Whether `normals` were placed (only when asked for).
    has_normals: bool,
}

impl PlacedFaces {
    /// Empty storage for [`LanePolygon::place_into`].
    #[inline(always)]
    pub fn new() -> Self {
        Self {
            count: 0,
            blocks: [FaceBlock::default(); 2],
            points: [Vec2::ZERO; MAX_LANES],
            normals: [Vec2::ZERO; MAX_LANES],
            has_normals: false,
        }
    }

    /// The placed polygon.
    #[inline(always)]
    pub fn view(&self) -> LanePolygon<'_> {
        LanePolygon {
            blocks: &self.blocks[..self.count.div_ceil(LANES)],
            points: &self.points[..self.count],
            normals: if self.has_normals {
                &self.normals[..self.count]
            } else {
                &[]
            },
        }
    }
}
