use super::*;
use sat2d::{AxisSource, Iso, Shape, Vec2};

fn axis(overlap: f32) -> AxisProjection {
    AxisProjection {
        axis: Vec2::X,
        source: AxisSource::FaceOfA(0),
        a: (0.0, 1.0),
        b: (1.0 - overlap, 2.0),
        overlap,
    }
}

fn explanation(overlaps: &[f32]) -> SatExplanation {
    let axes: Vec<AxisProjection> = overlaps.iter().map(|overlap| axis(*overlap)).collect();
    let deciding = (0..axes.len())
        .min_by(|i, j| axes[*i].overlap.total_cmp(&axes[*j].overlap))
        .unwrap();
    SatExplanation {
        part_a: 0,
        part_b: 0,
        axes,
        deciding,
    }
}

#[test]
fn the_walk_goes_axis_by_axis_and_stops_at_the_first_gap() {
    let axes = explanation(&[2.0, 1.0, -0.5, 3.0, -4.0]).axes;
    let mut walk = AxisWalk::default();
    let mut seen = Vec::new();
    for _ in 0..6 {
        walk.forward(&axes);
        seen.push(walk.step.unwrap());
    }
    assert_eq!(seen, [0, 1, 2, 2, 2, 2]);
    assert_eq!(step_outcome(&axes, 0), StepOutcome::Overlapping);
    assert_eq!(step_outcome(&axes, 2), StepOutcome::Separated);
}

#[test]
fn when_every_axis_overlaps_the_walk_ends_on_the_last_axis_colliding() {
    let axes = explanation(&[2.0, 1.0, 3.0]).axes;
    let mut walk = AxisWalk::default();
    for _ in 0..5 {
        walk.forward(&axes);
    }
    assert_eq!(walk.step, Some(2));
    assert_eq!(step_outcome(&axes, 2), StepOutcome::Colliding);
    assert_eq!(step_outcome(&axes, 1), StepOutcome::Overlapping);
}

#[test]
fn back_steps_down_then_leaves_the_walk() {
    let axes = explanation(&[2.0, 1.0, 3.0]).axes;
    let mut walk = AxisWalk::default();
    walk.forward(&axes);
    walk.forward(&axes);
    walk.back();
    assert_eq!(walk.step, Some(0));
    walk.back();
    assert_eq!(walk.step, None);
    walk.back();
    assert_eq!(walk.step, None);
}

#[test]
fn the_deciding_axis_is_the_first_gap_or_the_smallest_push() {
    // The largest gap (axis 3) is not where the test stops: the first gap (axis 1) is.
    assert_eq!(deciding_axis(&explanation(&[2.0, -0.5, 3.0, -4.0])), 1);
    assert_eq!(deciding_axis(&explanation(&[2.0, 0.5, 3.0])), 1);
}

#[test]
fn another_pair_restarts_the_walk_and_fewer_axes_clamp_it() {
    let axes = explanation(&[2.0, 1.0, 3.0, 4.0]).axes;
    let (a, b, c) = (
        Entity::from_raw_u32(1).unwrap(),
        Entity::from_raw_u32(2).unwrap(),
        Entity::from_raw_u32(3).unwrap(),
    );
    let mut walk = AxisWalk::default();
    walk.follow_pair(Some((a, b)));
    walk.forward(&axes);
    walk.forward(&axes);
    walk.forward(&axes);
    walk.follow_pair(Some((a, b)));
    assert_eq!(walk.step, Some(2));
    walk.clamp(&axes[..2]);
    assert_eq!(walk.step, Some(1));
    walk.follow_pair(Some((a, c)));
    assert_eq!(walk.step, None);
    assert_eq!(walk.pair, Some((a, c)));
}

#[test]
fn drawn_axes_put_the_step_or_the_deciding_axis_first_then_the_hovered_row() {
    let explanation = explanation(&[2.0, 1.0, 3.0]);
    let mut walk = AxisWalk::default();
    assert_eq!(walk.drawn_axes(&explanation), [1]);
    walk.hovered = Some(2);
    assert_eq!(walk.drawn_axes(&explanation), [1, 2]);
    walk.hovered = Some(1);
    assert_eq!(walk.drawn_axes(&explanation), [1]);
    walk.hovered = None;
    walk.step = Some(0);
    assert_eq!(walk.drawn_axes(&explanation), [0]);
    assert!(walk.tested(0) && !walk.tested(1));
    walk.all_axes = true;
    walk.step = Some(1);
    assert_eq!(walk.drawn_axes(&explanation), [1, 0]);
    walk.step = None;
    assert_eq!(walk.drawn_axes(&explanation), [1, 0, 2]);
}

#[test]
fn a_real_pair_walks_in_explain_order() {
    // Two unit boxes side by side with a gap along x: A's first face is +x.
    let square = Shape::rectangle(2.0, 2.0);
    let explanation = sat2d::explain(
        &square,
        &Iso::IDENTITY,
        &square,
        &Iso::from_translation(Vec2::new(0.5, 3.0)),
    );
    let gap = first_gap(&explanation.axes).expect("apart along y");
    assert!(explanation.axes[gap].axis.y.abs() > 0.99);
    let mut walk = AxisWalk::default();
    for _ in 0..10 {
        walk.forward(&explanation.axes);
    }
    assert_eq!(walk.step, Some(gap));
}
