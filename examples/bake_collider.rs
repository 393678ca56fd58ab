//! Bakes an image collider file into plain points, so a shipped game loads its
//! colliders with no tracing.
//!
//! `cargo run --release --example bake_collider [-- FILE.collider.ron]` reads an
//! `Image(path: .., threshold: .., tolerance: ..)` collider file (by default
//! `assets/sprites/rock.collider.ron`), traces its image with those settings, and writes
//! each opaque region as a `Polygon(points: [..], holes: [..])` shape file beside it:
//! `rock.baked.collider.ron` for the largest region, `rock.baked.2.collider.ron` and so
//! on for the others. Point a `ColliderHandle` at the baked file instead of the image
//! file: the shape is the same, loaded without the image.
//!
//! With `--check`, writes nothing and fails if the baked files differ from a fresh trace
//! (CI runs it, so the baked rock stays in step with its PNG).

use std::path::{Path, PathBuf};

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, Image, ImageSampler, ImageType};
use bevy_sat2d::sat2d::ShapeData;
use bevy_sat2d::{Collider, ImageColliderFile};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let check = arguments.iter().any(|argument| argument == "--check");
    let file = arguments
        .iter()
        .find(|argument| !argument.starts_with("--"))
        .map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites/rock.collider.ron"),
            PathBuf::from,
        );
    let baked = bake(&file)?;
    let mut stale = Vec::new();
    for (index, text) in baked.iter().enumerate() {
        let path = baked_path(&file, index);
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(path);
            }
        } else {
            std::fs::write(&path, text)?;
            println!("wrote {}", path.display());
        }
    }
    if !stale.is_empty() {
        return Err(format!("baked files out of date, rerun bake_collider: {stale:?}").into());
    }
    Ok(())
}

/// The baked shape files of the image collider file `file`, largest region first.
fn bake(file: &Path) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let source = ImageColliderFile::parse(&std::fs::read_to_string(file)?)?;
    let image_path = file
        .parent()
        .unwrap_or(Path::new("."))
        .join(source.image_path());
    let extension = image_path
        .extension()
        .and_then(|extension| extension.to_str())
        .unwrap_or("png")
        .to_owned();
    let image = Image::from_buffer(
        &std::fs::read(&image_path)?,
        ImageType::Extension(&extension),
        CompressedImageFormats::empty(),
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )?;
    let colliders = Collider::from_image(&image, &source.settings())?;
    let header = format!(
        "// Baked from {} by `cargo run --example bake_collider`: do not edit.\n",
        file.file_name().unwrap_or_default().to_string_lossy()
    );
    colliders
        .iter()
        .map(|collider| {
            let data = ShapeData::from(collider.shape());
            let pretty = ron::ser::PrettyConfig::new().depth_limit(2);
            Ok(header.clone() + &ron::ser::to_string_pretty(&data, pretty)? + "\n")
        })
        .collect()
}

/// Where region `index` of `file` is baked: `NAME.baked.collider.ron`, then
/// `NAME.baked.2.collider.ron`, ...
fn baked_path(file: &Path, index: usize) -> PathBuf {
    let name = file
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .trim_end_matches(".collider.ron")
        .to_owned();
    let suffix = if index == 0 {
        String::new()
    } else {
        format!(".{}", index + 1)
    };
    file.with_file_name(format!("{name}.baked{suffix}.collider.ron"))
}
