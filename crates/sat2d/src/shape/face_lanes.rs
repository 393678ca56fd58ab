//! [`FaceLanes`]: a small convex polygon's faces laid out for the SAT inner loops.

use glam::Vec2;
use wide::f32x8;

use crate::Iso;

/// Most faces a polygon may have to use the lane layout; larger polygons take the
/// general path.
pub(crate) const MAX_LANES: usize = 16;

/// Eight faces as structure of arrays: 96 bytes, a cache line and a half.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub(crate) struct FaceBlock {
    normal_xs: [f32; 8],
    normal_ys: [f32; 8],
    /// `normal · vertex`: face `i`'s plane is `normal_i · x = offset_i`.
    offsets: [f32; 8],
}

/// A polygon's face normals and plane offsets in one or two blocks of eight lanes,
/// padded by repeating the last face (which changes no minimum or maximum).
///
/// The SAT loop runs *transposed*: faces are the vector lanes and each vertex of the
/// other polygon is broadcast once, so every face's `min` and `max` come out together
/// and nothing is reduced across lanes inside the loop. Only the faces are stored:
/// vertices are read from the polygon's own point list.
#[derive(Clone, Debug, PartialEq, Default)]
pub(crate) struct FaceLanes {
    count: usize,
    blocks: Box<[FaceBlock]>,
}

/// The same faces placed in another frame, on the stack, with the polygon's points.
pub(crate) struct PlacedFaces {
    count: usize,
    blocks: [FaceBlock; 2],
    points: [Vec2; MAX_LANES],
}

/// The deepest face of a polygon against the other's vertices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FaceScan {
    /// `max over faces (min over vertices of the signed distance to the face)`.
    pub separation: f32,
    /// The face achieving it (the first, on exact ties).
    pub face: usize,
    /// `max over faces (max over vertices …)`: ≤ 0 when every vertex is inside.
    pub sticks_out: f32,
}

impl FaceLanes {
    /// Lanes for a polygon's faces (points with their face normals), or `None` above
    /// [`MAX_LANES`] faces.
    pub fn new(points: &[Vec2], normals: &[Vec2]) -> Option<Self> {
        let count = points.len();
        if count == 0 || count > MAX_LANES {
            return None;
        }
        let blocks = (0..count.div_ceil(8))
            .map(|block| {
                let mut lanes = FaceBlock::default();
                for lane in 0..8 {
                    let index = (block * 8 + lane).min(count - 1);
                    let (point, normal) = (points[index], normals[index]);
                    lanes.normal_xs[lane] = normal.x;
                    lanes.normal_ys[lane] = normal.y;
                    lanes.offsets[lane] = normal.dot(point);
                }
                lanes
            })
            .collect();
        Some(Self { count, blocks })
    }

    /// The faces (and `points`, the polygon's vertices) placed by `iso`.
    #[inline]
    pub fn placed(&self, points: &[Vec2], iso: &Iso) -> PlacedFaces {
        let cos = f32x8::splat(iso.rotation.cos);
        let sin = f32x8::splat(iso.rotation.sin);
        let tx = f32x8::splat(iso.translation.x);
        let ty = f32x8::splat(iso.translation.y);
        let mut placed = PlacedFaces {
            count: self.count,
            blocks: [FaceBlock::default(); 2],
            points: [Vec2::ZERO; MAX_LANES],
        };
        for (block, moved) in self.blocks.iter().zip(&mut placed.blocks) {
            let (nx, ny) = (f32x8::from(block.normal_xs), f32x8::from(block.normal_ys));
            let moved_nx = cos * nx - sin * ny;
            let moved_ny = sin * nx + cos * ny;
            moved.normal_xs = moved_nx.to_array();
            moved.normal_ys = moved_ny.to_array();
            moved.offsets = (f32x8::from(block.offsets) + moved_nx * tx + moved_ny * ty).to_array();
        }
        for (point, moved) in points.iter().zip(&mut placed.points) {
            *moved = iso.transform_point(*point);
        }
        placed
    }

    /// The faces viewed as blocks (in the polygon's own frame).
    #[inline]
    pub fn blocks(&self) -> &[FaceBlock] {
        &self.blocks
    }

    /// How many faces.
    #[inline]
    pub fn count(&self) -> usize {
        self.count
    }
}

impl PlacedFaces {
    /// The placed blocks that hold faces.
    #[inline]
    pub fn blocks(&self) -> &[FaceBlock] {
        &self.blocks[..self.count.div_ceil(8)]
    }

    /// The placed vertices.
    #[inline]
    pub fn points(&self) -> &[Vec2] {
        &self.points[..self.count]
    }

    /// Placed normal of face `index`.
    #[inline]
    pub fn normal(&self, index: usize) -> Vec2 {
        let block = &self.blocks[index / 8];
        Vec2::new(block.normal_xs[index % 8], block.normal_ys[index % 8])
    }
}

/// Per face, `(min, max)` over `points` of `normal · point`.
///
/// ```text
/// for each point p:                       (broadcast)
///     for each face i (a vector lane):  d_i = n_i · p
///         low_i = min(low_i, d_i); high_i = max(high_i, d_i)
/// ```
#[inline]
fn dot_ranges(faces: &[FaceBlock], points: &[Vec2]) -> ([f32x8; 2], [f32x8; 2]) {
    let mut low = [f32x8::splat(f32::INFINITY); 2];
    let mut high = [f32x8::splat(f32::NEG_INFINITY); 2];
    for (index, block) in faces.iter().enumerate() {
        let (normal_x, normal_y) = (f32x8::from(block.normal_xs), f32x8::from(block.normal_ys));
        let (mut block_low, mut block_high) = (low[index], high[index]);
        for point in points {
            let dot = normal_x * f32x8::splat(point.x) + normal_y * f32x8::splat(point.y);
            block_low = block_low.fast_min(dot);
            block_high = block_high.fast_max(dot);
        }
        low[index] = block_low;
        high[index] = block_high;
    }
    (low, high)
}

/// `max over faces (min over points of the signed distance to the face)`, without
/// saying which face: enough for `intersects`.
#[inline]
pub(crate) fn max_separation(faces: &[FaceBlock], points: &[Vec2]) -> f32 {
    let (low, _) = dot_ranges(faces, points);
    let mut separation = f32x8::splat(f32::NEG_INFINITY);
    for (index, block) in faces.iter().enumerate() {
        separation = separation.fast_max(low[index] - f32x8::from(block.offsets));
    }
    horizontal_max(separation)
}

/// `count` faces against `points` (both in one frame): the deepest separation, its
/// face, and how far the points stick out of any face.
#[inline]
pub(crate) fn scan_faces(faces: &[FaceBlock], count: usize, points: &[Vec2]) -> FaceScan {
    let (low, high) = dot_ranges(faces, points);
    let mut outside = f32x8::splat(f32::NEG_INFINITY);
    let mut separations = [0.0f32; MAX_LANES];
    for (index, block) in faces.iter().enumerate() {
        let offsets = f32x8::from(block.offsets);
        outside = outside.fast_max(high[index] - offsets);
        separations[index * 8..index * 8 + 8].copy_from_slice(&(low[index] - offsets).to_array());
    }
    let mut scan = FaceScan {
        separation: f32::NEG_INFINITY,
        face: 0,
        sticks_out: horizontal_max(outside),
    };
    for (face, separation) in separations[..count].iter().enumerate() {
        if *separation > scan.separation {
            scan.separation = *separation;
            scan.face = face;
        }
    }
    scan
}

/// `max over faces of normal · point − offset`: how far `point` lies outside the
/// face planes (negative inside).
#[inline]
pub(crate) fn max_plane_distance(faces: &[FaceBlock], point: Vec2) -> f32 {
    let (x, y) = (f32x8::splat(point.x), f32x8::splat(point.y));
    let mut high = f32x8::splat(f32::NEG_INFINITY);
    for block in faces {
        let distance = f32x8::from(block.normal_xs) * x + f32x8::from(block.normal_ys) * y
            - f32x8::from(block.offsets);
        high = high.fast_max(distance);
    }
    horizontal_max(high)
}

/// Where the line `origin + t · direction` crosses the polygon grown by `slack`:
/// `[enter, exit]`, or `None` if it misses. Every face clips the line at once.
#[inline]
pub(crate) fn chord(
    faces: &[FaceBlock],
    origin: Vec2,
    direction: Vec2,
    slack: f32,
) -> Option<(f32, f32)> {
    let (origin_x, origin_y) = (f32x8::splat(origin.x), f32x8::splat(origin.y));
    let (direction_x, direction_y) = (f32x8::splat(direction.x), f32x8::splat(direction.y));
    let parallel = f32x8::splat(f32::EPSILON);
    let mut enter = f32x8::splat(f32::NEG_INFINITY);
    let mut exit = f32x8::splat(f32::INFINITY);
    let mut misses = false;
    for block in faces {
        let (normal_x, normal_y) = (f32x8::from(block.normal_xs), f32x8::from(block.normal_ys));
        let room = f32x8::from(block.offsets) + f32x8::splat(slack)
            - (normal_x * origin_x + normal_y * origin_y);
        let rate = normal_x * direction_x + normal_y * direction_y;
        let t = room / rate;
        let leaving = rate.simd_gt(parallel);
        let entering = rate.simd_lt(-parallel);
        exit = exit.fast_min(leaving.bitselect(t, f32x8::splat(f32::INFINITY)));
        enter = enter.fast_max(entering.bitselect(t, f32x8::splat(f32::NEG_INFINITY)));
        // A face parallel to the line that the line lies outside of: no chord.
        let outside = !(leaving | entering) & room.simd_lt(f32x8::ZERO);
        misses |= outside.any();
    }
    let (enter, exit) = (horizontal_max(enter), horizontal_min(exit));
    (!misses && enter <= exit).then_some((enter, exit))
}

#[inline]
fn horizontal_max(lanes: f32x8) -> f32 {
    lanes
        .to_array()
        .into_iter()
        .fold(f32::NEG_INFINITY, |x, y| if y > x { y } else { x })
}

#[inline]
fn horizontal_min(lanes: f32x8) -> f32 {
    lanes
        .to_array()
        .into_iter()
        .fold(f32::INFINITY, |x, y| if y < x { y } else { x })
}
