#!/usr/bin/python3
"""Reference eigenvalues of graded positive definite matrices, for
eigen/graded_test.go (the relative accuracy of Jacobi).

Writes testdata/eigen_graded.json. Run from the repository root with
Debian's interpreter:

    /usr/bin/python3 testdata/gen/eigen_graded.py

Each matrix is A = D H D with H symmetric positive definite with unit
diagonal (off-diagonal entries uniform in ±0.4/√n·… so that κ(H) is small)
and D = diag(dᵢ) graded geometrically from 1 down to 1e-20 (entries of A
span 1 to 1e-40, and so do its eigenvalues). The float64 entries of A are
stored (repr round-trips), and the eigenvalues of exactly that matrix are
computed by mpmath.eigsy in 80-digit arithmetic, then rounded to float64:
independent of LAPACK and of mlnotes, and correct to the last bit. κ₂(H)
(in the same arithmetic) is stored, since Demmel and Veselić bound the
relative error of Jacobi by a multiple of n·ε·κ(H).

Also the 3×3 example of issue 13: diag(1, s·[[1, 1], [1, 2]]) with
s = 1e-20, whose eigenvalues are 1 and s(3 ± √5)/2.
"""

import json
import random

import mpmath

mpmath.mp.dps = 80


def graded(rng, n, span):
    h = [[0.0] * n for _ in range(n)]
    for i in range(n):
        h[i][i] = 1.0
        for j in range(i):
            v = rng.uniform(-1, 1) * 0.5 / n ** 0.5
            h[i][j] = h[j][i] = v
    d = [span ** (i / (n - 1)) for i in range(n)]
    a = [[d[i] * h[i][j] * d[j] for j in range(n)] for i in range(n)]
    return a, h


def eigvals(a):
    e = mpmath.eigsy(mpmath.matrix(a), eigvals_only=True)
    return sorted(e)


def main():
    rng = random.Random(20261124)
    cases = []
    for n in (6, 12, 30):
        a, h = graded(rng, n, 1e-20)
        ev = eigvals(a)
        hv = eigvals(h)
        cases.append({
            "name": "graded %dx%d, D from 1 to 1e-20" % (n, n),
            "a": a,
            "values": [float(x) for x in ev],
            "kappa_h": float(hv[-1] / hv[0]),
        })
    s = 1e-20
    a = [[1.0, 0.0, 0.0], [0.0, s, s], [0.0, s, 2 * s]]
    cases.append({
        "name": "issue 13: diag(1, s[[1,1],[1,2]]), s = 1e-20",
        "a": a,
        "values": [float(x) for x in eigvals(a)],
        "kappa_h": float(max(eigvals([[1, 0.5 ** 0.5 * 1], [0.5 ** 0.5, 1]]))
                         / min(eigvals([[1, 0.5 ** 0.5], [0.5 ** 0.5, 1]]))),
    })
    out = {
        "generator": "testdata/gen/eigen_graded.py",
        "source": "mpmath %s eigsy, 80 digits" % mpmath.__version__,
        "cases": cases,
    }
    with open("testdata/eigen_graded.json", "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


main()
