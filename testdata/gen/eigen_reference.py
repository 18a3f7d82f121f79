#!/usr/bin/python3
"""Reference values for eigen/reference_test.go.

Writes testdata/eigen_reference.json. Run from the repository root with
Debian's interpreter:

    /usr/bin/python3 testdata/gen/eigen_reference.py

Independent sources:
  * numpy.linalg.eigh (LAPACK dsyevd, divide and conquer, through numpy) for
    the symmetric cases;
  * scipy.linalg.eigh(a, b) (LAPACK dsygvd) for the generalized case;
  * closed forms where they exist (Clement's matrix: ±(n−1), ±(n−3), …;
    the second-difference matrix tridiag(−1, 2, −1): 2 − 2cos(kπ/(n+1))),
    written next to the LAPACK values so the test can check both.

Matrices up to 12×12 are stored entry by entry. The larger ones are integer
matrices given by a formula that Go and Python evaluate identically
(`"formula": "mod"`, see int_matrix below), so the file stays small.

Eigenvectors are stored only where the spectrum is well separated, each
scaled so that its largest-magnitude entry is positive (the sign rule of
package eigen); for the generalized case they are B-orthonormal.
Floats are written with repr(), which round-trips exactly.
"""

import json
import math
import platform

import numpy as np
import scipy
import scipy.linalg

SEED = 20261123


def sign_rule(v):
    """Columns scaled so that the largest-magnitude entry is positive."""
    v = v.copy()
    for j in range(v.shape[1]):
        i = int(np.argmax(np.abs(v[:, j])))
        if v[i, j] < 0:
            v[:, j] = -v[:, j]
    return v


def int_matrix(n, p, q, r):
    """Symmetric integer matrix a_ij = ((i+1)(j+1)·p + (i+j)·q) mod r − r//2."""
    a = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            a[i, j] = ((i + 1) * (j + 1) * p + (i + j) * q) % r - r // 2
    return a


def rows(m):
    return [[float(x) for x in r] for r in m]


def case(name, source, mat, vectors=True, **extra):
    w, v = np.linalg.eigh(mat)
    c = {"name": name, "source": source, "n": mat.shape[0], "values": [float(x) for x in w]}
    if vectors:
        c["vectors"] = rows(sign_rule(v))
    c.update(extra)
    return c


def main():
    rng = np.random.default_rng(SEED)
    cases = []

    g = rng.uniform(-1, 1, (8, 8))
    a = np.tril(g) + np.tril(g, -1).T
    cases.append(case("random 8", "numpy.linalg.eigh (dsyevd)", a, a=rows(a)))

    g = rng.standard_normal((12, 5))
    a = g @ g.T  # rank 5: seven zero eigenvalues
    a = (a + a.T) / 2
    cases.append(case("rank-5 Gram 12", "numpy.linalg.eigh (dsyevd)", a, vectors=False, a=rows(a)))

    n = 12
    a = np.zeros((n, n))
    for i in range(n - 1):
        a[i, i + 1] = a[i + 1, i] = math.sqrt((i + 1) * (n - 1 - i))
    exact = sorted(float(n - 1 - 2 * k) for k in range(n))
    cases.append(case("Clement 12", "numpy.linalg.eigh (dsyevd); exact ±11, ±9, …, ±1", a,
                      vectors=False, a=rows(a), exact=exact))

    n = 21
    a = np.diag([abs(10.0 - i) for i in range(n)]) + np.diag(np.ones(n - 1), 1) + np.diag(np.ones(n - 1), -1)
    cases.append(case("Wilkinson W21+", "numpy.linalg.eigh (dsyevd)", a, vectors=False, a=rows(a)))

    d = np.array([10.0 ** (-5 + 10 * i / 9) for i in range(10)])
    g = rng.uniform(-1, 1, (10, 10))
    a = np.tril(g) + np.tril(g, -1).T
    a = d[:, None] * a * d[None, :]
    cases.append(case("graded 1e±10", "numpy.linalg.eigh (dsyevd)", a, vectors=False, a=rows(a)))

    for n, p, q, r in [(60, 7, 3, 23), (200, 11, 5, 31)]:
        a = int_matrix(n, p, q, r)
        cases.append(case(f"integer {n}", "numpy.linalg.eigh (dsyevd)", a, vectors=(n <= 60),
                          formula="mod", p=p, q=q, r=r))

    n = 150
    a = 2 * np.eye(n) - np.diag(np.ones(n - 1), 1) - np.diag(np.ones(n - 1), -1)
    exact = sorted(2 - 2 * math.cos(k * math.pi / (n + 1)) for k in range(1, n + 1))
    cases.append(case("second difference 150", "numpy.linalg.eigh (dsyevd); exact 2 − 2cos(kπ/151)", a,
                      vectors=False, formula="second-difference", exact=exact))

    g = rng.uniform(-1, 1, (6, 6))
    a = np.tril(g) + np.tril(g, -1).T
    h = rng.standard_normal((9, 6))
    b = h.T @ h
    b = (b + b.T) / 2
    w, v = scipy.linalg.eigh(a, b)
    cases.append({"name": "generalized 6", "source": "scipy.linalg.eigh(a, b) (dsygvd)", "n": 6,
                  "a": rows(a), "b": rows(b), "values": [float(x) for x in w], "vectors": rows(sign_rule(v))})

    out = {
        "provenance": (f"testdata/gen/eigen_reference.py, seed {SEED}; Python {platform.python_version()}, "
                       f"numpy {np.__version__}, scipy {scipy.__version__} (Debian; LAPACK of OpenBLAS 0.3.21)"),
        "cases": cases,
    }
    with open("testdata/eigen_reference.json", "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
