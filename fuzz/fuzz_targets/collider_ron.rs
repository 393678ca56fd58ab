//! `.collider.ron` text: what `ColliderAsset::from_ron` does (parse one `ShapeData`,
//! then build it). Any text either fails to parse, fails to build with a typed error,
//! or gives a shape whose data builds the same shape again. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sat2d::{Shape, ShapeData};

fuzz_target!(|text: &str| {
    let Ok(data) = ron::from_str::<ShapeData>(text) else {
        return;
    };
    let Ok(shape) = data.build() else {
        return;
    };
    let again: Shape = ShapeData::from(&shape)
        .build()
        .expect("the data of a built shape builds");
    assert_eq!(again, shape);
    let text = ron::to_string(&ShapeData::from(&shape)).expect("shape data serializes");
    let parsed: ShapeData = ron::from_str(&text).expect("written RON parses back");
    assert_eq!(parsed.build().expect("and builds"), shape);
});
