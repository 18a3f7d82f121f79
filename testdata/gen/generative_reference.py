#!/usr/bin/python3
"""Reference values for learn's generative models (issue 15).

Run with Debian's /usr/bin/python3 (numpy 1.24.2, scipy 1.10.1,
scikit-learn 1.2.1):  /usr/bin/python3 testdata/gen/generative_reference.py
It writes testdata/generative_reference.json. Every data set is drawn here
from a seeded numpy generator and stored with the values, so the Go tests
read the same numbers; mlnotes never sees how they were made.
"""
import json
import os

import numpy as np
from scipy import stats
from scipy.special import logsumexp
from sklearn.mixture import GaussianMixture
from sklearn.neighbors import KernelDensity

rng = np.random.default_rng(20261124)
out = {}


def rows(a):
    return [list(map(float, r)) for r in np.atleast_2d(a)]


def scott_h(x):
    n, d = x.shape
    sigma = np.sqrt(np.mean(np.var(x, axis=0, ddof=1)))
    return sigma * n ** (-1.0 / (d + 4))


def silverman_h(x):
    n, d = x.shape
    sigma = np.sqrt(np.mean(np.var(x, axis=0, ddof=1)))
    return sigma * (n * (d + 2) / 4.0) ** (-1.0 / (d + 4))


# 1. Gaussian MLE and log-densities (d = 3 and d = 1).
gauss = []
for d, n in [(3, 60), (1, 40)]:
    a = rng.normal(size=(d, d))
    x = rng.normal(size=(n, d)) @ a.T + rng.normal(size=d) * 3
    q = np.vstack([rng.normal(size=(7, d)) @ a.T, 1e3 * np.ones((1, d))])  # the last is far away
    mu = x.mean(axis=0)
    cov = np.cov(x, rowvar=False, bias=True).reshape(d, d)
    mvn = stats.multivariate_normal(mu, cov)
    gauss.append({
        "x": rows(x), "query": rows(q), "mean": list(mu), "cov": rows(cov),
        "logdet": float(np.linalg.slogdet(cov)[1]),
        "logpdf": list(map(float, np.atleast_1d(mvn.logpdf(q)))),
        "loglik": float(np.sum(mvn.logpdf(x))),
        "cov_unbiased": rows(np.cov(x, rowvar=False, bias=False).reshape(d, d)),
    })
out["gauss"] = gauss

# 2. Kernel densities: Gaussian (scikit-learn, exact: rtol = atol = 0) and
# box (direct count), bandwidths by Scott and Silverman; scipy's
# gaussian_kde for d = 1 (where its bandwidth is the same rule).
kde = []
for d, n in [(2, 200), (5, 300), (1, 150)]:
    x = np.vstack([rng.normal(size=(n // 2, d)), rng.normal(size=(n - n // 2, d)) * 0.5 + 2])
    q = np.vstack([rng.normal(size=(20, d)) + 1, 50 * np.ones((1, d))])
    h = scott_h(x)
    kd = KernelDensity(bandwidth=h, kernel="gaussian", rtol=0, atol=0).fit(x)
    hb = 0.8
    inside = np.all(np.abs(q[:, None, :] - x[None, :, :]) <= hb / 2, axis=2).sum(axis=1)
    with np.errstate(divide="ignore"):
        boxlog = np.log(inside) - np.log(n) - d * np.log(hb)
    case = {
        "x": rows(x), "query": rows(q), "scott": float(h), "silverman": float(silverman_h(x)),
        "gauss_log": list(map(float, kd.score_samples(q))),
        "box_h": hb, "box_count": list(map(int, inside)),
        "box_log": [None if np.isinf(v) else float(v) for v in boxlog],
    }
    if d == 1:
        sk = stats.gaussian_kde(x[:, 0])
        case["scipy_scott_log"] = list(map(float, sk.logpdf(q[:, 0])))
        case["scipy_scott_h"] = float(np.sqrt(sk.covariance[0, 0]))
    kde.append(case)
out["kde"] = kde

# 3. Bayes classifiers: three classes in 2-D, each density, empirical
# priors, the 0-1 rule (MAP) and a loss matrix rule argmin_i sum_j L_ij q_j.
means = np.array([[0, 0], [2.5, 0.5], [0.5, 2.5]])
xs, ys = [], []
for j, (m, cnt) in enumerate(zip(means, [50, 30, 40])):
    a = rng.normal(size=(2, 2)) * 0.6 + np.eye(2) * 0.8
    xs.append(rng.normal(size=(cnt, 2)) @ a.T + m)
    ys += [3 * j - 2] * cnt  # labels -2, 1, 4: not 0..M-1
x = np.vstack(xs)
y = np.array(ys)
classes = np.unique(y)
q = np.vstack([rng.uniform(-2, 4.5, size=(60, 2)), [[40, -40]]])
loss = np.array([[0, 1, 8], [1, 0, 1], [6, 2, 0]], dtype=float)
priors = np.array([np.mean(y == c) for c in classes])


def finish(logf, pri):
    lj = logf + np.log(pri)
    lq = lj - logsumexp(lj, axis=1, keepdims=True)
    qq = np.exp(lq)
    return {
        "log_posteriors": rows(lq),
        "map": [int(classes[i]) for i in np.argmax(lq, axis=1)],
        "loss_decisions": [int(classes[i]) for i in np.argmin(qq @ loss.T, axis=1)],
    }


bayes = {"x": rows(x), "y": list(map(int, y)), "query": rows(q), "loss": rows(loss),
         "priors": list(priors), "cases": {}}
logf = np.column_stack([stats.multivariate_normal(x[y == c].mean(0), np.cov(x[y == c], rowvar=False, bias=True)).logpdf(q) for c in classes])
bayes["cases"]["gauss"] = finish(logf, priors)
bayes["cases"]["gauss_equal"] = finish(logf, np.ones(3) / 3)
pooled = sum((x[y == c] - x[y == c].mean(0)).T @ (x[y == c] - x[y == c].mean(0)) for c in classes) / len(y)
logf = np.column_stack([stats.multivariate_normal(x[y == c].mean(0), pooled).logpdf(q) for c in classes])
bayes["cases"]["shared"] = finish(logf, priors)
logf = np.column_stack([KernelDensity(bandwidth=scott_h(x[y == c]), rtol=0, atol=0).fit(x[y == c]).score_samples(q) for c in classes])
bayes["cases"]["kde"] = finish(logf, priors)
out["bayes"] = bayes

# 4. Gaussian mixtures: scikit-learn's best of 20 k-means initializations
# with the same regularization and tolerance.
gmm = []
for d, k, cov_type in [(2, 3, "full"), (2, 3, "diag"), (2, 3, "spherical"), (4, 4, "full"), (1, 2, "full")]:
    centers = rng.normal(size=(k, d)) * 4
    x = np.vstack([rng.normal(size=(80, d)) @ (rng.normal(size=(d, d)) * 0.5 + np.eye(d)) + c for c in centers])
    g = GaussianMixture(n_components=k, covariance_type=cov_type, reg_covar=1e-6, tol=1e-6,
                        max_iter=1000, n_init=20, random_state=0).fit(x)
    gmm.append({"x": rows(x), "k": k, "covariance": cov_type, "sklearn_mean_loglik": float(g.score(x)),
                "sklearn_bic": float(g.bic(x))})
out["gmm"] = gmm

path = os.path.join(os.path.dirname(__file__), "..", "generative_reference.json")
with open(path, "w") as f:
    json.dump(out, f, indent=0)
print("wrote", os.path.normpath(path))
