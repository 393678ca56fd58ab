#!/usr/bin/env python3
"""Checks a screenshot of an example for what a user must see.

Usage: check_screenshot.py PNG [--selected] [--explainer] [--min-colliding N] [--min-idle N]

Fails (exit 1, with a message naming the check) unless:
  - the image is not blank (many distinct colours, not one flat fill);
  - the egui panel is present: the left strip is mostly the panel's flat fill, which
    differs from the world background;
  - at least N pixels (default 40) of collider outlines are drawn in the overlay's idle
    colour, right of the panel;
  - at least N pixels (default 40) show the overlay's colliding colour;
  - with --selected, the selected-outline colour is present;
  - with --explainer, the SAT explainer's window is there (egui's window grey right of
    the panel, far more than the showcase's small help window alone covers, about
    25,000 pixels) with the red overlap of its figure and table (colors.rs OVERLAP).

Only the standard library: PNG decoding is done here (8-bit RGB/RGBA, as Bevy saves).
"""

import struct
import sys
import zlib

# The overlay's outline colours, from crates/bevy_sat2d/src/debug_overlay/colors.rs.
IDLE = (0, 199, 255)
COLLIDING = (255, 79, 41)
SELECTED = (255, 230, 0)
BACKGROUND = (20, 23, 28)  # examples/common/mod.rs BACKGROUND, sRGB 0.08/0.09/0.11
PANEL_WIDTH = 330
WINDOW_FILL = (28, 28, 28)  # egui's window grey
OVERLAP = (255, 0, 0)  # crates/bevy_sat2d/src/debug_overlay/colors.rs OVERLAP


def read_png(path):
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG file")
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset : offset + 8])
        body = data[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        sys.exit(f"{path}: unsupported PNG (depth {depth}, colour type {colour})")
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                best = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[x] = (line[x] + best) & 255
        rows.append([tuple(line[i : i + 3]) for i in range(0, stride, channels)])
        previous = line
    return width, height, rows


def near(pixel, colour, tolerance=30):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    path = args[0]
    want_selected = "--selected" in args
    want_explainer = "--explainer" in args
    def number(flag, default):
        return int(args[args.index(flag) + 1]) if flag in args else default

    min_colliding = number("--min-colliding", 40)
    min_idle = number("--min-idle", 40)
    width, height, rows = read_png(path)
    failures = []

    pixels = [pixel for row in rows for pixel in row]
    distinct = len(set(pixels))
    if distinct < 50:
        failures.append(f"looks blank: only {distinct} distinct colours")

    strip = [row[x] for row in rows for x in range(8, min(PANEL_WIDTH - 8, width))]
    fill = max(set(strip), key=strip.count) if strip else None
    share = strip.count(fill) / max(len(strip), 1)
    if fill is None or share < 0.5 or near(fill, BACKGROUND, 6):
        failures.append(
            f"no egui panel on the left: its commonest colour {fill} covers {share:.0%}"
        )

    world = [row[x] for row in rows for x in range(PANEL_WIDTH + 4, width)]
    counts = {
        "idle outline": sum(near(p, IDLE) for p in world),
        "colliding outline": sum(near(p, COLLIDING) for p in world),
        "selected outline": sum(near(p, SELECTED) for p in world),
    }
    if counts["idle outline"] < min_idle:
        failures.append(f"idle collider outlines missing ({counts['idle outline']} px)")
    if counts["colliding outline"] < min_colliding:
        failures.append(
            f"colliding colour missing ({counts['colliding outline']} px < {min_colliding})"
        )
    if want_selected and counts["selected outline"] < 40:
        failures.append(f"selected outline missing ({counts['selected outline']} px)")

    if want_explainer:
        counts["explainer window"] = sum(near(p, WINDOW_FILL, 2) for p in world)
        counts["overlap red"] = sum(near(p, OVERLAP, 30) for p in world)
        if counts["explainer window"] < 80000 or counts["overlap red"] < 100:
            failures.append("the SAT explainer window or its overlap drawing is missing")

    summary = ", ".join(f"{name} {count} px" for name, count in counts.items())
    print(f"{path}: {width}x{height}, {distinct} colours, panel fill {fill} ({share:.0%}), {summary}")
    if failures:
        for failure in failures:
            print(f"FAIL {path}: {failure}")
        sys.exit(1)
    print(f"ok {path}")


if __name__ == "__main__":
    main()
