use super::*;

#[test]
fn primitives_convert_to_the_same_shapes() {
    let circle = Collider::try_from(Circle::new(2.0)).unwrap();
    assert_eq!(circle, Collider::circle(2.0));
    let rectangle = Collider::try_from(Rectangle::new(4.0, 2.0)).unwrap();
    assert_eq!(rectangle, Collider::rectangle(4.0, 2.0));
    let capsule = Collider::try_from(Capsule2d::new(1.0, 3.0)).unwrap();
    assert_eq!(capsule, Collider::capsule(1.0, 3.0));
    let hexagon = Collider::try_from(RegularPolygon::new(1.0, 6)).unwrap();
    assert!((hexagon.shape().area() - 2.598_076).abs() < 1e-4);
    let triangle = Triangle2d::new(Vec2::ZERO, Vec2::X, Vec2::Y);
    assert!((Collider::try_from(triangle).unwrap().shape().area() - 0.5).abs() < 1e-6);
    let l_shape = Polygon::new([
        Vec2::ZERO,
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(1.0, 2.0),
        Vec2::new(0.0, 2.0),
    ]);
    assert_eq!(
        Collider::try_from(l_shape).unwrap().kind(),
        ShapeKind::Concave
    );
}

/// Through the type registry, as a scene saves and loads it: written as the shape's
/// data, read back equal (a concave outline is split again), and an invalid shape
/// is refused.
#[test]
fn reflection_round_trips_through_the_shape_data() {
    use bevy::reflect::serde::{TypedReflectDeserializer, TypedReflectSerializer};
    use bevy::reflect::{FromReflect, TypeRegistry};
    use serde::de::DeserializeSeed;

    let mut registry = TypeRegistry::new();
    registry.register::<Collider>();
    let registration = registry.get(std::any::TypeId::of::<Collider>()).unwrap();
    assert!(registration.data::<ReflectComponent>().is_some());
    let l_shape = [
        Vec2::ZERO,
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(1.0, 2.0),
        Vec2::new(0.0, 2.0),
    ];
    for collider in [
        Collider::circle(2.5),
        Collider::rectangle(4.0, 1.0),
        Collider::polygon(&l_shape).unwrap(),
    ] {
        let text = ron::to_string(&TypedReflectSerializer::new(&collider, &registry)).unwrap();
        let seed = TypedReflectDeserializer::of::<Collider>(&registry);
        let value = seed
            .deserialize(&mut ron::Deserializer::from_str(&text).unwrap())
            .unwrap();
        let read = Collider::from_reflect(value.as_partial_reflect()).unwrap();
        assert_eq!(read, collider, "{text}");
    }
    let seed = TypedReflectDeserializer::of::<Collider>(&registry);
    let invalid = "Circle(radius: -1.0)";
    assert!(
        seed.deserialize(&mut ron::Deserializer::from_str(invalid).unwrap())
            .is_err()
    );
}

#[test]
fn clones_share_the_shape() {
    let collider = Collider::capsule(1.0, 4.0);
    let clone = collider.clone();
    assert!(Arc::ptr_eq(collider.shared_shape(), clone.shared_shape()));
    assert_eq!(Shape::from(clone), Shape::capsule(1.0, 4.0));
}

#[test]
fn try_constructors_agree_with_the_panicking_ones_and_refuse_zero() {
    assert_eq!(Collider::try_circle(2.0).unwrap(), Collider::circle(2.0));
    assert_eq!(
        Collider::try_rectangle(4.0, 2.0).unwrap(),
        Collider::rectangle(4.0, 2.0)
    );
    assert_eq!(
        Collider::try_capsule(1.0, 3.0).unwrap(),
        Collider::capsule(1.0, 3.0)
    );
    let (a, b) = (Vec2::ZERO, Vec2::new(3.0, 4.0));
    assert_eq!(
        Collider::try_segment(a, b).unwrap(),
        Collider::segment(a, b)
    );
    assert!(Collider::try_circle(0.0).is_err());
    assert!(Collider::try_circle(f32::NAN).is_err());
    assert!(Collider::try_rectangle(0.0, 1.0).is_err());
    assert!(Collider::try_rectangle(1.0, -1.0).is_err());
    assert!(Collider::try_capsule(0.0, 1.0).is_err());
    assert!(Collider::try_capsule(1.0, -1.0).is_err());
    assert!(Collider::try_segment(a, a).is_err());
    assert!(Collider::try_segment(a, Vec2::INFINITY).is_err());
    assert!(std::panic::catch_unwind(|| Collider::circle(0.0)).is_err());
}

#[test]
fn invalid_primitives_are_errors() {
    assert!(Collider::try_from(Circle::new(-1.0)).is_err());
    assert!(Collider::try_from(Triangle2d::new(Vec2::ZERO, Vec2::X, Vec2::X * 2.0)).is_err());
    assert!(Collider::try_from(Segment2d::new(Vec2::ONE, Vec2::ONE)).is_err());
}
