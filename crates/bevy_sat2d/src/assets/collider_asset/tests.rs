use super::*;

#[test]
fn parses_every_shape_kind() {
    let cases = [
        ("Circle(radius: 2.0)", Shape::circle(2.0)),
        (
            "Rectangle(width: 4.0, height: 2.0)",
            Shape::rectangle(4.0, 2.0),
        ),
        (
            "Capsule(radius: 1.0, length: 3.0)",
            Shape::capsule(1.0, 3.0),
        ),
        (
            "Segment(a: (0.0, 0.0), b: (1.0, 2.0))",
            Shape::segment(Vec2::ZERO, Vec2::new(1.0, 2.0)),
        ),
    ];
    for (text, shape) in cases {
        assert_eq!(
            ColliderAsset::from_ron(text).unwrap().shape,
            shape,
            "{text}"
        );
    }
    let concave =
        "Polygon(points: [(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0), (1.0, 2.0), (0.0, 2.0)])";
    assert_eq!(
        ColliderAsset::from_ron(concave).unwrap().shape.part_count(),
        2
    );
}

#[test]
fn malformed_files_name_the_problem() {
    let syntax = ColliderAsset::from_ron("Circle(radius: )").unwrap_err();
    assert!(matches!(syntax, ColliderAssetError::Syntax(_)), "{syntax}");
    assert!(
        syntax.to_string().contains("1:"),
        "position missing: {syntax}"
    );
    let unknown = ColliderAsset::from_ron("Hexagon(size: 2.0)").unwrap_err();
    assert!(unknown.to_string().contains("Hexagon"), "{unknown}");
    let crossing = "Polygon(points: [(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)])";
    let shape = ColliderAsset::from_ron(crossing).unwrap_err();
    assert!(matches!(shape, ColliderAssetError::Shape(_)), "{shape}");
}
