#!/usr/bin/python3
"""Reference values for matrix/lu_test.go, qr_test.go and solve_test.go.

Writes testdata/matrix_factor_ref.json. Run from the repository root with
Debian's interpreter:

    /usr/bin/python3 testdata/gen/matrix_factor_ref.py

Independent sources:
  * numpy.linalg (LAPACK dgetrf/dgetrs/dgeqrf/dgelsd through numpy) for
    det, slogdet, inv, solve, cond, qr and lstsq;
  * exact rational arithmetic (Python's fractions module) on the float64
    data as stored (every float is a rational), for the determinant and
    inverse of the integer and Hilbert matrices and for every least-squares
    solution (the normal equations AᵀA x = Aᵀb solved exactly), so those
    values are correctly rounded and depend on no floating-point library.

Floats are written with repr(), which round-trips exactly. A determinant
outside the float64 range is written as null (JSON has no infinity); its
logarithm is still given.
"""

import json
import math
import platform
import re
import sys
from fractions import Fraction

import numpy as np
import scipy

SEED = 20240601


def exact_det_inv(rows):
    """Determinant and inverse by Gauss-Jordan elimination on Fractions."""
    n = len(rows)
    a = [[Fraction(float(v)) for v in r] + [Fraction(int(i == j)) for j in range(n)]
         for i, r in enumerate(rows)]
    det = Fraction(1)
    for k in range(n):
        p = next(i for i in range(k, n) if a[i][k] != 0)
        if p != k:
            a[k], a[p] = a[p], a[k]
            det = -det
        det *= a[k][k]
        piv = a[k][k]
        a[k] = [v / piv for v in a[k]]
        for i in range(n):
            if i != k and a[i][k] != 0:
                f = a[i][k]
                a[i] = [vi - f * vk for vi, vk in zip(a[i], a[k])]
    inv = [[float(v) for v in r[n:]] for r in a]
    return float(det), inv


def rows(m):
    return [[float(v) for v in r] for r in np.asarray(m)]


def lu_case(name, a, exact=None):
    a = np.asarray(a, dtype=float)
    n = a.shape[0]
    rng = np.random.default_rng(SEED + n)
    b = rng.standard_normal((n, 2))
    sign, logabs = np.linalg.slogdet(a)
    with np.errstate(over="ignore"):
        det = float(np.linalg.det(a))
    case = {
        "name": name,
        "a": rows(a),
        "det": det if math.isfinite(det) else None,
        "log_abs_det": float(logabs),
        "sign": float(sign),
        "inverse": rows(np.linalg.inv(a)),
        "cond1": float(np.linalg.cond(a, 1)),
        "b": rows(b),
        "x": rows(np.linalg.solve(a, b)),
        "source": "numpy.linalg det, slogdet, inv, cond(·,1), solve",
    }
    if exact is not None:
        case["det"], case["inverse"] = exact_det_inv(exact)
        case["source"] = ("det and inverse exact (fractions, rounded once to float64); "
                          "slogdet, cond(·,1), solve from numpy.linalg")
    return case


def qr_case(name, a):
    a = np.asarray(a, dtype=float)
    r = np.linalg.qr(a, mode="r")
    return {
        "name": name,
        "a": rows(a),
        "r": rows(r),
        "cond2": float(np.linalg.cond(a)),
        "source": "numpy.linalg.qr(mode='r') (LAPACK dgeqrf); cond from the SVD",
    }


def exact_lstsq(a, b):
    """Least-squares solution and residual norms of the float64 data, exactly:
    the normal equations AᵀA X = AᵀB solved in rationals (AᵀA is
    nonsingular for full column rank), rounded once at the end."""
    m, n = a.shape
    k = b.shape[1]
    A = [[Fraction(float(v)) for v in r] for r in a]
    B = [[Fraction(float(v)) for v in r] for r in b]
    ata = [[sum(A[p][i] * A[p][j] for p in range(m)) for j in range(n)] for i in range(n)]
    atb = [[sum(A[p][i] * B[p][c] for p in range(m)) for c in range(k)] for i in range(n)]
    g = [ata[i] + atb[i] for i in range(n)]
    for c in range(n):  # Gauss-Jordan on [AᵀA | AᵀB]
        p = next(i for i in range(c, n) if g[i][c] != 0)
        g[c], g[p] = g[p], g[c]
        g[c] = [v / g[c][c] for v in g[c]]
        for i in range(n):
            if i != c and g[i][c] != 0:
                f = g[i][c]
                g[i] = [vi - f * vc for vi, vc in zip(g[i], g[c])]
    X = [r[n:] for r in g]
    res = []
    for c in range(k):
        ss = sum((sum(A[p][j] * X[j][c] for j in range(n)) - B[p][c]) ** 2 for p in range(m))
        res.append(math.sqrt(ss))  # float(ss) is correctly rounded; sqrt adds half an ulp
    return [[float(v) for v in r] for r in X], res


def lstsq_case(name, a, b):
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    x, res = exact_lstsq(a, b)
    x_np, _, rank, _ = np.linalg.lstsq(a, b, rcond=None)
    assert rank == a.shape[1]
    d = np.linalg.norm(a, axis=0)
    return {
        "name": name,
        "a": rows(a),
        "b": rows(b),
        "x": x,
        "residual_norm": res,
        "cond2": float(np.linalg.cond(a)),
        "cond2_equilibrated": float(np.linalg.cond(a / d)),
        "x_numpy": rows(x_np),
        "source": ("x and residual_norm exact (normal equations in fractions, rounded once); "
                   "x_numpy from numpy.linalg.lstsq(rcond=None) (LAPACK dgelsd) for comparison; "
                   "cond2 of A and of A with unit-norm columns from the SVD"),
    }


def main():
    rng = np.random.default_rng(SEED)
    piv = [[0, 2, 1, 3], [1, 1, 0, 2], [4, 3, 2, 1], [2, 0, 5, 1]]
    ints = rng.integers(-9, 10, size=(5, 5)).tolist()
    hilb = [[1 / (i + j + 1) for j in range(8)] for i in range(8)]
    lu = [
        lu_case("integer 4x4 zero leading pivot", piv, exact=piv),
        lu_case("random integer 5x5", ints, exact=ints),
        lu_case("hilbert 8 (rounded to float64)", hilb, exact=hilb),
        lu_case("random normal 6x6", rng.standard_normal((6, 6))),
        lu_case("scaled 1e200 5x5 (det overflows)", 1e200 * rng.standard_normal((5, 5))),
        lu_case("scaled 1e-200 5x5 (det underflows)", 1e-200 * rng.standard_normal((5, 5))),
    ]
    t = np.linspace(0, 1, 10)
    qr = [
        qr_case("random 7x4", rng.standard_normal((7, 4))),
        qr_case("random 4x7", rng.standard_normal((4, 7))),
        qr_case("random 5x5", rng.standard_normal((5, 5))),
        qr_case("vandermonde 10x4", np.vander(t, 4, increasing=True)),
    ]
    t = np.linspace(0, 1, 30)
    poly = np.vander(t, 5, increasing=True)
    noisy = np.column_stack([np.sin(2 * np.pi * t), np.exp(t)]) + 0.01 * rng.standard_normal((30, 2))
    a_rand = rng.standard_normal((20, 4))
    b_rand = a_rand @ np.array([1.0, -2.0, 0.5, 3.0]) + 0.1 * rng.standard_normal(20)
    lstsq = [
        lstsq_case("polynomial degree 4 fit 30x5", poly, noisy),
        lstsq_case("random 20x4 with noise", a_rand, b_rand.reshape(-1, 1)),
        lstsq_case("graded columns 15x3", rng.standard_normal((15, 3)) * np.array([1e-6, 1.0, 1e6]),
                   rng.standard_normal((15, 1))),
    ]
    out = {
        "provenance": (
            "generated by testdata/gen/matrix_factor_ref.py (seed %d) with numpy %s, scipy %s, "
            "Python %s on %s; numpy linked against the reference BLAS/LAPACK of Debian. "
            "Exact values where a case says so." % (
                SEED, np.__version__, scipy.__version__, sys.version.split()[0], platform.platform())
        ),
        "lu": lu,
        "qr": qr,
        "lstsq": lstsq,
    }
    text = json.dumps(out, indent=1, allow_nan=False)
    # One matrix row per line: collapse the innermost lists of numbers.
    text = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    with open("testdata/matrix_factor_ref.json", "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
