use super::*;

#[test]
fn walking_onto_a_slope_keeps_the_horizontal_speed_and_drops_gravity() {
    let slope = Vec2::new(-0.5, 3f32.sqrt() / 2.0); // 30°, rising to the right
    let motion = along_ground(Vec2::new(2.0, -1.0), slope, Vec2::Y);
    assert!((motion.x - 2.0).abs() < 1e-5);
    assert!((motion.y - 2.0 * 30f32.to_radians().tan()).abs() < 1e-5);
    assert_eq!(
        along_ground(Vec2::new(0.0, -1.0), Vec2::Y, Vec2::Y),
        Vec2::ZERO
    );
}

#[test]
fn a_steep_wall_is_not_climbed() {
    let steep = Vec2::new(-(3f32.sqrt()) / 2.0, 0.5); // 60°, rising to the right
    let motion = along_wall(Vec2::new(2.0, -0.1), steep, Vec2::Y);
    assert!(motion.y <= 0.0);
    assert!(motion.x.abs() < 1e-5);
    let ceiling = along_wall(Vec2::new(1.0, 1.0), Vec2::NEG_Y, Vec2::Y);
    assert_eq!(ceiling, Vec2::new(1.0, 0.0));
}
