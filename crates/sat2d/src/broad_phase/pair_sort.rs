//! Sorting candidate pairs: a least-significant-digit radix sort on the packed pair
//! (first id in the high half), through scratch room the caller keeps, so that a step
//! that sorts allocates nothing once that room has grown to its largest pair count.
//! (Library radix sorts allocate their scratch copy on every call.) Public, for a
//! caller that sorts its own lists of pairs the same way (the plugin's per-collider
//! edits, by collider).

use super::IdPair;

/// Below this many pairs a comparison sort (in place, no scratch) is as quick.
const RADIX_FROM: usize = 128;

/// Whether `pairs` are sorted by comparison: too few for a radix sort to pay, or too
/// many for its `u32` counts (2³² pairs, 32 GiB).
fn by_comparison(pairs: &[IdPair]) -> bool {
    pairs.len() < RADIX_FROM || u32::try_from(pairs.len()).is_err()
}

/// The pair as one number that sorts as the pair does.
fn packed((first, second): IdPair) -> u64 {
    (u64::from(first) << 32) | u64::from(second)
}

/// Sorts `pairs` by first id, then second id. `scratch` is grown to the pairs' count
/// while it runs, and keeps its room. One pass counts every digit's buckets; a digit
/// every pair shares is not sorted on (ids below 2¹⁶ need four passes, not eight).
///
/// ```
/// use sat2d::broad_phase::sort_pairs;
///
/// let mut pairs = vec![(3, 1), (1, 9), (3, 0), (1, 2)];
/// let mut scratch = Vec::new();
/// sort_pairs(&mut pairs, &mut scratch);
/// assert_eq!(pairs, [(1, 2), (1, 9), (3, 0), (3, 1)]);
/// ```
pub fn sort_pairs(pairs: &mut [IdPair], scratch: &mut Vec<IdPair>) {
    if by_comparison(pairs) {
        pairs.sort_unstable();
        return;
    }
    // A byte a digit: 256 buckets, cheap to count and sum for a few thousand pairs.
    radix_sort::<8, 256, 8>(pairs, scratch, 0);
}

/// Sorts `pairs` by first value only, keeping the order of pairs with equal first
/// values (a stable sort): half the passes of [`sort_pairs`] when the pairs come in
/// the order their second values should keep. `scratch` as for [`sort_pairs`].
///
/// ```
/// use sat2d::broad_phase::sort_by_first;
///
/// // Each value with the place it was found at: those of equal value keep their order.
/// let mut pairs = vec![(7, 0), (2, 1), (7, 2), (2, 3)];
/// let mut scratch = Vec::new();
/// sort_by_first(&mut pairs, &mut scratch);
/// assert_eq!(pairs, [(2, 1), (2, 3), (7, 0), (7, 2)]);
/// ```
pub fn sort_by_first(pairs: &mut [IdPair], scratch: &mut Vec<IdPair>) {
    if by_comparison(pairs) {
        pairs.sort_by_key(|&(first, _)| first);
        return;
    }
    // 11 bits a digit: 2,048 buckets (their counts still fit the first-level cache),
    // three passes at most, and two for values below 2²² (a 100k-collider grid's cell
    // keys, sorted every step, took three a byte at a time).
    radix_sort::<11, 2048, 3>(pairs, scratch, 32);
}

/// The least-significant-digit radix sort on the packed pair's `DIGITS` digits of
/// `BITS` bits from bit `from_bit` up (stable, so the bits below keep their order).
/// `BUCKETS` is `2^BITS`.
fn radix_sort<const BITS: u32, const BUCKETS: usize, const DIGITS: usize>(
    pairs: &mut [IdPair],
    scratch: &mut Vec<IdPair>,
    from_bit: u32,
) {
    debug_assert_eq!(BUCKETS, 1 << BITS);
    debug_assert!(from_bit as usize + DIGITS * BITS as usize >= u64::BITS as usize);
    let shift_of = |place: usize| from_bit + place as u32 * BITS;
    let mut counts = [[0_u32; BUCKETS]; DIGITS];
    for &pair in pairs.iter() {
        let key = packed(pair);
        for (place, digit_counts) in counts.iter_mut().enumerate() {
            digit_counts[((key >> shift_of(place)) as usize) & (BUCKETS - 1)] += 1;
        }
    }
    // Only the tail past the old length is written when the room grows.
    if scratch.len() < pairs.len() {
        scratch.resize(pairs.len(), (0, 0));
    }
    scratch.truncate(pairs.len());
    // Whether the pairs, as sorted so far, are in `scratch` rather than `pairs`.
    let mut in_scratch = false;
    // Counted in `u32`s, half the room (the callers sort 2³² pairs or more by
    // comparison).
    let length = pairs.len() as u32;
    for (place, digit_counts) in counts.iter().enumerate() {
        if digit_counts.contains(&length) {
            continue;
        }
        let shift = shift_of(place);
        let mut starts = [0_usize; BUCKETS];
        let mut total = 0;
        for (start, &count) in starts.iter_mut().zip(digit_counts) {
            *start = total;
            total += count as usize;
        }
        let (from, to) = if in_scratch {
            (&scratch[..], &mut pairs[..])
        } else {
            (&pairs[..], &mut scratch[..])
        };
        for &pair in from {
            let bucket = &mut starts[((packed(pair) >> shift) as usize) & (BUCKETS - 1)];
            to[*bucket] = pair;
            *bucket += 1;
        }
        in_scratch = !in_scratch;
    }
    if in_scratch {
        pairs.copy_from_slice(scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_as_a_comparison_sort_does(
            mut pairs in proptest::collection::vec((0_u32..200_000, 0_u32..200_000), 0..2_000),
            big_ids in any::<bool>(),
        ) {
            if big_ids {
                // Ids that differ in every byte.
                for pair in &mut pairs {
                    pair.0 = pair.0.wrapping_mul(21_475);
                    pair.1 = pair.1.wrapping_mul(21_475);
                }
            }
            let mut expected = pairs.clone();
            expected.sort_unstable();
            let mut scratch = Vec::new();
            sort_pairs(&mut pairs, &mut scratch);
            prop_assert_eq!(pairs, expected);
        }
    }

    proptest! {
        #[test]
        fn sorts_by_first_as_a_stable_sort_does(
            mut pairs in proptest::collection::vec((0_u32..70_000, 0_u32..1_000_000), 0..2_000),
            big_values in any::<bool>(),
        ) {
            if big_values {
                // First values that differ in every 11-bit digit, the top one included.
                for pair in &mut pairs {
                    pair.0 = pair.0.wrapping_mul(61_373);
                }
            }
            let mut expected = pairs.clone();
            expected.sort_by_key(|&(first, _)| first);
            let mut scratch = Vec::new();
            sort_by_first(&mut pairs, &mut scratch);
            prop_assert_eq!(pairs, expected);
        }
    }

    #[test]
    fn reuses_its_scratch_room() {
        let mut pairs: Vec<IdPair> = (0..1_000).rev().map(|id| (id % 7, id)).collect();
        let mut scratch = Vec::new();
        sort_pairs(&mut pairs, &mut scratch);
        let room = scratch.capacity();
        assert!(room >= 1_000);
        assert!(pairs.is_sorted());
        pairs.reverse();
        sort_pairs(&mut pairs, &mut scratch);
        assert!(pairs.is_sorted());
        assert_eq!(scratch.capacity(), room);
    }
}
