#!/usr/bin/env python3
"""Generates the image fixtures for ScreenRecognitionImageIOTests.

Run from anywhere:  python3 make_fixtures.py   (needs Pillow — on the dev box that is Debian's
/usr/bin/python3 with python3-pil; writes next to this script, deterministically)

Valid images: for every NAME.png / NAME.jpg there is a NAME.rgba holding the exact expected pixels
(8-bit R, G, B, A, rows top to bottom, no header). The tests decode the image and compare with it
(exactly for PNG, at block centres with a tolerance for JPEG). Each .rgba is also checked here
against Pillow's own decoder, so the expectation does not depend on libpng.

Some PNGs are written by Pillow (a real-world encoder with adaptive filters); the variants Pillow
cannot write (16-bit colour, Adam7 interlacing, 1-bit grey, 4-bit palette) and the deliberately
broken files are written by the small PNG writer below, which follows the PNG specification
(https://www.w3.org/TR/png/): signature §5.2, chunk layout and CRC §5.3, IHDR §11.2.2,
Adam7 §8.2, scanline filter byte §7.3.
"""

import os
import random
import struct
import zlib

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))

# Small odd sizes so that every Adam7 pass is non-empty (pass 2 starts at x=4, pass 3 at y=4).
W, H = 9, 7


def pattern(x, y):
    """A deterministic RGBA pattern with distinct values in every channel."""
    r = (x * 29 + y * 11) % 256
    g = (x * 7 + y * 41 + 3) % 256
    b = (x * x * 5 + y * 3 + 100) % 256
    a = (40 + x * 23 + y * 17) % 256
    return r, g, b, a


def grey(x, y):
    return (x * 31 + y * 13 + 7) % 256


# ---------------------------------------------------------------- minimal PNG writer

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"  # PNG §5.2


def chunk(kind, payload):
    """One chunk: length, type, data, CRC-32 over type+data (PNG §5.3)."""
    return (struct.pack(">I", len(payload)) + kind + payload
            + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF))


def ihdr(width, height, bit_depth, colour_type, interlace=0):
    # compression 0 and filter method 0 are the only ones defined (PNG §11.2.2).
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, interlace))


def pack_row(samples, bit_depth):
    """Packs one row of integer samples, most significant bits first (PNG §7.2)."""
    if bit_depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if bit_depth == 8:
        return bytes(samples)
    out, acc, nbits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << bit_depth) | s
        nbits += bit_depth
        if nbits == 8:
            out.append(acc)
            acc, nbits = 0, 0
    if nbits:
        out.append(acc << (8 - nbits))
    return bytes(out)


# Adam7 passes as (x0, y0, dx, dy) (PNG §8.2).
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def image_data(rows, bit_depth, interlace):
    """rows: list of rows, each a list of per-pixel sample tuples. Filter type 0 on every line."""
    height, width = len(rows), len(rows[0])
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs, ys = range(x0, width, dx), range(y0, height, dy)
        if not xs or not ys:
            continue  # empty passes have no scanlines at all (PNG §8.2)
        for y in ys:
            samples = [s for x in xs for s in rows[y][x]]
            raw += b"\x00" + pack_row(samples, bit_depth)
    return zlib.compress(bytes(raw), 9)


def write_png(name, rows, bit_depth, colour_type, interlace=0, plte=None, trns=None):
    data = PNG_SIGNATURE + ihdr(len(rows[0]), len(rows), bit_depth, colour_type, interlace)
    if plte is not None:
        data += chunk(b"PLTE", b"".join(bytes(c) for c in plte))
    if trns is not None:
        data += chunk(b"tRNS", bytes(trns))
    data += chunk(b"IDAT", image_data(rows, bit_depth, interlace)) + chunk(b"IEND", b"")
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    return data


def write_bytes(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def write_expected(name, pixels, width, height, check_with_pillow=True, same_as=None):
    """Writes NAME.rgba and checks Pillow decodes NAME.(png|jpg) to the same pixels. With
    `same_as`, the pixels must equal those already written for that image (one .rgba serves both:
    DecodeTests.swift names it), and nothing is written."""
    flat = bytes(v for p in pixels for v in p)
    assert len(flat) == width * height * 4
    base = os.path.splitext(name)[0]
    if same_as:
        with open(os.path.join(HERE, os.path.splitext(same_as)[0] + ".rgba"), "rb") as f:
            assert f.read() == flat, f"{name}'s pixels differ from {same_as}'s"
    else:
        write_bytes(base + ".rgba", flat)
    if check_with_pillow:
        with Image.open(os.path.join(HERE, name)) as im:
            got = im.convert("RGBA").tobytes()
        assert got == flat, f"Pillow disagrees with the expected pixels of {name}"


def grid(width, height, fn):
    return [[fn(x, y) for x in range(width)] for y in range(height)]


def flat_pixels(rows):
    return [p for row in rows for p in row]


# ---------------------------------------------------------------- valid PNGs

def make_valid_pngs():
    rgba = grid(W, H, pattern)

    # Pillow-written, 8 bits per channel.
    im = Image.new("RGBA", (W, H))
    im.putdata(flat_pixels(rgba))
    im.save(os.path.join(HERE, "rgba8.png"))
    write_expected("rgba8.png", flat_pixels(rgba), W, H)

    im.convert("RGB").save(os.path.join(HERE, "rgb8.png"))
    write_expected("rgb8.png", [(r, g, b, 255) for r, g, b, _ in flat_pixels(rgba)], W, H)

    g = grid(W, H, grey)
    im = Image.new("L", (W, H))
    im.putdata(flat_pixels(g))
    im.save(os.path.join(HERE, "grey8.png"))
    write_expected("grey8.png", [(v, v, v, 255) for v in flat_pixels(g)], W, H)

    im = Image.new("LA", (W, H))
    im.putdata([(grey(x, y), pattern(x, y)[3]) for y in range(H) for x in range(W)])
    im.save(os.path.join(HERE, "grey_alpha8.png"))
    write_expected("grey_alpha8.png",
                   [(grey(x, y),) * 3 + (pattern(x, y)[3],) for y in range(H) for x in range(W)], W, H)

    # Palette of 16 colours, index = (x + 3y) mod 16; one fully and one half transparent entry.
    palette = [((i * 53) % 256, (i * 97 + 20) % 256, (255 - i * 13) % 256) for i in range(16)]
    alphas = [255] * 16
    alphas[5], alphas[9] = 0, 128
    index = grid(W, H, lambda x, y: (x + 3 * y) % 16)
    im = Image.new("P", (W, H))
    im.putpalette([c for rgb in palette for c in rgb])
    im.putdata(flat_pixels(index))
    im.save(os.path.join(HERE, "palette8.png"))
    write_expected("palette8.png", [palette[i] + (255,) for i in flat_pixels(index)], W, H)
    im.save(os.path.join(HERE, "palette_trns.png"), transparency=bytes(alphas))
    write_expected("palette_trns.png", [palette[i] + (alphas[i],) for i in flat_pixels(index)], W, H)

    # Hand-written: 16-bit colour. Samples are v * 257 so the exact 8-bit value is v (v*257/65535).
    write_png("rgb16.png", grid(W, H, lambda x, y: tuple(v * 257 for v in pattern(x, y)[:3])), 16, 2)
    write_expected("rgb16.png", [p[:3] + (255,) for p in flat_pixels(rgba)], W, H, same_as="rgb8.png")
    write_png("rgba16.png", grid(W, H, lambda x, y: tuple(v * 257 for v in pattern(x, y))), 16, 6)
    write_expected("rgba16.png", flat_pixels(rgba), W, H, same_as="rgba8.png")
    write_png("grey16.png", grid(W, H, lambda x, y: (grey(x, y) * 257,)), 16, 0)
    # Pillow opens 16-bit grey as 32-bit integer mode "I" and clips it to 255 when converting,
    # so it cannot check this one.
    write_expected("grey16.png", [(v, v, v, 255) for v in flat_pixels(g)], W, H, False, same_as="grey8.png")

    # Hand-written: 1-bit grey (0 → black, 1 → white), checkerboard-ish.
    bits = grid(W, H, lambda x, y: ((x * y + x) // 2) % 2)
    write_png("grey1.png", [[(b,) for b in row] for row in bits], 1, 0)
    write_expected("grey1.png", [(255 * b,) * 3 + (255,) for b in flat_pixels(bits)], W, H)

    # Hand-written, Adam7-interlaced: 8-bit RGB and a 4-bit palette.
    write_png("interlaced_rgb8.png", grid(W, H, lambda x, y: pattern(x, y)[:3]), 8, 2, interlace=1)
    write_expected("interlaced_rgb8.png", [p[:3] + (255,) for p in flat_pixels(rgba)], W, H, same_as="rgb8.png")
    write_png("interlaced_palette4.png", [[(i,) for i in row] for row in index], 4, 3, interlace=1,
              plte=palette, trns=alphas)
    write_expected("interlaced_palette4.png", [palette[i] + (alphas[i],) for i in flat_pixels(index)], W, H, same_as="palette_trns.png")

    # 1×1.
    write_png("one_pixel.png", [[(12, 34, 56, 78)]], 8, 6)
    write_expected("one_pixel.png", [(12, 34, 56, 78)], 1, 1)


# ---------------------------------------------------------------- JPEGs

# 16×16 blocks: the MCU size of 4:2:0 JPEG (ITU-T T.81 A.2), so every block is flat within its
# MCUs and decodes close to its colour away from block edges.
BLOCK = 16
BLOCK_COLOURS = [(200, 30, 40), (20, 160, 60), (30, 60, 210), (240, 240, 240), (20, 20, 20), (250, 200, 0)]


def block_image(colours, cols, rows, mode="RGB"):
    im = Image.new(mode, (cols * BLOCK, rows * BLOCK))
    for i, c in enumerate(colours[: cols * rows]):
        x, y = (i % cols) * BLOCK, (i // cols) * BLOCK
        im.paste(c, (x, y, x + BLOCK, y + BLOCK))
    return im


def make_jpegs():
    im = block_image(BLOCK_COLOURS, 3, 2)
    # quality 95 — enough that flat blocks come back within a few levels.
    im.save(os.path.join(HERE, "blocks_420.jpg"), quality=95, subsampling=2)  # 2 = 4:2:0
    write_expected("blocks_420.jpg", [p + (255,) for p in im.getdata()], im.width, im.height, False)
    im.save(os.path.join(HERE, "blocks_444_progressive.jpg"), quality=95, subsampling=0, progressive=True)
    write_expected("blocks_444_progressive.jpg", [p + (255,) for p in im.getdata()], im.width, im.height, False,
                   same_as="blocks_420.jpg")

    greys = [10, 60, 110, 160, 210, 250]
    gim = block_image(greys, 3, 2, mode="L")
    gim.save(os.path.join(HERE, "grey.jpg"), quality=95)
    write_expected("grey.jpg", [(v, v, v, 255) for v in gim.getdata()], gim.width, gim.height, False)

    im.convert("CMYK").save(os.path.join(HERE, "cmyk.jpg"), quality=95)

    # Noise, so the entropy-coded data is long and truncating it cuts a scan in the middle.
    rng = random.Random(1234)
    noise = Image.new("RGB", (64, 64))
    noise.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(64 * 64)])
    noise.save(os.path.join(HERE, "noise.jpg"), quality=90)

    # A valid JPEG whose SOF0 claims 60000×60000 (2-byte fields, T.81 B.2.2: Y then X after P).
    data = bytearray(open(os.path.join(HERE, "blocks_420.jpg"), "rb").read())
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", 60000, 60000)
    write_bytes("huge_header.jpg", bytes(data))
    # …and one whose SOF0 says height 0 (T.81 allows it only with a DNL marker, which libjpeg refuses).
    data[sof + 5:sof + 9] = struct.pack(">HH", 0, 32)
    write_bytes("zero_height.jpg", bytes(data))


# ---------------------------------------------------------------- broken / hostile PNGs

def make_broken_pngs():
    # IHDR claims 100000×100000 RGB; valid CRCs, a token IDAT so libpng's header read stops there.
    idat = zlib.compress(b"\x00" * 64)
    write_bytes("huge_header.png", PNG_SIGNATURE + ihdr(100000, 100000, 8, 2) + chunk(b"IDAT", idat)
                + chunk(b"IEND", b""))
    # Width 0 (PNG §11.2.2: "Zero is an invalid value") and a width above libpng's default user
    # limit of 1,000,000 (PNG_USER_WIDTH_MAX in pnglibconf.h).
    write_bytes("zero_width.png", PNG_SIGNATURE + ihdr(0, 10, 8, 2) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    write_bytes("too_wide.png", PNG_SIGNATURE + ihdr(2_000_000, 1, 8, 2) + chunk(b"IDAT", idat)
                + chunk(b"IEND", b""))
    # Over libpng's per-side limit *and* over any sensible pixel limit: must read as "too large".
    write_bytes("enormous_header.png", PNG_SIGNATURE + ihdr(2_000_000, 2_000_000, 8, 2) + chunk(b"IDAT", idat)
                + chunk(b"IEND", b""))

    # rgb8.png with its IDAT CRC changed (the data intact), and with one byte of IDAT data flipped
    # (CRC left as it was, so zlib's Adler-32 check or the CRC check catches it, whichever comes first).
    original = open(os.path.join(HERE, "rgb8.png"), "rb").read()
    idat_at = original.index(b"IDAT")
    length = struct.unpack(">I", original[idat_at - 4:idat_at])[0]
    data = bytearray(original)
    data[idat_at + 4 + length] ^= 0xFF  # first byte of the CRC, right after the chunk data
    write_bytes("bad_crc.png", bytes(data))
    data = bytearray(original)
    data[idat_at + 4 + length // 2] ^= 0xFF
    write_bytes("corrupt_idat.png", bytes(data))

    # Not images at all.
    write_bytes("not_an_image.txt", b"hello, this is a text file\n")
    write_bytes("empty.png", b"")
    Image.new("RGB", (2, 2), (255, 0, 0)).save(os.path.join(HERE, "tiny.gif"))


if __name__ == "__main__":
    make_valid_pngs()
    make_jpegs()
    make_broken_pngs()
    print("fixtures written to", HERE)
