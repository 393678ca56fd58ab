//! Sorting candidate pairs: a least-significant-digit radix sort on the packed pair
//! (first id in the high half), through scratch room the caller keeps, so that a step
//! that sorts allocates nothing once that room has grown to its largest pair count.
//! (Library radix sorts allocate their scratch copy on every call.) Public, for a
//! caller that sorts its own lists of pairs the same way (the plugin's per-collider
//! edits, by collider).

use super::IdPair;

/// Bits per digit: one pass per byte of the packed pair.
const DIGIT_BITS: u32 = 8;

/// Buckets per pass.
const BUCKETS: usize = 1 << DIGIT_BITS;

/// Below this many pairs a comparison sort (in place, no scratch) is as quick.
const RADIX_FROM: usize = 128;

/// The pair as one number that sorts as the pair does.
fn packed((first, second): IdPair) -> u64 {
    (u64::from(first) << 32) | u64::from(second)
}

/// How many digits a packed pair has.
const DIGITS: usize = (u64::BITS / DIGIT_BITS) as usize;

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
    if pairs.len() < RADIX_FROM {
        pairs.sort_unstable();
        return;
    }
    radix_sort(pairs, scratch, 0);
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
    if pairs.len() < RADIX_FROM {
        pairs.sort_by_key(|&(first, _)| first);
        return;
    }
    radix_sort(pairs, scratch, DIGITS / 2);
}

/// The least-significant-digit radix sort on the packed pair, from digit `from_digit`
/// up (stable, so the lower digits keep their order when skipped).
fn radix_sort(pairs: &mut [IdPair], scratch: &mut Vec<IdPair>, from_digit: usize) {
    let mut counts = [[0_usize; BUCKETS]; DIGITS];
    for &pair in pairs.iter() {
        let key = packed(pair);
        for (place, digit_counts) in counts.iter_mut().enumerate().skip(from_digit) {
            digit_counts[((key >> (place as u32 * DIGIT_BITS)) as usize) & (BUCKETS - 1)] += 1;
        }
    }
    // Only the tail past the old length is written when the room grows.
    if scratch.len() < pairs.len() {
        scratch.resize(pairs.len(), (0, 0));
    }
    scratch.truncate(pairs.len());
    // Whether the pairs, as sorted so far, are in `scratch` rather than `pairs`.
    let mut in_scratch = false;
    for (place, digit_counts) in counts.iter().enumerate().skip(from_digit) {
        if digit_counts.contains(&pairs.len()) {
            continue;
        }
        let shift = place as u32 * DIGIT_BITS;
        let mut starts = [0_usize; BUCKETS];
        let mut total = 0;
        for (start, &count) in starts.iter_mut().zip(digit_counts) {
            *start = total;
            total += count;
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
        ) {
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
