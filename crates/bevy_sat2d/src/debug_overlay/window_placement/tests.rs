use super::*;

const SCREEN: Rect = Rect {
    min: Vec2::ZERO,
    max: Vec2::new(1280.0, 720.0),
};
const SIZE: Vec2 = Vec2::new(430.0, 340.0);

#[test]
fn the_window_opens_bottom_right_unless_the_pair_is_there() {
    let top_left_pair = Rect::new(560.0, 110.0, 750.0, 240.0);
    let position = window_position(SCREEN, 330.0, 115.0, SIZE, Some(top_left_pair));
    assert_eq!(position, Vec2::new(840.0, 265.0));
    assert_eq!(window_position(SCREEN, 330.0, 115.0, SIZE, None), position);
    // A pair in the lower middle: the top right is free.
    let cup = Rect::new(712.0, 420.0, 853.0, 540.0);
    assert_eq!(
        window_position(SCREEN, 330.0, 115.0, SIZE, Some(cup)),
        Vec2::new(840.0, 10.0)
    );
}

#[test]
fn when_every_corner_meets_the_pair_the_least_covering_one_wins() {
    let tall = Vec2::new(430.0, 410.0);
    let cup = Rect::new(712.0, 420.0, 853.0, 540.0);
    assert_eq!(
        window_position(SCREEN, 330.0, 115.0, tall, Some(cup)),
        Vec2::new(840.0, 10.0)
    );
}

#[test]
fn a_pair_everywhere_falls_back_to_the_bottom_right() {
    let everywhere = Rect::new(0.0, 0.0, 1280.0, 720.0);
    assert_eq!(
        window_position(SCREEN, 330.0, 115.0, SIZE, Some(everywhere)),
        Vec2::new(840.0, 265.0)
    );
}
