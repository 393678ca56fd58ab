use super::*;

#[test]
fn each_cause_is_new_once() {
    let mut warned = Warned::default();
    let causes = [
        Warning::Unplaceable(Unplaceable::NonFinite),
        Warning::Unplaceable(Unplaceable::ScaleOverflow),
        Warning::Unplaceable(Unplaceable::ZeroScale),
        Warning::InexactScale,
        Warning::ScaledShape,
        Warning::BroadPhase,
    ];
    for (index, &cause) in causes.iter().enumerate() {
        assert!(warned.first(cause), "{cause:?} is new");
        assert!(!warned.first(cause), "{cause:?} only once");
        for &later in &causes[index + 1..] {
            assert!(!warned.contains(later), "{cause:?} hides no other cause");
        }
    }
}
