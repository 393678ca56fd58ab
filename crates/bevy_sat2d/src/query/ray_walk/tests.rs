use super::*;

fn stretches(origin: Vec2, direction: Vec2, max_distance: f32, side: f32) -> Vec<(f32, f32)> {
    RayStretches::new(&Ray::new(origin, direction), max_distance, side).collect()
}

#[test]
fn stretches_end_on_cell_lines_and_cover_the_ray() {
    let cut = stretches(Vec2::new(0.5, 0.5), Vec2::X, 3.0, 1.0);
    assert_eq!(cut, [(0.0, 0.5), (0.5, 1.5), (1.5, 2.5), (2.5, 3.0)]);
    let diagonal = stretches(Vec2::new(0.25, 0.5), Vec2::ONE, 2.0, 1.0);
    assert_eq!(diagonal.first().unwrap().0, 0.0);
    assert_eq!(diagonal.last().unwrap().1, 2.0);
    for pair in diagonal.windows(2) {
        assert_eq!(pair[0].1, pair[1].0, "no gap");
    }
    // 2 / √2 ≈ 1.41 along each axis: it crosses x = 1 and y = 1 only.
    assert_eq!(diagonal.len(), 3);
}

#[test]
fn each_stretch_lies_in_one_cell() {
    let mut rng = fastrand::Rng::with_seed(3);
    for _ in 0..200 {
        let origin = Vec2::new(rng.f32() * 40.0 - 20.0, rng.f32() * 40.0 - 20.0);
        let direction = Vec2::from_angle(rng.f32() * std::f32::consts::TAU);
        let ray = Ray::new(origin, direction);
        for (start, end) in RayStretches::new(&ray, 30.0, 1.5) {
            let middle = ray.at((start + end) * 0.5);
            let cell = (middle / 1.5).floor();
            for point in [ray.at(start), ray.at(end)] {
                let offset = point / 1.5 - cell;
                assert!(offset.cmpge(Vec2::splat(-1e-4)).all(), "{offset}");
                assert!(offset.cmple(Vec2::splat(1.0 + 1e-4)).all(), "{offset}");
            }
        }
    }
}

#[test]
fn a_zero_length_ray_is_one_stretch() {
    assert_eq!(
        stretches(Vec2::new(0.5, 0.5), Vec2::Y, 0.0, 1.0),
        [(0.0, 0.0)]
    );
}
