//! Class 6: `Ray` accepts a direction of any finite non-zero length, and normalizes it
//! to unit length whatever its scale.

use proptest::prelude::*;
use sat2d::{Ray, RayError, Vec2};

use super::common::seeded;
use super::v;

#[test]
fn tiny_and_huge_directions_are_normalized() {
    for direction in [
        v(3e-30, -4e-30),
        v(1e-20, 0.0),
        v(0.0, -1e-45),
        v(f32::MIN_POSITIVE, f32::MIN_POSITIVE),
        v(2e19, 0.0),
        v(f32::MAX, f32::MAX),
        v(-f32::MAX, 1.0),
        v(3e38, -2e38),
    ] {
        let ray = Ray::try_new(Vec2::ZERO, direction).expect("finite and non-zero");
        let unit = ray.direction();
        assert!(
            (unit.length() - 1.0).abs() < 1e-6,
            "{direction}: {unit} ({})",
            unit.length()
        );
        let expected = direction.as_dvec2().normalize();
        assert!(
            (unit.as_dvec2() - expected).length() < 1e-6,
            "{direction}: {unit}"
        );
    }
    assert!((Ray::new(Vec2::ZERO, v(3e-30, -4e-30)).direction() - v(0.6, -0.8)).length() < 1e-6);
}

#[test]
fn zero_and_non_finite_directions_are_refused() {
    for direction in [
        Vec2::ZERO,
        v(f32::NAN, 1.0),
        v(f32::INFINITY, 0.0),
        v(0.0, -0.0),
    ] {
        assert!(
            matches!(
                Ray::try_new(Vec2::ZERO, direction),
                Err(RayError::InvalidDirection(_))
            ),
            "{direction}"
        );
    }
}

proptest! {
    #![proptest_config(seeded(2000))]

    /// Any finite non-zero direction, at any binary scale: unit length, the same
    /// direction as in f64.
    #[test]
    fn any_scale_normalizes(angle in -3.2f32..3.2, exponent in -149i32..=127, stretch in 0.1f32..1.0) {
        let direction = Vec2::from_angle(angle) * stretch * 2f32.powi(exponent.min(126)) * if exponent > 126 { 1.9 } else { 1.0 };
        prop_assume!(direction != Vec2::ZERO && direction.is_finite());
        let unit = Ray::try_new(Vec2::ZERO, direction).unwrap().direction();
        prop_assert!((unit.length() - 1.0).abs() < 1e-6);
        prop_assert!((unit.as_dvec2() - direction.as_dvec2().normalize()).length() < 1e-5);
    }
}
