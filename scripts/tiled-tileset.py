#!/usr/bin/env python3
"""Draws assets/tiled/cave_tiles.png, the tileset of the `tiled_level` example's map:
five 16 x 16 tiles in a row (ground, slope, post, grass, ledge), each drawn over the
collision shape its tile has in cave.tsx. Standard library only (zlib PNG)."""

import struct
import zlib
from pathlib import Path

SIZE = 16
TILES = 5
GROUND = (120, 84, 56, 255)
EDGE = (72, 48, 32, 255)
STONE = (128, 128, 140, 255)
GRASS = (84, 160, 72, 255)
CLEAR = (0, 0, 0, 0)


def ground(x, y):
    edge = x in (0, SIZE - 1) or y in (0, SIZE - 1)
    return EDGE if edge else GROUND


def slope(x, y):
    # Solid below the diagonal from the bottom-left to the top-right corner.
    return GROUND if x + y >= SIZE - 1 else CLEAR


def post(x, y):
    # The disc of the tile's ellipse (x 2..14, y 2..14).
    dx, dy = x + 0.5 - 8.0, y + 0.5 - 8.0
    return STONE if dx * dx + dy * dy <= 36.0 else CLEAR


def grass(x, y):
    return GRASS if y >= 10 and (x * 7 + y * 3) % 5 != 0 else CLEAR


def ledge(x, y):
    # The L of the tile's polygon: the top 6 rows and the left 6 columns.
    return STONE if y < 6 or x < 6 else CLEAR


def main():
    painters = [ground, slope, post, grass, ledge]
    rows = []
    for y in range(SIZE):
        row = bytearray([0])
        for tile in range(TILES):
            for x in range(SIZE):
                row.extend(painters[tile](x, y))
        rows.append(bytes(row))
    width, height = SIZE * TILES, SIZE

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
    png += chunk(b"IEND", b"")
    out = Path(__file__).resolve().parent.parent / "assets" / "tiled" / "cave_tiles.png"
    out.write_bytes(png)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
