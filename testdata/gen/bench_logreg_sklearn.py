"""Times scikit-learn's LogisticRegression (lbfgs, one thread) on the data
of learn's BenchmarkLogReg and BenchmarkSoftmax (learn/bench_linear_test.go)
for docs/performance.md.

Run from the repository root with Debian's python3 (scikit-learn 1.2.1,
numpy 1.24.2, scipy 1.10.1), one thread:
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 testdata/gen/bench_logreg_sklearn.py

The 20000x50 data come from the same splitmix64 stream as the Go benchmark
(bit-identical doubles); the digits are testdata/digits.csv. scikit-learn's
lbfgs minimizes sum_i -log p + (1/(2C))||W||^2 with gtol = tol on the largest
gradient entry, the objective and test of mlnotes with lambda = 1/C (it also
stops on scipy's relative reduction of f, ftol = 2.2e-9). Prints the median
of 7 fits (wall clock and process CPU time, with their ranges), the
iterations and the objective. Optional arguments: the case (logreg, newton
or softmax; logreg and softmax by default) and the number of fits, e.g.
    ... bench_logreg_sklearn.py softmax 3
"""
import sys
import time

import numpy as np
from scipy.special import logsumexp
from sklearn.linear_model import LogisticRegression

M64 = (1 << 64) - 1


class SplitMix64:
    def __init__(self, s):
        self.s = s

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & M64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def uniform(self):
        return ((self.next() >> 11) + 0.5) / float(1 << 53)


def logreg_data(n, d):
    g = SplitMix64(42)
    w = np.array([2 * g.uniform() - 1 for _ in range(d)])
    X = np.empty((n, d))
    y = np.empty(n, dtype=int)
    for i in range(n):
        X[i] = [2 * g.uniform() - 1 for _ in range(d)]
        u = g.uniform()
        s = 0.0
        for j in range(d):  # the same order of summation as matrix.Dot is not needed: the sign is far from 0
            s += w[j] * X[i, j]
        y[i] = 1 if s + np.log(u / (1 - u)) > 0 else 0
    return X, y


def objective(m, X, y, lam):
    Z = X @ m.coef_.T + m.intercept_
    if Z.shape[1] == 1:
        z = Z[:, 0]
        f = np.sum(np.logaddexp(0, z) - y * z)
    else:
        f = np.sum(logsumexp(Z, axis=1) - Z[np.arange(len(y)), y])
    return f + 0.5 * lam * np.sum(m.coef_ ** 2)


def max_gradient(m, X, y, lam):
    A = np.c_[X, np.ones(len(y))]
    T = np.c_[m.coef_, m.intercept_]
    Z = A @ T.T
    if Z.shape[1] == 1:
        R = (1 / (1 + np.exp(-Z[:, 0])) - y)[:, None]
    else:
        R = np.exp(Z - logsumexp(Z, axis=1)[:, None])
        R[np.arange(len(y)), y] -= 1
    G = R.T @ A
    G[:, :-1] += lam * m.coef_
    return np.abs(G).max()


def bench(name, X, y, lam, tol, multi, fits, solver="lbfgs"):
    times, cpu = [], []
    for _ in range(fits):
        m = LogisticRegression(C=1 / lam, solver=solver, tol=tol, max_iter=100000, multi_class=multi)
        t0, c0 = time.perf_counter(), time.process_time()
        m.fit(X, y)
        cpu.append(time.process_time() - c0)
        times.append(time.perf_counter() - t0)
    print(f"{name}: median {np.median(times)*1e3:.1f} ms, CPU median {np.median(cpu)*1e3:.1f} ms "
          f"(range {min(cpu)*1e3:.1f}-{max(cpu)*1e3:.1f}), {int(m.n_iter_[0])} iterations, "
          f"objective {objective(m, X, y, lam):.10g}, max |gradient| {max_gradient(m, X, y, lam):.2g}")


def main():
    cases = sys.argv[1:2] or ["logreg", "softmax"]
    fits = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    if "logreg" in cases or "newton" in cases:
        X, y = logreg_data(20000, 50)
        print("20000x50 positives:", int(y.sum()))
    if "logreg" in cases:
        bench("LogReg/20000x50 lbfgs tol 1e-8", X, y, 1.0, 1e-8, "ovr", fits)
    if "newton" in cases:
        # Newton's method with Cholesky solves (new in scikit-learn 1.2), the
        # counterpart of mlnotes' default solver; it stops on the largest
        # gradient entry <= tol and does reach it.
        bench("LogReg/20000x50 newton-cholesky tol 1e-8", X, y, 1.0, 1e-8, "ovr", fits, "newton-cholesky")
    if "softmax" in cases:
        a = np.loadtxt("testdata/digits.csv", delimiter=",", skiprows=1)
        bench("Softmax/digits lbfgs tol 1e-4", a[:, :-1], a[:, -1].astype(int), 1.0, 1e-4, "multinomial", fits)


if __name__ == "__main__":
    main()
