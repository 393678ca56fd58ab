//! The region a simplified edge sweeps: between its chord and the stretch of traced
//! loop it replaces.
//!
//! A point's side of a loop (inside or outside, even–odd) changes from the traced loop
//! to the simplified one exactly when it lies in an odd number of the regions its
//! edges sweep: the traced loop is the chain of stretches, the simplified one the
//! chain of chords. So where no edge sweeps a point of another loop, and no two
//! simplified edges meet, every loop stays inside the loops it was inside and out of
//! the others: each hole in its outline, each island in its hole.

use glam::Vec2;

use crate::math::segment::closest_point_on_segment;

/// The stretch of the closed `walk` from position `start` to position `end` (`end` may
/// be `walk.len()`, meaning the first point again) and its chord.
#[derive(Clone, Copy)]
pub(crate) struct Span<'a> {
    pub(crate) walk: &'a [Vec2],
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Span<'_> {
    fn corner(&self, position: usize) -> Vec2 {
        self.walk[position % self.walk.len()]
    }

    /// The chord's ends.
    pub(crate) fn chord(&self) -> (Vec2, Vec2) {
        (self.corner(self.start), self.corner(self.end))
    }

    /// How far the stretch's points stray from the chord at most (the swept region lies
    /// within this of the chord: the distance from a segment is convex, so it peaks on
    /// the region's boundary), and the stretch's bounding box; `None` when the chord
    /// joins neighbours and sweeps nothing.
    pub(crate) fn reach(&self) -> Option<(f32, Vec2, Vec2)> {
        if self.end <= self.start + 1 {
            return None;
        }
        let (a, b) = self.chord();
        let (mut reach, mut min, mut max) = (0.0f32, a.min(b), a.max(b));
        for &point in &self.walk[self.start + 1..self.end] {
            reach = reach.max(point.distance(closest_point_on_segment(a, b, point)));
            min = min.min(point);
            max = max.max(point);
        }
        Some((reach, min, max))
    }

    /// Whether `point` lies in the swept region: inside the loop of the stretch closed by
    /// its chord (even–odd, in `f64`, as the outline checks decide insideness).
    pub(crate) fn holds(&self, point: Vec2) -> bool {
        let point = point.as_dvec2();
        let mut inside = false;
        for position in self.start..=self.end {
            let a = self.corner(position).as_dvec2();
            let b = if position == self.end {
                self.corner(self.start)
            } else {
                self.corner(position + 1)
            }
            .as_dvec2();
            if (a.y > point.y) != (b.y > point.y)
                && point.x < a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
            {
                inside = !inside;
            }
        }
        inside
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chord across a bulge sweeps the bulge and nothing else, the stretch back to
    /// the first point included; neighbours sweep nothing.
    #[test]
    fn a_chord_across_a_bulge_sweeps_the_bulge() {
        // A square with a bulge on its top side, between positions 2 and 6.
        let walk = [
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(10.0, 10.0),
            Vec2::new(7.0, 10.0),
            Vec2::new(5.0, 14.0),
            Vec2::new(3.0, 10.0),
            Vec2::new(0.0, 10.0),
        ];
        let bulge = Span {
            walk: &walk,
            start: 3,
            end: 5,
        };
        assert!(bulge.holds(Vec2::new(5.0, 12.0)));
        assert!(!bulge.holds(Vec2::new(5.0, 9.0)));
        assert!(!bulge.holds(Vec2::new(8.0, 12.0)));
        let (reach, min, max) = bulge.reach().unwrap();
        assert!((reach - 4.0).abs() < 1e-6);
        assert_eq!((min, max), (Vec2::new(3.0, 10.0), Vec2::new(7.0, 14.0)));
        // From position 5 round to the first point: the chord cuts the square's
        // top-left corner off.
        let back = Span {
            walk: &walk,
            start: 5,
            end: walk.len(),
        };
        assert!(back.holds(Vec2::new(0.5, 9.0)));
        assert!(!back.holds(Vec2::new(5.0, 5.0)));
        let neighbours = Span {
            walk: &walk,
            start: 1,
            end: 2,
        };
        assert!(neighbours.reach().is_none());
    }
}
