//! Morton (Z-order) keys of grid cells: cells close on the plane get close keys, so a
//! walk in key order visits neighbouring cells one after another.

/// Spreads the 16 low bits of `value` to the even bits of the result.
#[inline]
fn spread(value: u32) -> u32 {
    let mut bits = value & 0xffff;
    bits = (bits | (bits << 8)) & 0x00ff_00ff;
    bits = (bits | (bits << 4)) & 0x0f0f_0f0f;
    bits = (bits | (bits << 2)) & 0x3333_3333;
    (bits | (bits << 1)) & 0x5555_5555
}

/// The Morton key of cell `(x, y)`: the 16 low bits of each coordinate, interleaved (`x`
/// on the even bits). Coordinates 2¹⁶ apart share a key; that only costs locality, as
/// the key orders work and never decides a result.
#[inline]
pub(super) fn morton_key(x: i32, y: i32) -> u32 {
    spread(x as u32) | (spread(y as u32) << 1)
}

#[cfg(test)]
mod tests {
    use super::morton_key;

    #[test]
    fn keys_interleave_the_coordinates() {
        assert_eq!(morton_key(0, 0), 0);
        assert_eq!(morton_key(1, 0), 0b01);
        assert_eq!(morton_key(0, 1), 0b10);
        assert_eq!(morton_key(3, 3), 0b1111);
        assert_eq!(morton_key(2, 1), 0b0110);
        assert_eq!(morton_key(0xffff, 0), 0x5555_5555);
        assert_eq!(morton_key(0, 0xffff), 0xaaaa_aaaa);
        // Negative coordinates keep their low bits: -1 is 0xffff there.
        assert_eq!(morton_key(-1, -1), u32::MAX);
    }

    #[test]
    fn each_two_by_two_block_of_a_quadrant_is_four_consecutive_keys() {
        for y in (0..64).step_by(2) {
            for x in (0..64).step_by(2) {
                let base = morton_key(x, y);
                assert_eq!(base % 4, 0);
                assert_eq!(
                    [
                        morton_key(x + 1, y),
                        morton_key(x, y + 1),
                        morton_key(x + 1, y + 1)
                    ],
                    [base + 1, base + 2, base + 3]
                );
            }
        }
    }
}
