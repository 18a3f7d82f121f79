#!/usr/bin/python3
"""Golden files for the CSV and IDX readers of package matrix.

Writes into testdata/io/ (run from the repository root):

  types-<name>.idx         one tiny 2x3 IDX file per element type, with the
                           extreme values of that type (big-endian, by struct)
  fashion3-images-idx3-ubyte(.gz)  the first 3 test images of Fashion-MNIST
  fashion3-labels-idx1-ubyte(.gz)  and their labels, with the header rewritten
                           to n = 3 (needs /usr/share/datasets/fashion-mnist/)
  golden.csv               a small CSV exercising what the reader accepts
                           (BOM, CRLF, quotes, spaces, blank lines, exponents)
  expected.json            every value above, decoded independently of Go:
                           IDX by numpy.frombuffer with explicit big-endian
                           dtypes, CSV by Python's csv module and float()
  fashion-mnist-summary.json  counts, pixel sums and label histograms of the
                           full Fashion-MNIST files, for the optional test on
                           the installed dataset

Floats are stored in expected.json as repr() strings (shortest round trip),
so the Go test compares bit patterns, -0.0 included.

Tools: Debian python3 (3.11), numpy 1.24.2; gzip by Python's gzip module with
mtime=0 so the output is reproducible.
"""

import gzip
import hashlib
import json
import os
import struct
import sys

import numpy as np

OUT = os.path.join("testdata", "io")
FASHION = "/usr/share/datasets/fashion-mnist"

# type name -> (IDX code, struct format, numpy dtype, 2x3 values)
TYPES = {
    "ubyte": (0x08, ">B", ">u1", [0, 1, 127, 128, 254, 255]),
    "sbyte": (0x09, ">b", ">i1", [-128, -1, 0, 1, 126, 127]),
    "short": (0x0B, ">h", ">i2", [-32768, -1, 0, 1, 256, 32767]),
    "int": (0x0C, ">i", ">i4", [-2**31, -1, 0, 1, 65536, 2**31 - 1]),
    # float: max, -1.5, -0, smallest subnormal, 0.1f, the float32 nearest pi
    "float": (0x0D, ">f", ">f4", [3.4028234663852886e38, -1.5, -0.0, 1.401298464324817e-45, 0.1, 3.141592653589793]),
    # double: -max, -0, smallest subnormal, 0.1, 1, max
    "double": (0x0E, ">d", ">f8", [-1.7976931348623157e308, -0.0, 5e-324, 0.1, 1.0, 1.7976931348623157e308]),
}


def idx_bytes(code, dims, payload):
    """The IDX encoding: 0 0 code ndims, big-endian uint32 dims, payload."""
    return bytes([0, 0, code, len(dims)]) + b"".join(struct.pack(">I", d) for d in dims) + payload


def decode_idx(raw):
    """Decode an IDX file with numpy, independently of the Go reader."""
    assert raw[0] == 0 and raw[1] == 0
    code, nd = raw[2], raw[3]
    dims = [struct.unpack(">I", raw[4 + 4 * k:8 + 4 * k])[0] for k in range(nd)]
    dtype = {0x08: ">u1", 0x09: ">i1", 0x0B: ">i2", 0x0C: ">i4", 0x0D: ">f4", 0x0E: ">f8"}[code]
    data = np.frombuffer(raw[4 + 4 * nd:], dtype=dtype)
    assert data.size == int(np.prod(dims))
    return code, dims, data.astype(np.float64)


def write(name, data):
    path = os.path.join(OUT, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def gz(data):
    return gzip.compress(data, compresslevel=9, mtime=0)


def main():
    os.makedirs(OUT, exist_ok=True)
    expected = {"idx": {}, "csv": {}}

    for name, (code, fmt, _, values) in TYPES.items():
        payload = b"".join(struct.pack(fmt, v) for v in values)
        raw = idx_bytes(code, [2, 3], payload)
        fname = "types-%s.idx" % name
        write(fname, raw)
        c, dims, data = decode_idx(raw)
        expected["idx"][fname] = {"type": c, "dims": dims, "data": [repr(float(v)) for v in data]}

    if os.path.isdir(FASHION):
        with gzip.open(os.path.join(FASHION, "t10k-images-idx3-ubyte.gz")) as f:
            images = f.read()
        with gzip.open(os.path.join(FASHION, "t10k-labels-idx1-ubyte.gz")) as f:
            labels = f.read()
        img = idx_bytes(0x08, [3, 28, 28], images[16:16 + 3 * 784])
        lab = idx_bytes(0x08, [3], labels[8:8 + 3])
        for fname, raw in [("fashion3-images-idx3-ubyte", img), ("fashion3-labels-idx1-ubyte", lab)]:
            write(fname, raw)
            write(fname + ".gz", gz(raw))
            c, dims, data = decode_idx(raw)
            expected["idx"][fname] = {"type": c, "dims": dims, "data": [repr(float(v)) for v in data]}
        expected["fashion_mnist"] = summarize_fashion()
    else:
        sys.exit("Fashion-MNIST not found in %s (apt-get install dataset-fashion-mnist)" % FASHION)

    # A CSV in the syntax both Python's float() and Go's strconv.ParseFloat
    # accept. BOM, CRLF line endings, a quoted name with a comma, spaces
    # around cells, a blank line, exponents, -0, extreme magnitudes.
    golden_csv = (
        "\ufeffx, y ,\"ratio, %\",label\r\n"
        "1,2.5,-0,0\r\n"
        "  -3e-2 ,\"4\",1e308,1\r\n"
        "\r\n"
        "5E+2,.5,2.2250738585072014e-308,2\r\n"
        "4.9e-324,-1.7976931348623157e308,0.1,3\r\n"
    )
    raw = golden_csv.encode("utf-8")
    write("golden.csv", raw)
    import csv
    import io
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    rows = [r for r in rows if r]
    names = [c.strip() for c in rows[0]]
    data = [[repr(float(c.strip())) for c in r] for r in rows[1:]]
    expected["csv"]["golden.csv"] = {"names": names, "data": data}

    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
        f.write("\n")

    for fname in sorted(os.listdir(OUT)):
        with open(os.path.join(OUT, fname), "rb") as f:
            print(hashlib.sha256(f.read()).hexdigest(), fname)


def summarize_fashion():
    """Counts and sums of the installed Fashion-MNIST files, by numpy."""
    out = {}
    for split in ["train", "t10k"]:
        with gzip.open(os.path.join(FASHION, "%s-images-idx3-ubyte.gz" % split)) as f:
            _, dims, images = decode_idx(f.read())
        with gzip.open(os.path.join(FASHION, "%s-labels-idx1-ubyte.gz" % split)) as f:
            _, ldims, labels = decode_idx(f.read())
        images = images.reshape(dims[0], dims[1] * dims[2])
        out[split] = {
            "images_dims": dims,
            "labels_dims": ldims,
            "pixel_sum": int(images.sum()),
            "pixel_max": int(images.max()),
            "first_image_sums": [int(s) for s in images[:5].sum(axis=1)],
            "last_image_sum": int(images[-1].sum()),
            "label_counts": [int((labels == c).sum()) for c in range(10)],
            "first_labels": [int(v) for v in labels[:10]],
        }
    return out


if __name__ == "__main__":
    main()
