#!/usr/bin/env python3
"""Writes the LDtk project of the `ldtk_level` example and `tests/ldtk.rs`.

`assets/levels/ldtk/level_<n>.txt` (rows from the top: `#` a wall, `=` a one-way
platform, `.` empty) become the levels of `assets/levels/ldtk/project.ldtk`, an LDtk
1.5.3 project with one IntGrid layer, `Collisions` (value 1 = Wall, 2 = Platform), whose
auto-layer rules pick the tiles of `assets/levels/ldtk/tiles.png` (written too):
0 a wall, 1 a wall with grass on top (a wall under an empty cell), 2 a plank.

The auto-layer tiles are written already applied, as LDtk saves them, so the project
opens in LDtk and loads in bevy_ecs_ldtk as it is. Run from the repository root:
`python3 scripts/ldtk_level.py`.
"""

import json
import struct
import zlib
from pathlib import Path

FOLDER = Path("assets/levels/ldtk")
GRID = 16
VALUES = {"#": 1, "=": 2}
# Uids: the tileset, the layer definition, its rule group and the three rules.
TILESET_UID, LAYER_UID, GROUP_UID = 1, 2, 3
RULE_UIDS = {"wall": 4, "grass": 5, "plank": 6}
TILE_IDS = {"wall": 0, "grass": 1, "plank": 2}


def png(width, height, pixels):
    """A PNG of RGBA `pixels` (rows from the top, one (r, g, b, a) per pixel)."""
    raw = b"".join(
        b"\x00" + b"".join(bytes(pixel) for pixel in row) for row in pixels
    )

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def tile_pixel(tile, x, y):
    """Pixel (x, y) from the top-left of tile `tile` (0 wall, 1 grass, 2 plank)."""
    clear = (0, 0, 0, 0)
    brick_row = y // 4
    mortar = y % 4 == 3 or (x + 4 * (brick_row % 2)) % 8 == 7
    stone = (92, 75, 58, 255) if mortar else (138, 112, 86, 255)
    if tile == 0:
        return stone
    if tile == 1:
        if y < 3:
            return (88, 160, 64, 255)
        if y == 3:
            return (60, 118, 44, 255) if x % 3 else (88, 160, 64, 255)
        return stone
    # A plank: the top 5 rows, darker edges, transparent below.
    if y >= 5:
        return clear
    if y in (0, 4) or x in (0, 15):
        return (140, 94, 48, 255)
    return (200, 150, 90, 255)


def tileset_png():
    width = 16 * len(TILE_IDS)
    pixels = [
        [tile_pixel(x // 16, x % 16, y) for x in range(width)] for y in range(16)
    ]
    return png(width, 16, pixels)


def rule(uid, tile, pattern):
    return {
        "uid": uid, "active": True, "size": 3, "tileRectsIds": [[tile]], "alpha": 1,
        "chance": 1, "breakOnMatch": True, "pattern": pattern, "flipX": False,
        "flipY": False, "xModulo": 1, "yModulo": 1, "xOffset": 0, "yOffset": 0,
        "tileXOffset": 0, "tileYOffset": 0, "tileRandomXMin": 0, "tileRandomXMax": 0,
        "tileRandomYMin": 0, "tileRandomYMax": 0, "checker": "None", "tileMode": "Single",
        "pivotX": 0, "pivotY": 0, "outOfBoundsValue": None, "invalidated": False,
        "perlinActive": False, "perlinSeed": 1, "perlinScale": 0.2, "perlinOctaves": 2,
    }


def layer_definition():
    return {
        "__type": "IntGrid", "identifier": "Collisions", "type": "IntGrid",
        "uid": LAYER_UID, "doc": None, "uiColor": None, "gridSize": GRID,
        "guideGridWid": 0, "guideGridHei": 0, "displayOpacity": 1, "inactiveOpacity": 1,
        "hideInList": False, "hideFieldsWhenInactive": False,
        "canSelectWhenInactive": True, "renderInWorldView": True, "pxOffsetX": 0,
        "pxOffsetY": 0, "parallaxFactorX": 0, "parallaxFactorY": 0,
        "parallaxScaling": True, "requiredTags": [], "excludedTags": [],
        "autoTilesKilledByOtherLayerUid": None, "uiFilterTags": [],
        "useAsyncRender": False,
        "intGridValues": [
            {"value": 1, "identifier": "Wall", "color": "#8A7056", "tile": None,
             "groupUid": 0},
            {"value": 2, "identifier": "Platform", "color": "#C8965A", "tile": None,
             "groupUid": 0},
        ],
        "intGridValuesGroups": [],
        "autoRuleGroups": [{
            "uid": GROUP_UID, "name": "Tiles", "color": None, "icon": None,
            "active": True, "isOptional": False,
            "rules": [
                # A wall under an empty cell has grass on top (-1: not a wall).
                rule(RULE_UIDS["grass"], TILE_IDS["grass"], [0, -1, 0, 0, 1, 0, 0, 0, 0]),
                rule(RULE_UIDS["wall"], TILE_IDS["wall"], [0, 0, 0, 0, 1, 0, 0, 0, 0]),
                rule(RULE_UIDS["plank"], TILE_IDS["plank"], [0, 0, 0, 0, 2, 0, 0, 0, 0]),
            ],
            "usesWizard": False, "requiredBiomeValues": [], "biomeRequirementMode": 0,
        }],
        "autoSourceLayerDefUid": None, "tilesetDefUid": TILESET_UID, "tilePivotX": 0,
        "tilePivotY": 0, "biomeFieldUid": None,
    }


def auto_tiles(rows):
    """The tiles the rules put on `rows`, as LDtk saves them."""
    tiles = []
    width = len(rows[0])
    for y, row in enumerate(rows):
        for x, symbol in enumerate(row):
            if symbol == "#":
                above_empty = y == 0 or rows[y - 1][x] != "#"
                kind = "grass" if above_empty else "wall"
            elif symbol == "=":
                kind = "plank"
            else:
                continue
            tile = TILE_IDS[kind]
            tiles.append({
                "px": [x * GRID, y * GRID], "src": [tile * GRID, 0], "f": 0, "t": tile,
                "d": [RULE_UIDS[kind], y * width + x], "a": 1,
            })
    return tiles


def level(index, rows, world_x):
    width, height = len(rows[0]), len(rows)
    csv = [VALUES.get(symbol, 0) for row in rows for symbol in row]
    iid = f"5a1d0000-0000-4000-8000-{index:012d}"
    layer = {
        "__identifier": "Collisions", "__type": "IntGrid", "__cWid": width,
        "__cHei": height, "__gridSize": GRID, "__opacity": 1, "__pxTotalOffsetX": 0,
        "__pxTotalOffsetY": 0, "__tilesetDefUid": TILESET_UID,
        "__tilesetRelPath": "tiles.png",
        "iid": f"5a1d0000-0000-4000-9000-{index:012d}", "levelId": 100 + index,
        "layerDefUid": LAYER_UID, "pxOffsetX": 0, "pxOffsetY": 0, "visible": True,
        "optionalRules": [], "intGridCsv": csv, "autoLayerTiles": auto_tiles(rows),
        "seed": 1000 + index, "overrideTilesetUid": None, "gridTiles": [],
        "entityInstances": [],
    }
    return {
        "identifier": f"Level_{index}", "iid": iid, "uid": 100 + index,
        "worldX": world_x, "worldY": 0, "worldDepth": 0, "pxWid": width * GRID,
        "pxHei": height * GRID, "__bgColor": "#8FB8DE", "bgColor": "#8FB8DE",
        "useAutoIdentifier": True, "bgRelPath": None, "bgPos": None, "bgPivotX": 0.5,
        "bgPivotY": 0.5, "__smartColor": "#C7DBEE", "__bgPos": None,
        "externalRelPath": None, "fieldInstances": [], "layerInstances": [layer],
        "__neighbours": [],
    }


def project(levels):
    return {
        "__header__": {
            "fileType": "LDtk Project JSON", "app": "LDtk", "doc": "https://ldtk.io/json",
            "schema": "https://ldtk.io/files/JSON_SCHEMA.json",
            "appAuthor": "Sebastien 'deepnight' Benard", "appVersion": "1.5.3",
            "url": "https://ldtk.io",
        },
        "iid": "5a1d0000-0000-4000-a000-000000000000", "jsonVersion": "1.5.3",
        "appBuildId": 473738, "nextUid": 200, "identifierStyle": "Capitalize", "toc": [],
        "worldLayout": "LinearHorizontal", "worldGridWidth": 256,
        "worldGridHeight": 256, "defaultLevelWidth": 512, "defaultLevelHeight": 256,
        "defaultPivotX": 0, "defaultPivotY": 0, "defaultGridSize": GRID,
        "defaultEntityWidth": GRID, "defaultEntityHeight": GRID, "bgColor": "#40465B",
        "defaultLevelBgColor": "#8FB8DE", "minifyJson": False, "externalLevels": False,
        "exportTiled": False, "simplifiedExport": False, "imageExportMode": "None",
        "exportLevelBg": True, "pngFilePattern": None, "backupOnSave": False,
        "backupLimit": 10, "backupRelPath": None, "levelNamePattern": "Level_%idx",
        "tutorialDesc": None, "customCommands": [], "flags": [],
        "defs": {
            "layers": [layer_definition()],
            "entities": [],
            "tilesets": [{
                "__cWid": len(TILE_IDS), "__cHei": 1, "identifier": "Tiles",
                "uid": TILESET_UID, "relPath": "tiles.png", "embedAtlas": None,
                "pxWid": GRID * len(TILE_IDS), "pxHei": GRID, "tileGridSize": GRID,
                "spacing": 0, "padding": 0, "tags": [], "tagsSourceEnumUid": None,
                "enumTags": [], "customData": [], "savedSelections": [],
                "cachedPixelData": None,
            }],
            "enums": [], "externalEnums": [], "levelFields": [],
        },
        "levels": levels, "worlds": [],
        "dummyWorldIid": "5a1d0000-0000-4000-b000-000000000000",
    }


def main():
    levels = []
    world_x = 0
    for index in range(2):
        text = (FOLDER / f"level_{index}.txt").read_text()
        rows = [row for row in text.splitlines() if row]
        assert len({len(row) for row in rows}) == 1, "rows of one length"
        levels.append(level(index, rows, world_x))
        world_x += len(rows[0]) * GRID + 4 * GRID
    (FOLDER / "project.ldtk").write_text(json.dumps(project(levels), indent=1) + "\n")
    (FOLDER / "tiles.png").write_bytes(tileset_png())


if __name__ == "__main__":
    main()
