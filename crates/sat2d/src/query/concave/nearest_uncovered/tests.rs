//! Tests of [`nearest_uncovered_point`](super::nearest_uncovered_point).

use super::*;
use crate::query::concave::boundary_piece::covers;
use crate::query::concave::minkowski_difference::MinkowskiDifference;
use crate::shape::rounded_convex::RoundedConvex;

const SQUARE: [Vec2; 4] = [
    Vec2::new(-1.0, -1.0),
    Vec2::new(1.0, -1.0),
    Vec2::new(1.0, 1.0),
    Vec2::new(-1.0, 1.0),
];
const NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

/// A window of `reach` with nothing known covered.
fn window(reach: f32) -> Window {
    Window {
        reach,
        covered: 0.0,
    }
}

/// The differences, built.
fn built(shapes: &[MinkowskiDifference]) -> Vec<LazyDifference> {
    shapes.iter().cloned().map(LazyDifference::built).collect()
}

/// Never called: every difference is built.
const NONE_WAITING: Build<'static> = &|_| unreachable!("every difference is built");

fn budget() -> WorkBudget {
    WorkBudget::with_units(u64::MAX)
}

/// The square of half side `half` around `center`, grown by `radius`.
fn square(center: Vec2, half: f32, radius: f32) -> MinkowskiDifference {
    let points = SQUARE.map(|p| p * half);
    let square = RoundedConvex {
        points: &points,
        normals: &NORMALS,
        radius: 0.0,
    };
    let at = [-center];
    let point = RoundedConvex {
        points: &at,
        normals: &[],
        radius,
    };
    MinkowskiDifference::new(square, point)
}

#[test]
fn finds_the_side_of_two_squares_and_the_rim_of_a_rounded_one() {
    // Two overlapping squares cover the origin; the nearest uncovered point is
    // straight up or down, 1 away.
    let both = vec![
        square(Vec2::new(-0.5, 0.0), 1.0, 0.0),
        square(Vec2::new(0.5, 0.0), 1.0, 0.0),
    ];
    let point = nearest_uncovered_point(
        &mut built(&both),
        NONE_WAITING,
        window(4.0),
        1e-5,
        None,
        &mut budget(),
    )
    .point
    .unwrap();
    assert!((point.length() - 1.0).abs() < 1e-5, "{point}");
    assert!(point.x.abs() < 1e-5, "{point}");
    // A small square grown by 1: its rim is 1.1 away along the axes, and
    // farther along the diagonals.
    let point = nearest_uncovered_point(
        &mut built(&[square(Vec2::ZERO, 0.1, 1.0)]),
        NONE_WAITING,
        window(4.0),
        1e-5,
        None,
        &mut budget(),
    )
    .point;
    assert!((point.unwrap().length() - 1.1).abs() < 1e-5, "{point:?}");
    assert!(
        nearest_uncovered_point(
            &mut built(&[square(Vec2::ZERO, 0.1, 1.0)]),
            NONE_WAITING,
            window(1.05),
            1e-5,
            None,
            &mut budget()
        )
        .point
        .is_none()
    );
}

/// Cut short at every budget, the search answers with a point that no shape
/// covers, or none: never a candidate it could not finish testing. The shapes wait
/// to be built, as part pairs' differences do, and the same answer comes whether
/// they are built first or as the search reads them.
#[test]
fn an_incomplete_search_answers_only_with_a_point_no_shape_covers() {
    // Forty rounded squares crowding the origin, like part pairs' differences.
    let shapes: Vec<MinkowskiDifference> = (0..40)
        .map(|k| {
            let angle = k as f32 * 2.4;
            let center = Vec2::from_angle(angle) * (0.3 + 0.02 * k as f32);
            square(center, 0.25 + 0.01 * k as f32, 0.05 * (k % 3) as f32)
        })
        .collect();
    let slack = 1e-5;
    let build = |(index, _): (u32, u32)| shapes[index as usize].clone();
    let waiting = || -> Vec<LazyDifference> {
        (0..shapes.len() as u32)
            .map(|index| {
                let shape = &shapes[index as usize];
                LazyDifference::waiting((index, 0), shape.bounds(), f32::INFINITY)
            })
            .collect()
    };
    let complete = nearest_uncovered_point(
        &mut waiting(),
        &build,
        window(4.0),
        slack,
        None,
        &mut budget(),
    );
    assert!(complete.complete);
    let all_built = nearest_uncovered_point(
        &mut built(&shapes),
        NONE_WAITING,
        window(4.0),
        slack,
        None,
        &mut budget(),
    );
    assert_eq!(all_built.point, complete.point);
    let exact = complete.point.expect("the union is bounded");
    let mut incomplete_points = 0;
    for units in (0..150_000).step_by(61) {
        let outcome = nearest_uncovered_point(
            &mut waiting(),
            &build,
            window(4.0),
            slack,
            None,
            &mut WorkBudget::with_units(units),
        );
        if let Some(point) = outcome.point {
            for shape in &shapes {
                assert!(!covers(shape.view(), point, slack), "{units}: {point}");
            }
            assert!(point.length() >= exact.length() - slack, "{units}: {point}");
            incomplete_points += usize::from(!outcome.complete);
        }
    }
    assert!(incomplete_points > 0, "some cut-short search found a point");
}
