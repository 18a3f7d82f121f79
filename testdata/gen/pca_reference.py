"""Reference values for learn's PCA family tests (learn/pca_test.go and
learn/pca_reference_test.go), computed independently of mlnotes.

Run with Debian's python3 (python3-sklearn 1.2.1, numpy 1.24.2, scipy 1.10.1):
    /usr/bin/python3 testdata/gen/pca_reference.py > testdata/pca_reference.json

What each entry is, and how it was obtained:
- iris, wine, digits: scikit-learn's PCA(svd_solver='full') (LAPACK SVD of
  the centred data); explained_variance_ uses 1/(n-1); components sign-
  normalized (largest-magnitude entry positive).
- kernel_pca: scikit-learn's KernelPCA(eigen_solver='dense') on iris, with
  the notes' Gaussian kernel exp(-|x-y|^2/sigma2) (gamma = 1/sigma2) and the
  notes' polynomial kernel (1 + x.y)^2 (gamma = 1, coef0 = 1): eigenvalues_
  of the centred Gram matrix, fit_transform of the training points, and
  transform of query points (iris rows 0, 50, 100 shifted by +0.1).
  Projections are compared up to the sign of each component.
- spectral: the graph Laplacian written out in numpy (weights
  exp(-|xi-xj|^2/sigma2) computed from differences, zero diagonal;
  L = D - W or I - D^-1/2 W D^-1/2) and solved with numpy.linalg.eigh; the
  k+1 smallest eigenvalues and eigenvectors 2..k+1 (up to sign). All pairs
  on iris; the 10 nearest neighbours (an edge when either end counts the
  other among its nearest, stable order of distances) on the first 60 rows
  of wine, standardized with the 1/n standard deviation.
- lda: two classes (iris versicolor vs virginica): w = numpy.linalg.solve
  (S_w, M1 - M0), normalized, signed so that class 1 projects higher, and
  J(w) = (w.(M1 - M0))^2 / w.S_w.w; three classes (wine): the eigenvalues of
  S_B v = lambda S_w v from scipy.linalg.eigh, and the directions from
  scikit-learn's LinearDiscriminantAnalysis(solver='eigen') scalings_
  (normalized, sign rule), whose within- and between-class matrices are
  S_w/n and S_B/n, so its generalized eigenvectors are the same.
"""
import json

import numpy as np
import scipy
import scipy.linalg
import sklearn
from sklearn.decomposition import PCA, KernelPCA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis


def load(name):
    d = np.loadtxt("testdata/%s.csv" % name, delimiter=",", skiprows=1)
    return d[:, :-1], d[:, -1].astype(int)


def sign_rows(m):
    m = np.array(m, dtype=float)
    for r in m:
        if r[np.argmax(np.abs(r))] < 0:
            r *= -1
    return m


out = {"provenance": "scikit-learn %s, numpy %s, scipy %s (Debian's /usr/bin/python3); generator testdata/gen/pca_reference.py, whose docstring says how each entry was computed"
       % (sklearn.__version__, np.__version__, scipy.__version__)}

for name in ["iris", "wine", "digits"]:
    x, _ = load(name)
    p = PCA(svd_solver="full").fit(x)
    out[name] = {"explained_variance_sample": p.explained_variance_.tolist(),
                 "explained_variance_ratio": p.explained_variance_ratio_.tolist(),
                 "components": sign_rows(p.components_).tolist()}

x, _ = load("iris")
q = x[[0, 50, 100]] + 0.1
kp = {}
for label, kw in [("rbf_sigma2_2", dict(kernel="rbf", gamma=0.5)),
                  ("poly_2", dict(kernel="poly", degree=2, gamma=1.0, coef0=1.0))]:
    m = KernelPCA(n_components=3, eigen_solver="dense", **kw)
    y = m.fit_transform(x)
    kp[label] = {"eigenvalues": m.eigenvalues_.tolist(), "projections": y.tolist(),
                 "query": q.tolist(), "query_projections": m.transform(q).tolist()}
out["kernel_pca"] = kp


def laplacian(x, sigma2, neighbors, normalized):
    n = len(x)
    d2 = ((x[:, None, :] - x[None, :, :]) ** 2).sum(-1)
    w = np.exp(-d2 / sigma2)
    np.fill_diagonal(w, 0)
    if neighbors:
        keep = np.zeros((n, n), dtype=bool)
        for i in range(n):
            order = [j for j in np.argsort(d2[i], kind="stable") if j != i]
            keep[i, order[:neighbors]] = True
        w = np.where(keep | keep.T, w, 0)
    deg = w.sum(1)
    if normalized:
        s = 1 / np.sqrt(deg)
        return np.eye(n) - s[:, None] * w * s[None, :]
    return np.diag(deg) - w


sp = {}
xw, _ = load("wine")
xw = xw[:60]
xw = (xw - xw.mean(0)) / xw.std(0)
for label, data, sigma2, neighbors in [("iris_all_pairs", x, 1.0, 0), ("wine60_knn10", xw, 8.0, 10)]:
    for normalized in [False, True]:
        lap = laplacian(data, sigma2, neighbors, normalized)
        vals, vecs = np.linalg.eigh(lap)
        k = 2
        sp["%s_%s" % (label, "normalized" if normalized else "unnormalized")] = {
            "sigma2": sigma2, "neighbors": neighbors, "normalized": normalized, "rows": len(data),
            "eigenvalues": vals[:k + 1].tolist(), "embedding": vecs[:, 1:k + 1].tolist()}
out["spectral"] = sp

x, y = load("iris")
sel = y > 0
x2, y2 = x[sel], y[sel]
m0, m1 = x2[y2 == 1].mean(0), x2[y2 == 2].mean(0)
sw = sum(((x2[y2 == c] - x2[y2 == c].mean(0)).T @ (x2[y2 == c] - x2[y2 == c].mean(0)) for c in (1, 2)))
w = np.linalg.solve(sw, m1 - m0)
w /= np.linalg.norm(w)
lda = {"iris_versicolor_virginica": {"w": w.tolist(), "criterion": float((w @ (m1 - m0)) ** 2 / (w @ sw @ w))}}
xw, yw = load("wine")
mean = xw.mean(0)
sw = np.zeros((xw.shape[1],) * 2)
sb = np.zeros_like(sw)
for c in np.unique(yw):
    xc = xw[yw == c]
    dev = xc - xc.mean(0)
    sw += dev.T @ dev
    sb += len(xc) * np.outer(xc.mean(0) - mean, xc.mean(0) - mean)
ev = scipy.linalg.eigh(sb, sw, eigvals_only=True)[::-1]
sk = LinearDiscriminantAnalysis(solver="eigen").fit(xw, yw)
dirs = sk.scalings_[:, :2].T
dirs = dirs / np.linalg.norm(dirs, axis=1)[:, None]
lda["wine"] = {"eigenvalues": ev[:2].tolist(), "directions": sign_rows(dirs).tolist()}
out["lda"] = lda

print(json.dumps(out, indent=1))
