"""Reference values for learn's linear models and feature selection
(learn/linear_reference_test.go), computed independently of mlnotes.

Run from the repository root with Debian's python3 (python3-sklearn 1.2.1,
numpy 1.24.2, scipy 1.10.1):
    /usr/bin/python3 testdata/gen/linear_reference.py > testdata/linear_reference.json

- lstsq_*: numpy.linalg.lstsq (LAPACK gelsd, the SVD minimum-norm solution)
  of the centred design, b = ybar - xbar.w; "random" is well conditioned
  (60x5 Gaussian), "diabetes" is testdata/diabetes.csv (also compared with
  scikit-learn's LinearRegression), "rankdef" has a constant column, a
  duplicated column and a column that is the sum of two others (40x7),
  "under" has n = 5 < p = 8. "poly" and "gauss" expand a 1-D input by the
  basis functions of learn.Basis written out in numpy here.
- ridge_*: scikit-learn's Ridge(alpha = lambda, solver='cholesky') (its
  objective ||y - Xw - b||^2 + alpha||w||^2 has the same minimizer as the
  halved one of mlnotes); "ridge_penalized" solves the notes' augmented
  (A^T A + lambda I) W = A^T Y with A = [1 X] by numpy.linalg.solve.
- logreg_*: scikit-learn's LogisticRegression(C = 1/lambda, solver='lbfgs',
  tol=1e-12, max_iter=100000; multinomial for > 2 classes). The objective
  sum_i -log p(y_i|x_i) + lambda/2 ||W||^2 is evaluated in numpy (scipy's
  logsumexp) at scikit-learn's answer; softmax intercepts are centred to sum
  to zero; the same with solver='newton-cg' (tol=1e-10), which reaches the
  optimum more tightly, for the coefficients. iris12 is iris versicolor vs virginica with labels 1 and 2;
  wine is standardized (1/n standard deviation), and stored.
- pearson_*, mi_*: numpy.corrcoef; the plug-in mutual information in nats
  of the discretized columns (<= B distinct values kept as categories,
  otherwise bin floor(B (v - min)/(max - min)) clipped to B - 1), counted
  with numpy and also checked against sklearn.metrics.mutual_info_score.
"""
import json
import sys

import numpy as np
from scipy.special import logsumexp
from sklearn.linear_model import LinearRegression, LogisticRegression, Ridge
from sklearn.metrics import mutual_info_score


def load(name):
    a = np.loadtxt(f"testdata/{name}.csv", delimiter=",", skiprows=1)
    return a[:, :-1], a[:, -1]


def lstsq(X, y):
    xm, ym = X.mean(0), y.mean()
    w, *_ = np.linalg.lstsq(X - xm, y - ym, rcond=None)
    return {"X": X.tolist(), "y": y.tolist(), "coef": w.tolist(), "intercept": float(ym - xm @ w)}


def ridge(X, y, lam):
    r = Ridge(alpha=lam, solver="cholesky").fit(X, y)
    return {"X": X.tolist(), "y": y.tolist(), "lambda": lam, "coef": r.coef_.tolist(), "intercept": float(r.intercept_)}


def logobj(X, y, classes, W, b, lam):
    Z = X @ W.T + b
    idx = np.searchsorted(classes, y)
    if len(classes) == 2:
        z = Z[:, 0]
        t = idx
        f = np.sum(np.logaddexp(0, z) - t * z)
    else:
        f = np.sum(logsumexp(Z, axis=1) - Z[np.arange(len(y)), idx])
    return float(f + 0.5 * lam * np.sum(W * W))


def logreg(X, y, lam, store_x):
    multi = "multinomial" if len(np.unique(y)) > 2 else "ovr"
    m = LogisticRegression(C=1 / lam, solver="lbfgs", tol=1e-12, max_iter=100000, multi_class=multi)
    m.fit(X, y)
    W, b = m.coef_.copy(), m.intercept_.copy()
    if len(m.classes_) > 2:
        b = b - b.mean()
    out = {"lambda": lam, "classes": m.classes_.astype(int).tolist(), "coef": W.tolist(), "intercept": b.tolist(),
           "objective": logobj(X, y, m.classes_, W, b, lam), "n_iter": int(m.n_iter_[0])}
    # scikit-learn's newton-cg solver reaches the optimum more tightly than
    # its lbfgs (which stops on scipy's relative reduction of f).
    m = LogisticRegression(C=1 / lam, solver="newton-cg", tol=1e-10, max_iter=100000, multi_class=multi)
    m.fit(X, y)
    W, b = m.coef_.copy(), m.intercept_.copy()
    if len(m.classes_) > 2:
        b = b - b.mean()
    out["coef_newton_cg"], out["intercept_newton_cg"] = W.tolist(), b.tolist()
    out["objective_newton_cg"] = logobj(X, y, m.classes_, W, b, lam)
    if store_x:
        out["X"], out["y"] = X.tolist(), y.astype(int).tolist()
    return out


def codes(v, B):
    d = np.unique(v)
    if len(d) <= B:
        return np.searchsorted(d, v)
    lo, hi = v.min(), v.max()
    return np.clip(np.floor(B * (v - lo) / (hi - lo)).astype(int), 0, B - 1)


def mi(a, b):
    n = len(a)
    s = 0.0
    for i in np.unique(a):
        for j in np.unique(b):
            c = np.sum((a == i) & (b == j))
            if c > 0:
                s += c / n * np.log(n * c / (np.sum(a == i) * np.sum(b == j)))
    return s


def scores(X, y, B):
    p = [float(np.corrcoef(X[:, j], y)[0, 1]) for j in range(X.shape[1])]
    yc = codes(y, B)
    m = []
    for j in range(X.shape[1]):
        xc = codes(X[:, j], B)
        v = mi(xc, yc)
        assert abs(v - mutual_info_score(xc, yc)) < 1e-12
        m.append(float(v))
    return p, m


def main():
    rng = np.random.default_rng(20261124)
    ref = {}
    X = rng.standard_normal((60, 5))
    y = X @ np.array([1.5, -2, 0.5, 3, -1]) + 4 + 0.3 * rng.standard_normal(60)
    ref["lstsq_random"] = lstsq(X, y)
    Xd, yd = load("diabetes")
    ref["lstsq_diabetes"] = lstsq(Xd, yd)
    sk = LinearRegression().fit(Xd, yd)
    ref["lstsq_diabetes"]["sklearn_coef"] = sk.coef_.tolist()
    ref["lstsq_diabetes"]["sklearn_intercept"] = float(sk.intercept_)
    B = rng.standard_normal((40, 4))
    Xr = np.column_stack([B[:, 0], np.full(40, 2.5), B[:, 1], B[:, 1], B[:, 2], B[:, 0] + B[:, 2], B[:, 3]])
    yr = Xr @ np.array([1, 0, 2, -1, 0.5, 1, -3]) + rng.standard_normal(40)
    ref["lstsq_rankdef"] = lstsq(Xr, yr)
    ref["lstsq_rankdef"]["rank"] = int(np.linalg.matrix_rank(Xr - Xr.mean(0)))
    Xu = rng.standard_normal((5, 8))
    ref["lstsq_under"] = lstsq(Xu, rng.standard_normal(5))
    x1 = np.sort(rng.uniform(-1, 2, 30))
    y1 = np.sin(2 * x1) + 0.1 * rng.standard_normal(30)
    r = lstsq(np.column_stack([x1, x1**2, x1**3]), y1)
    ref["poly"] = {"x": x1.tolist(), "y": y1.tolist(), "degree": 3, "coef": r["coef"], "intercept": r["intercept"]}
    M = 6
    mu = np.linspace(x1.min(), x1.max(), M)
    mu[-1] = x1.max()
    s = (x1.max() - x1.min()) / (M - 1)
    r = lstsq(np.exp(-0.5 * ((x1[:, None] - mu[None, :]) / s) ** 2), y1)
    ref["gauss"] = {"centers": M, "coef": r["coef"], "intercept": r["intercept"]}
    r = lstsq(1 / (1 + np.exp(-(x1[:, None] - mu[None, :]) / s)), y1)
    ref["sigmoid"] = {"centers": M, "coef": r["coef"], "intercept": r["intercept"]}

    ref["ridge_random"] = ridge(X, y, 10.0)
    ref["ridge_diabetes"] = ridge(Xd, yd, 1.0)
    ref["ridge_rankdef"] = ridge(Xr, yr, 0.5)
    A = np.column_stack([np.ones(len(yd)), Xd])
    W = np.linalg.solve(A.T @ A + 3.0 * np.eye(A.shape[1]), A.T @ yd)
    ref["ridge_penalized"] = {"lambda": 3.0, "intercept": float(W[0]), "coef": W[1:].tolist()}

    Xi, yi = load("iris")
    sel = yi > 0
    ref["logreg_iris12"] = logreg(Xi[sel], yi[sel], 1.0, False)
    ref["logreg_iris"] = logreg(Xi, yi, 0.5, False)
    Xw, yw = load("wine")
    Xs = (Xw - Xw.mean(0)) / Xw.std(0)
    ref["logreg_wine"] = logreg(Xs, yw, 1.0, True)

    p, m = scores(Xd, yd, 10)
    ref["scores_diabetes"] = {"bins": 10, "pearson": p, "mi": m}
    p, m = scores(Xw, yw, 10)
    ref["scores_wine"] = {"bins": 10, "pearson": p, "mi": m}
    p, m = scores(Xw, yw, 4)
    ref["scores_wine_b4"] = {"bins": 4, "pearson": p, "mi": m}
    json.dump(ref, sys.stdout, indent=None)
    print()


main()
