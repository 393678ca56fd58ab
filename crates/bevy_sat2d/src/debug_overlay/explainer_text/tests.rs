use super::*;
use sat2d::{Iso, Shape, Vec2};

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
fn sources_are_named_after_the_shapes() {
    let (polygon, circle, capsule) = (ShapeKind::Polygon, ShapeKind::Circle, ShapeKind::Capsule);
    assert_eq!(
        axis_source_text(AxisSource::FaceOfA(2), polygon, circle),
        "face 2 of A"
    );
    assert_eq!(
        axis_source_text(AxisSource::FaceOfB(0), polygon, capsule),
        "B's core (side)"
    );
    assert_eq!(
        axis_source_text(AxisSource::ClosestFeatures, polygon, circle),
        "centre to vertex"
    );
}

#[test]
fn containment_explains_the_push_with_the_formula() {
    // B (2..4) inside A (0..10): they share 2, B must move 8 (right) or 4 (left): 4.
    let text = containment_text(&projection((0.0, 10.0), (2.0, 4.0))).unwrap();
    assert!(text.contains("B's shadow lies inside A's"), "{text}");
    assert!(text.contains("share only 2.00"), "{text}");
    assert!(
        text.contains("min(maxA − minB, maxB − minA) = min(8.00, 4.00) = 4.00"),
        "{text}"
    );
    assert_eq!(containment_text(&projection((0.0, 3.0), (2.0, 4.0))), None);
}

#[test]
fn steps_say_when_the_test_stops() {
    let axes = [
        projection((0.0, 3.0), (2.0, 4.0)),
        projection((0.0, 1.0), (2.0, 4.0)),
    ];
    assert!(step_text(&axes, 0).ends_with("no gap here, test the next axis (Right arrow)"));
    assert_eq!(
        step_text(&axes, 1),
        "axis 2 of 2: gap 1.00: separated: no need to test further"
    );
}

#[test]
fn the_decision_names_the_first_gap_or_the_smallest_push() {
    let square = Shape::rectangle(2.0, 2.0);
    let overlapping = sat2d::explain(
        &square,
        &Iso::IDENTITY,
        &square,
        &Iso::from_translation(Vec2::new(1.5, 0.0)),
    );
    let text = decision_text(&overlapping);
    assert!(
        text.starts_with("colliding") && text.contains("(0.50)"),
        "{text}"
    );
    let apart = sat2d::explain(
        &square,
        &Iso::IDENTITY,
        &square,
        &Iso::from_translation(Vec2::new(3.0, 0.0)),
    );
    let text = decision_text(&apart);
    assert!(
        text.starts_with("separated: axis ") && text.contains("gap (1.00)"),
        "{text}"
    );
}

#[test]
fn table_numbers_keep_about_four_digits() {
    assert_eq!(interval_text((-215.04, -125.0)), "-215..-125");
    assert_eq!(interval_text((12.06, 0.5)), "12.1..0.50");
    assert_eq!(overlap_text(-0.5), "gap 0.50");
    assert_eq!(overlap_text(39.0), "overlap 39.00");
}
