//! The local repair against the brute-force one.

use super::*;
use crate::decompose::outline::first_meeting;
use crate::image_trace::AlphaMask;
use crate::image_trace::marching_squares::trace_loops;
use crate::image_trace::simplify::douglas_peucker;
use crate::image_trace::test_images::test_image;

/// Splits the edge at position `edge` of loop `walk`; whether it had a point to keep.
fn split_by_position(loops: &[&[Vec2]], kept: &mut [Vec<usize>], walk: usize, edge: usize) -> bool {
    let start = kept[walk][edge];
    let end = kept[walk]
        .get(edge + 1)
        .copied()
        .unwrap_or(loops[walk].len());
    let farthest = FarthestPoint::new(loops[walk]).farthest_from_chord(start, end);
    if let Some((index, _)) = farthest {
        kept[walk].insert(edge + 1, index);
    }
    farthest.is_some()
}

/// The repair by brute force: test every edge against every other, fix the first
/// meeting, start again; once none meet, split every edge that sweeps another
/// loop's first point (testing every loop), in the order of fixes, and start
/// again. Returns the loops and how many fixes of each kind it made.
fn repair_by_restarting(loops: &[&[Vec2]], kept: &[Vec<usize>]) -> (Vec<Vec<Vec2>>, usize, usize) {
    let mut kept = kept.to_vec();
    let (mut meetings, mut swallows) = (0, 0);
    loop {
        let simplified: Vec<Vec<Vec2>> = loops
            .iter()
            .zip(&kept)
            .map(|(walk, indices)| indices.iter().map(|&index| walk[index]).collect())
            .collect();
        let views: Vec<&[Vec2]> = simplified.iter().map(Vec::as_slice).collect();
        if let Some((first, second)) = first_meeting(&views) {
            meetings += 1;
            // The later edge first, so that the earlier keeps its place.
            let split =
                [second, first].map(|(walk, edge)| split_by_position(loops, &mut kept, walk, edge));
            assert!(split.contains(&true), "traced edges never meet");
            continue;
        }
        // Each swallowing edge as (smallest x, loop, start), the order of fixes.
        let mut swallowing: Vec<(f32, usize, usize)> = Vec::new();
        for (walk, indices) in kept.iter().enumerate() {
            for (edge, &start) in indices.iter().enumerate() {
                let end = indices.get(edge + 1).copied().unwrap_or(loops[walk].len());
                let span = Span {
                    walk: loops[walk],
                    start,
                    end,
                };
                let (a, b) = span.chord();
                let others = (0..loops.len()).filter(|&other| other != walk);
                if others.into_iter().any(|other| span.holds(loops[other][0])) {
                    swallowing.push((a.x.min(b.x), walk, start));
                }
            }
        }
        if swallowing.is_empty() {
            return (simplified, meetings, swallows);
        }
        swallowing.sort_by(|x, y| x.0.total_cmp(&y.0).then((x.1, x.2).cmp(&(y.1, y.2))));
        for (_, walk, start) in swallowing {
            swallows += 1;
            let edge = kept[walk].binary_search(&start).unwrap();
            split_by_position(loops, &mut kept, walk, edge);
        }
    }
}

/// Fixing the least meeting in the queue, testing only the edges near each fix,
/// and the swallowing edges among those not yet checked, gives the loops that
/// testing everything again after each fix gives, and they no longer meet.
#[test]
fn the_local_repair_gives_the_loops_of_testing_everything_after_each_fix() {
    let (mut meetings, mut swallows) = (0, 0);
    for seed in 0..60 {
        let image = test_image(seed);
        let mask = AlphaMask::try_new(image.width, image.height, &image.alpha).unwrap();
        let traced = trace_loops(&mask, 0.5, 0.0);
        let loops: Vec<&[Vec2]> = (0..traced.count())
            .map(|index| traced.points(index))
            .collect();
        for tolerance in [1.0, 3.0, 8.0] {
            let kept: Vec<Vec<usize>> = loops
                .iter()
                .map(|walk| douglas_peucker(walk, tolerance, usize::MAX))
                .collect();
            let (expected, met, swallowed) = repair_by_restarting(&loops, &kept);
            let repaired = repair_crossings(&loops, &kept);
            assert_eq!(repaired, expected, "seed {seed}, tolerance {tolerance}");
            let views: Vec<&[Vec2]> = repaired.iter().map(Vec::as_slice).collect();
            assert_eq!(first_meeting(&views), None);
            meetings += met;
            swallows += swallowed;
        }
    }
    assert!(
        meetings > 200 && swallows > 20,
        "only {meetings} meetings and {swallows} swallowed loops fixed: the images do not test the repair"
    );
}
