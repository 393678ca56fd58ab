//! Sorting candidate pairs: a least-significant-digit radix sort on the packed pair
//! (first id in the high half), through scratch room the caller keeps, so that a step
//! that sorts allocates nothing once that room has grown to its largest pair count.
//! (Library radix sorts allocate their scratch copy on every call.)

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

/// The digit of `pair` that the pass at bit `shift` sorts on.
fn digit(pair: IdPair, shift: u32) -> usize {
    ((packed(pair) >> shift) & (BUCKETS as u64 - 1)) as usize
}

/// Sorts `pairs` by first id, then second id. `scratch` is emptied and grown to the
/// pairs' count while it runs, and keeps its capacity; a pass over a digit every pair
/// shares is skipped (ids below 2¹⁶ need four passes, not eight).
pub(super) fn sort_pairs(pairs: &mut [IdPair], scratch: &mut Vec<IdPair>) {
    if pairs.len() < RADIX_FROM {
        pairs.sort_unstable();
        return;
    }
    let (mut any_set, mut all_set) = (0_u64, u64::MAX);
    for &pair in pairs.iter() {
        any_set |= packed(pair);
        all_set &= packed(pair);
    }
    let varying = any_set ^ all_set;
    scratch.clear();
    scratch.resize(pairs.len(), (0, 0));
    // Whether the pairs, as sorted so far, are in `scratch` rather than `pairs`.
    let mut in_scratch = false;
    for shift in (0..u64::BITS).step_by(DIGIT_BITS as usize) {
        if (varying >> shift) & (BUCKETS as u64 - 1) == 0 {
            continue;
        }
        let (from, to) = if in_scratch {
            (&scratch[..], &mut pairs[..])
        } else {
            (&pairs[..], &mut scratch[..])
        };
        let mut starts = [0_usize; BUCKETS];
        for &pair in from {
            starts[digit(pair, shift)] += 1;
        }
        let mut total = 0;
        for start in &mut starts {
            let count = *start;
            *start = total;
            total += count;
        }
        for &pair in from {
            let bucket = &mut starts[digit(pair, shift)];
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
