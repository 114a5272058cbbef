#!/usr/bin/env python3
"""Prints a PNG's size and the colours of some pixels, for the chart tests:
  png-pixels.py FILE X,Y [X,Y ...]   ->  "WIDTH HEIGHT" then "R G B A" per pixel
Only what rsvg-convert writes: 8-bit RGB or RGBA (colour type 2 or 6), not
interlaced; RGB pixels are printed with alpha 255.
Written for forecastly's tests (standard library only)."""
import struct
import sys
import zlib


def read(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, chunks = 8, {}
    idat = b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            chunks["IHDR"] = body
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks["IHDR"])
    assert depth == 8 and colour in (2, 6) and interlace == 0, "only 8-bit RGB or RGBA, not interlaced"
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(line)
        previous = line
    if channels == 3:
        rows = [bytearray(b for i in range(0, len(row), 3) for b in (*row[i:i + 3], 255)) for row in rows]
    return width, height, rows


width, height, rows = read(sys.argv[1])
print(width, height)
for point in sys.argv[2:]:
    x, y = (int(v) for v in point.split(","))
    print(*rows[y][x * 4:x * 4 + 4])
