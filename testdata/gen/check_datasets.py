#!/usr/bin/python3
"""Compare the dataset CSVs of testdata/ with scikit-learn's bundled copies.

Run from the repository root. Prints, for each file, its shape, sha256, and
whether features and target equal sklearn's arrays exactly (and the largest
difference where they do not). The CSVs were not produced by this script:
they came to the project as given (see testdata/README.md); this only
checks them against an independent copy.

Tools: Debian python3 (3.11), numpy 1.24.2, scikit-learn 1.2.1.
"""

import csv
import hashlib

import numpy as np
import sklearn
import sklearn.datasets as ds

CASES = [
    ("iris.csv", ds.load_iris, {}),
    ("wine.csv", ds.load_wine, {}),
    ("breast_cancer.csv", ds.load_breast_cancer, {}),
    ("digits.csv", ds.load_digits, {}),
    ("diabetes.csv", ds.load_diabetes, {"scaled": False}),
]


def main():
    print("scikit-learn", sklearn.__version__, "numpy", np.__version__)
    for name, load, kw in CASES:
        path = "testdata/" + name
        raw = open(path, "rb").read()
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
        header, body = rows[0], np.array(rows[1:], dtype=float)
        bunch = load(**kw)
        X, y = body[:, :-1], body[:, -1]
        same_x = np.array_equal(X, bunch.data)
        same_y = np.array_equal(y, bunch.target)
        line = "%-18s %4dx%-3d sha256 %s  X %s  y %s  target %r" % (
            name, body.shape[0], body.shape[1], hashlib.sha256(raw).hexdigest(),
            "equal" if same_x else "max |diff| %.3g in %d cells" % (
                np.abs(X - bunch.data).max(), int((X != bunch.data).sum())),
            "equal" if same_y else "DIFFERENT", header[-1])
        print(line)
        print("%-18s CRLF line endings: %s" % ("", raw.count(b"\r\n") == raw.count(b"\n")))


if __name__ == "__main__":
    main()
