use super::*;

fn floor() -> MoverGround {
    MoverGround {
        entity: Entity::PLACEHOLDER,
        normal: Vec2::Y,
        point: Vec2::new(3.0, 10.0),
    }
}

#[test]
fn a_corner_on_the_ground_plane_reports_the_ground_normal() {
    let normal = seam_normal(Vec2::new(16.0, 10.0), Vec2::NEG_X, Some(&floor()), 0.02);
    assert_eq!(normal, Vec2::Y);
}

#[test]
fn a_wall_above_the_ground_plane_is_kept() {
    let normal = seam_normal(Vec2::new(16.0, 10.02), Vec2::NEG_X, Some(&floor()), 0.02);
    assert_eq!(normal, Vec2::NEG_X);
    assert_eq!(
        seam_normal(Vec2::ZERO, Vec2::NEG_X, None, 0.02),
        Vec2::NEG_X
    );
}
