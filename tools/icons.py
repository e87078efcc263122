"""Draws the app icons (a red heart on the table's green felt) as PNG files, standard library only.

``python tools/icons.py OUTDIR`` writes icon-192.png, icon-512.png, icon-maskable-512.png and
apple-touch-icon.png (180 px). The build calls it, so no binary image is kept in the repository.
The maskable icon keeps the heart inside the 80 % safe zone and fills the whole square.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

FELT = (21, 101, 62)
FELT_EDGE = (12, 70, 42)
HEART = (214, 40, 57)
CARD = (250, 247, 240)


def _heart_inside(x: float, y: float) -> bool:
    """The classic implicit heart curve (x² + y² − 1)³ − x² y³ ≤ 0, y pointing up."""
    a = x * x + y * y - 1
    return a * a * a - x * x * y * y * y <= 0


def _coverage(px: int, py: int, size: int, scale: float, samples: int = 4) -> float:
    """Fraction of the pixel inside the heart (supersampled for smooth edges)."""
    hits = 0
    for i in range(samples):
        for j in range(samples):
            x = (px + (i + 0.5) / samples - size / 2) / (size * scale)
            y = -((py + (j + 0.5) / samples - size / 2) / (size * scale)) + 0.1
            hits += _heart_inside(x * 1.0, y * 1.0)
    return hits / (samples * samples)


def _in_rounded_rect(dx: float, dy: float, half_w: float, half_h: float, radius: float) -> bool:
    qx, qy = abs(dx) - (half_w - radius), abs(dy) - (half_h - radius)
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) <= radius


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def draw(size: int, maskable: bool) -> bytes:
    """RGBA pixels: felt background with a soft vignette, a card, and a heart on it."""
    heart_scale = 0.15 if maskable else 0.19
    card_half = 0.30 if maskable else 0.38
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter type 0 for this scanline
        for px in range(size):
            dx, dy = (px + 0.5) / size - 0.5, (py + 0.5) / size - 0.5
            color = _mix(FELT, FELT_EDGE, min(1.0, math.hypot(dx, dy) * 1.4))
            if _in_rounded_rect(dx, dy, card_half * 0.74, card_half, card_half * 0.12):
                color = CARD
            cover = _coverage(px, py, size, heart_scale, samples=3)
            if cover:
                color = _mix(color, HEART, cover)
            row += bytes((*color, 255))
        rows.append(bytes(row))
    return b"".join(rows)


def png(size: int, pixels: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False),
         "icon-maskable-512.png": (512, True), "apple-touch-icon.png": (180, False)}


def write_icons(outdir: Path) -> list[Path]:
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (size, maskable) in ICONS.items():
        path = outdir / name
        path.write_bytes(png(size, draw(size, maskable)))
        written.append(path)
    return written


if __name__ == "__main__":
    for p in write_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "dist/static/icons")):
        print(p)
