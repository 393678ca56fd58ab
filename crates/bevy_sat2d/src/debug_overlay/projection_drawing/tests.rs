use super::*;
use sat2d::AxisSource;

fn projection(a: (f32, f32), b: (f32, f32)) -> AxisProjection {
    AxisProjection {
        axis: Vec2::X,
        source: AxisSource::FaceOfA(0),
        a,
        b,
        overlap: (a.1 - b.0).min(b.1 - a.0),
    }
}

/// An axis-aligned box from `min` to `max`.
fn square(min: Vec2, max: Vec2) -> PlacedCore {
    PlacedCore {
        points: vec![min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)],
        radius: 0.0,
    }
}

#[test]
fn the_figure_sits_beside_the_pair_with_pixel_sized_offsets() {
    let a = square(Vec2::new(0.0, 0.0), Vec2::new(4.0, 4.0));
    let b = square(Vec2::new(3.0, 1.0), Vec2::new(9.0, 6.0));
    let drawing = projection_drawing(&projection((0.0, 4.0), (3.0, 9.0)), &a, &b, Vec2::Y, 0, 0.5);
    // B reaches y = 6; the line is 30 px = 15 units above.
    let line = 6.0 + MARGIN_PIXELS * 0.5;
    let bar = BAR_OFFSET_PIXELS * 0.5;
    assert_eq!(
        drawing.interval_a,
        (Vec2::new(0.0, line + bar), Vec2::new(4.0, line + bar))
    );
    assert_eq!(
        drawing.interval_b,
        (Vec2::new(3.0, line - bar), Vec2::new(9.0, line - bar))
    );
    assert!(drawing.overlapping);
    assert_eq!(
        drawing.between,
        (Vec2::new(3.0, line), Vec2::new(4.0, line))
    );
    let overhang = OVERHANG_PIXELS * 0.5;
    assert_eq!(
        drawing.axis_line,
        (Vec2::new(-overhang, line), Vec2::new(9.0 + overhang, line))
    );
    // Projection lines run from the extreme corners straight to the bars' ends.
    for (from, to) in drawing.projectors {
        assert_eq!(from.x, to.x);
    }
    assert_eq!(drawing.projectors[3].1, Vec2::new(9.0, line - bar));
}

#[test]
fn zooming_out_keeps_the_figure_the_same_size_on_screen() {
    let a = square(Vec2::ZERO, Vec2::ONE);
    let b = square(Vec2::new(2.0, 0.0), Vec2::new(3.0, 1.0));
    let near = projection_drawing(&projection((0.0, 1.0), (2.0, 3.0)), &a, &b, Vec2::Y, 0, 1.0);
    let far = projection_drawing(&projection((0.0, 1.0), (2.0, 3.0)), &a, &b, Vec2::Y, 0, 4.0);
    let gap = |drawing: &ProjectionDrawing| drawing.axis_line.0.y - 1.0;
    assert_eq!(gap(&far), 4.0 * gap(&near));
    let stacked = projection_drawing(&projection((0.0, 1.0), (2.0, 3.0)), &a, &b, Vec2::Y, 1, 1.0);
    assert_eq!(gap(&stacked) - gap(&near), STACK_PIXELS);
}

#[test]
fn a_gap_is_drawn_between_the_intervals_in_either_order() {
    let a = square(Vec2::ZERO, Vec2::ONE);
    let right = projection_drawing(
        &projection((0.0, 1.0), (3.0, 4.0)),
        &a,
        &a,
        Vec2::NEG_Y,
        0,
        1.0,
    );
    assert!(!right.overlapping);
    let line = -MARGIN_PIXELS;
    assert_eq!(right.between, (Vec2::new(1.0, line), Vec2::new(3.0, line)));
    let left = projection_drawing(
        &projection((5.0, 6.0), (0.0, 2.0)),
        &a,
        &a,
        Vec2::NEG_Y,
        0,
        1.0,
    );
    assert_eq!(left.between, (Vec2::new(2.0, line), Vec2::new(5.0, line)));
}

#[test]
fn the_figure_goes_away_from_the_view_centre_unless_it_would_leave_the_screen() {
    let a = square(Vec2::new(0.0, 100.0), Vec2::new(10.0, 110.0));
    let b = square(Vec2::new(5.0, 100.0), Vec2::new(15.0, 110.0));
    let axis = projection((0.0, 10.0), (5.0, 15.0));
    let everything = Rect::new(-1e4, -1e4, 1e4, 1e4);
    assert_eq!(
        figure_side(&axis, &a, &b, Vec2::ZERO, everything, 1.0),
        Vec2::Y
    );
    let below_120 = Rect::new(-1e4, -1e4, 1e4, 120.0);
    assert_eq!(
        figure_side(&axis, &a, &b, Vec2::ZERO, below_120, 1.0),
        Vec2::NEG_Y
    );
}
