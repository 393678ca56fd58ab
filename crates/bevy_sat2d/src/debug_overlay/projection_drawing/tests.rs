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

#[test]
fn intervals_land_on_the_axis_line() {
    let drawing = projection_drawing(
        &projection((0.0, 4.0), (3.0, 9.0)),
        Vec2::new(2.0, 5.0),
        50.0,
    );
    assert_eq!(
        drawing.interval_a,
        (
            Vec2::new(0.0, 5.0 + INTERVAL_OFFSET),
            Vec2::new(4.0, 5.0 + INTERVAL_OFFSET)
        )
    );
    assert_eq!(
        drawing.interval_b,
        (
            Vec2::new(3.0, 5.0 - INTERVAL_OFFSET),
            Vec2::new(9.0, 5.0 - INTERVAL_OFFSET)
        )
    );
    assert!(drawing.overlapping);
    assert_eq!(drawing.between, (Vec2::new(3.0, 5.0), Vec2::new(4.0, 5.0)));
    assert_eq!(
        drawing.axis_line,
        (Vec2::new(-48.0, 5.0), Vec2::new(52.0, 5.0))
    );
}

#[test]
fn a_gap_is_drawn_between_the_intervals_in_either_order() {
    let right = projection_drawing(&projection((0.0, 1.0), (3.0, 4.0)), Vec2::ZERO, 10.0);
    assert!(!right.overlapping);
    assert_eq!(right.between, (Vec2::new(1.0, 0.0), Vec2::new(3.0, 0.0)));
    let left = projection_drawing(&projection((5.0, 6.0), (0.0, 2.0)), Vec2::ZERO, 10.0);
    assert_eq!(left.between, (Vec2::new(2.0, 0.0), Vec2::new(5.0, 0.0)));
}
