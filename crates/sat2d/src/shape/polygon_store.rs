//! [`PolygonStore`]: a convex polygon's vertices, face normals and face lanes in one
//! allocation, laid out in the order the SAT kernels read them.
//!
//! A game with thousands of colliders keeps their shapes megabytes apart, so a pair
//! query pays for every cache line it touches. A polygon of up to 16 vertices keeps
//! everything a query reads in one block that starts on a cache line:
//!
//! ```text
//! 3–8 vertices (256 bytes):   | face lanes (96) | points (8 × 8) | normals (8 × 8) |
//! 9–16 vertices (448 bytes):  | face lanes (2 × 96) | points (16 × 8) | normals (16 × 8) |
//! ```
//!
//! The face scans read the lanes first (A's faces against B's points, B's lanes to
//! place it), then the points; the clipping of an overlapping pair reads the normals
//! last. A hexagon's whole store is four consecutive lines, where three separate
//! allocations (lanes, points, normals) touched five or six lines in three places.
//! Polygons above 16 vertices take the scalar kernels and keep points and normals in
//! one slice.

use glam::Vec2;
use prefetch_index::prefetch_index;

use super::face_lanes::{FaceBlock, LanePolygon, face_blocks};

/// The points, normals and face lanes of a polygon of up to `POINTS` vertices, in
/// `BLOCKS` blocks of eight lanes, starting on a cache line. Slots past the polygon's
/// vertices hold zeros and are never read.
#[derive(Clone, Debug, PartialEq)]
#[repr(C, align(64))]
pub(crate) struct LaneStore<const BLOCKS: usize, const POINTS: usize> {
    blocks: [FaceBlock; BLOCKS],
    points: [Vec2; POINTS],
    normals: [Vec2; POINTS],
}

impl<const BLOCKS: usize, const POINTS: usize> LaneStore<BLOCKS, POINTS> {
    /// The store of `points` with their face `normals` (at most `POINTS` of each), on
    /// the heap.
    fn boxed(points: &[Vec2], normals: &[Vec2]) -> Box<Self> {
        debug_assert!(points.len() <= POINTS && points.len() > 8 * (BLOCKS - 1));
        let padded = |values: &[Vec2]| {
            let mut slots = [Vec2::ZERO; POINTS];
            slots[..values.len()].copy_from_slice(values);
            slots
        };
        Box::new(Self {
            blocks: face_blocks(points, normals),
            points: padded(points),
            normals: padded(normals),
        })
    }

    /// Asks for every cache line that the first `count` points' lanes, points and
    /// normals occupy (the lanes' 96-byte blocks start on lines 0 and 1 of each block;
    /// points and normals, 32-byte aligned, cross a line every four slots), without
    /// waiting for any.
    #[inline(always)]
    fn ask_for_lines(&self, count: usize) {
        for block in 0..count.div_ceil(8) {
            prefetch_index(self.blocks.as_slice(), block);
            prefetch_index(self.blocks[block].offsets.as_slice(), 0);
        }
        for index in (0..count).step_by(4) {
            prefetch_index(self.points.as_slice(), index);
            prefetch_index(self.normals.as_slice(), index);
        }
    }

    /// The polygon of the first `count` points in lane form.
    #[inline(always)]
    fn view(&self, count: usize) -> LanePolygon<'_> {
        LanePolygon {
            blocks: &self.blocks,
            points: &self.points[..count],
            normals: &self.normals[..count],
        }
    }
}

/// Where a polygon's data lives, by size.
#[derive(Clone, Debug, PartialEq)]
enum Layout {
    /// 3–8 vertices: one lane block.
    OneBlock(Box<LaneStore<1, 8>>),
    /// 9–16 vertices: two lane blocks.
    TwoBlocks(Box<LaneStore<2, 16>>),
    /// Above 16 vertices: the points, then the normals; no lanes.
    Wide(Box<[Vec2]>),
}

/// A convex polygon's vertices and face normals (`normals[i]` belongs to
/// `points[i] → points[i + 1]`), with face lanes up to 16 vertices, in one allocation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PolygonStore {
    count: usize,
    layout: Layout,
}

impl PolygonStore {
    /// The store of `points` (at least three) and their face `normals`.
    pub fn new(points: &[Vec2], normals: &[Vec2]) -> Self {
        debug_assert!(points.len() >= 3 && points.len() == normals.len());
        let count = points.len();
        let layout = match count {
            0..=8 => Layout::OneBlock(LaneStore::boxed(points, normals)),
            9..=16 => Layout::TwoBlocks(LaneStore::boxed(points, normals)),
            _ => Layout::Wide(points.iter().chain(normals).copied().collect()),
        };
        Self { count, layout }
    }

    /// The vertices, counter-clockwise.
    #[inline(always)]
    pub fn points(&self) -> &[Vec2] {
        match &self.layout {
            Layout::OneBlock(store) => &store.points[..self.count],
            Layout::TwoBlocks(store) => &store.points[..self.count],
            Layout::Wide(values) => &values[..self.count],
        }
    }

    /// The outward unit normal of each edge.
    #[inline(always)]
    pub fn normals(&self) -> &[Vec2] {
        match &self.layout {
            Layout::OneBlock(store) => &store.normals[..self.count],
            Layout::TwoBlocks(store) => &store.normals[..self.count],
            Layout::Wide(values) => &values[self.count..],
        }
    }

    /// Asks for every cache line of the store at once, before a query reads any of it.
    ///
    /// A pair query reads the lanes first and then, at the face the scan found, a
    /// point and a normal: an address known only after the scan. Out of cache each of
    /// those reads waits for the one before it, a memory round trip apiece. Asked for
    /// together, the lines of both shapes' stores arrive in one round trip; being
    /// prefetches, not loads, the asking never stalls the core while they travel.
    /// Above 16 vertices nothing is asked for (the scalar kernels read the points in
    /// order).
    #[inline(always)]
    pub fn preload(&self) {
        match &self.layout {
            Layout::OneBlock(store) => store.ask_for_lines(self.count),
            Layout::TwoBlocks(store) => store.ask_for_lines(self.count),
            Layout::Wide(_) => {}
        }
    }

    /// The polygon in lane form, for polygons of up to 16 vertices.
    #[inline(always)]
    pub fn lanes(&self) -> Option<LanePolygon<'_>> {
        match &self.layout {
            Layout::OneBlock(store) => Some(store.view(self.count)),
            Layout::TwoBlocks(store) => Some(store.view(self.count)),
            Layout::Wide(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::segment::edge_normal;

    /// A regular `count`-gon's points and face normals.
    fn regular(count: usize) -> (Vec<Vec2>, Vec<Vec2>) {
        let points: Vec<Vec2> = (0..count)
            .map(|index| Vec2::from_angle(index as f32 * core::f32::consts::TAU / count as f32))
            .collect();
        let normals = (0..count)
            .map(|index| edge_normal(points[index], points[(index + 1) % count]))
            .collect();
        (points, normals)
    }

    /// Every size gives back its own points and normals, and lanes exactly up to 16
    /// vertices, in as many blocks as it needs, each lane the plane of its face.
    #[test]
    fn every_size_reads_back_what_it_stored() {
        for count in 3..=24 {
            let (points, normals) = regular(count);
            let store = PolygonStore::new(&points, &normals);
            assert_eq!(store.points(), &points[..], "{count} points");
            assert_eq!(store.normals(), &normals[..], "{count} normals");
            let lanes = store.lanes();
            assert_eq!(lanes.is_some(), count <= 16, "{count}: lanes");
            let Some(lanes) = lanes else { continue };
            assert_eq!(lanes.blocks.len(), count.div_ceil(8));
            assert_eq!((lanes.points, lanes.normals), (&points[..], &normals[..]));
            for index in 0..count {
                let block = &lanes.blocks[index / 8];
                let lane = index % 8;
                assert_eq!(
                    (block.normal_xs[lane], block.normal_ys[lane]),
                    (normals[index].x, normals[index].y)
                );
                assert_eq!(block.offsets[lane], normals[index].dot(points[index]));
            }
        }
    }

    /// The lane stores start on a cache line and hold lanes, points and normals in
    /// that order, in one block of 256 or 448 bytes.
    #[test]
    fn lane_stores_are_one_aligned_block() {
        assert_eq!(core::mem::align_of::<LaneStore<1, 8>>(), 64);
        assert_eq!(core::mem::size_of::<LaneStore<1, 8>>(), 256);
        assert_eq!(core::mem::size_of::<LaneStore<2, 16>>(), 448);
        let (points, normals) = regular(6);
        let store = LaneStore::<1, 8>::boxed(&points, &normals);
        let start = core::ptr::from_ref(&*store).addr();
        assert_eq!(start % 64, 0);
        assert_eq!(store.points.as_ptr().addr() - start, 96);
        assert_eq!(store.normals.as_ptr().addr() - start, 96 + 64);
    }
}
