#!/usr/bin/python3
"""Reference values for the gradient-descent family (package optimize).

Writes testdata/optimize_gd_ref.json. Run from the repository root with
Debian's interpreter:

    /usr/bin/python3 testdata/gen/optimize_gd_ref.py

Every number is computed here, independently of the Go code: minimizers by
scipy.linalg / scipy.optimize / numpy.linalg (and scikit-learn for a second
opinion on logistic regression), and the iterates of fixed-step gradient
descent, heavy ball, Nesterov and Adam by straightforward numpy
transcriptions of the textbook formulas (written in the two-term form
x_{k+1} = x_k - a g + b (x_k - x_{k-1}), not in the velocity form the Go code
uses). Floats are written with repr, so they round-trip exactly.
"""
import json
import platform
import sys

import numpy as np
import scipy
import scipy.linalg
import scipy.optimize
import sklearn
from sklearn.linear_model import LogisticRegression


def quadratic():
    """f(x) = 1/2 x'Ax - b'x, A = Q diag(lam) Q' with kappa = 1000, d = 6."""
    rng = np.random.default_rng(20240501)
    d = 6
    lam = np.geomspace(1.0, 1000.0, d)
    q, _ = np.linalg.qr(rng.standard_normal((d, d)))
    a = q @ np.diag(lam) @ q.T
    a = (a + a.T) / 2  # exactly symmetric
    b = rng.standard_normal(d)
    x0 = rng.standard_normal(d)
    xstar = scipy.linalg.solve(a, b, assume_a="pos")
    ev = np.linalg.eigvalsh(a)
    mu, L = ev[0], ev[-1]
    kappa = L / mu
    grad = lambda x: a @ x - b

    steps = 50
    # Fixed-step gradient descent with the optimal step 2/(L+mu).
    alpha_gd = 2.0 / (L + mu)
    x = x0.copy()
    gd = [x.tolist()]
    for _ in range(steps):
        x = x - alpha_gd * grad(x)
        gd.append(x.tolist())

    # Heavy ball with Polyak's optimal parameters for a quadratic.
    sk = np.sqrt(kappa)
    alpha_hb = 4.0 / (np.sqrt(L) + np.sqrt(mu)) ** 2
    beta_hb = ((sk - 1) / (sk + 1)) ** 2
    xprev, x = x0.copy(), x0.copy()
    hb = [x.tolist()]
    for _ in range(steps):
        x, xprev = x - alpha_hb * grad(x) + beta_hb * (x - xprev), x
        hb.append(x.tolist())

    # Nesterov with alpha = 1/L, beta = (sqrt(kappa)-1)/(sqrt(kappa)+1);
    # the recorded points are the extrapolations y_k.
    alpha_nag = 1.0 / L
    beta_nag = (sk - 1) / (sk + 1)
    xprev, x = x0.copy(), x0.copy()
    nag = []
    for _ in range(steps + 1):
        y = x + beta_nag * (x - xprev)
        nag.append(y.tolist())
        x, xprev = y - alpha_nag * grad(y), x

    # Adam (Kingma and Ba, Algorithm 1) with the full gradient.
    alpha_adam, b1, b2, eps = 0.01, 0.9, 0.999, 1e-8
    x = x0.copy()
    m = np.zeros(d)
    v = np.zeros(d)
    adam = [x.tolist()]
    for t in range(1, steps + 1):
        g = grad(x)
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        mhat = m / (1 - b1**t)
        vhat = v / (1 - b2**t)
        x = x - alpha_adam * mhat / (np.sqrt(vhat) + eps)
        adam.append(x.tolist())

    return {
        "comment": "f(x) = 1/2 x'Ax - b'x; xstar by scipy.linalg.solve(assume_a='pos'); "
        "trajectories by numpy transcriptions of the update formulas",
        "A": a.tolist(),
        "b": b.tolist(),
        "x0": x0.tolist(),
        "xstar": xstar.tolist(),
        "fstar": float(-0.5 * b @ xstar),
        "mu": float(mu),
        "L": float(L),
        "gd": {"alpha": alpha_gd, "iterates": gd},
        "heavy_ball": {"alpha": float(alpha_hb), "beta": float(beta_hb), "iterates": hb},
        "nesterov": {"alpha": alpha_nag, "beta": float(beta_nag), "points_y": nag},
        "adam": {"alpha": alpha_adam, "beta1": b1, "beta2": b2, "epsilon": eps, "iterates": adam},
    }


def rosenbrock():
    """scipy's Rosenbrock: value, gradient and Hessian at a point, and the
    minimizer found by Newton-CG from the classical start (-1.2, 1)."""
    p = np.array([-1.2, 1.0, 0.3, -0.7, 2.1])
    x0 = np.array([-1.2, 1.0])
    res = scipy.optimize.minimize(
        scipy.optimize.rosen, x0, method="Newton-CG", jac=scipy.optimize.rosen_der,
        hess=scipy.optimize.rosen_hess, options={"xtol": 1e-14, "maxiter": 1000})
    return {
        "comment": "scipy.optimize.rosen, rosen_der, rosen_hess at point; "
        "minimize(method='Newton-CG', xtol=1e-14) from x0",
        "point": p.tolist(),
        "value": float(scipy.optimize.rosen(p)),
        "gradient": scipy.optimize.rosen_der(p).tolist(),
        "hessian": scipy.optimize.rosen_hess(p).tolist(),
        "x0": x0.tolist(),
        "xstar": res.x.tolist(),
        "success": bool(res.success),
    }


def logistic():
    """L2-regularized logistic regression,
    f(w) = (1/n) sum_i [log(1 + exp(x_i'w)) - y_i x_i'w] + (lambda/2)|w|^2,
    with a column of ones in X (the intercept is penalized like the rest)."""
    rng = np.random.default_rng(7)
    n, p = 80, 3
    feats = rng.standard_normal((n, p))
    x = np.hstack([feats, np.ones((n, 1))])
    wtrue = np.array([1.5, -2.0, 0.5, 0.3])
    prob = 1 / (1 + np.exp(-(x @ wtrue)))
    y = (rng.uniform(size=n) < prob).astype(float)
    lam = 0.1

    def f(w):
        z = x @ w
        return np.mean(np.logaddexp(0, z) - y * z) + lam / 2 * w @ w

    def g(w):
        s = 1 / (1 + np.exp(-(x @ w)))
        return x.T @ (s - y) / n + lam * w

    def h(w):
        s = 1 / (1 + np.exp(-(x @ w)))
        return (x.T * (s * (1 - s))) @ x / n + lam * np.eye(x.shape[1])

    w0 = np.zeros(x.shape[1])
    res = scipy.optimize.minimize(f, w0, jac=g, hess=h, method="trust-exact",
                                  options={"gtol": 1e-13, "maxiter": 200})
    res2 = scipy.optimize.minimize(f, w0, jac=g, method="BFGS", options={"gtol": 1e-11, "maxiter": 1000})
    # scikit-learn minimizes 1/2|w|^2 + C sum_i logloss_i: the same problem
    # scaled by 1/lambda when C = 1/(n lambda).
    clf = LogisticRegression(C=1 / (n * lam), fit_intercept=False, tol=1e-12, max_iter=10000, solver="lbfgs")
    clf.fit(x, y)
    return {
        "comment": "minimize(method='trust-exact', gtol=1e-13); BFGS and "
        "sklearn LogisticRegression(C=1/(n*lambda), fit_intercept=False) as second opinions",
        "X": x.tolist(),
        "y": y.tolist(),
        "lambda": lam,
        "wstar": res.x.tolist(),
        "fstar": float(res.fun),
        "gradnorm_at_wstar": float(np.linalg.norm(g(res.x))),
        "wstar_bfgs": res2.x.tolist(),
        "wstar_sklearn": clf.coef_.ravel().tolist(),
        "hessian_at_zero": h(w0).tolist(),
        "gradient_at_zero": g(w0).tolist(),
        "value_at_zero": float(f(w0)),
    }


def least_squares():
    """f(w) = (1/n) sum_i 1/2 (x_i'w - y_i)^2, the SGD test problem."""
    rng = np.random.default_rng(11)
    n, d = 200, 5
    x = rng.standard_normal((n, d))
    wtrue = rng.standard_normal(d)
    y = x @ wtrue + 0.1 * rng.standard_normal(n)
    w, *_ = np.linalg.lstsq(x, y, rcond=None)
    r = x @ w - y
    return {
        "comment": "wstar by numpy.linalg.lstsq",
        "X": x.tolist(),
        "y": y.tolist(),
        "wstar": w.tolist(),
        "fstar": float(0.5 * np.mean(r * r)),
    }


def main():
    out = {
        "provenance": {
            "generator": "testdata/gen/optimize_gd_ref.py",
            "python": sys.version.split()[0],
            "numpy": np.__version__,
            "scipy": scipy.__version__,
            "sklearn": sklearn.__version__,
            "platform": platform.platform(),
        },
        "quadratic": quadratic(),
        "rosenbrock": rosenbrock(),
        "logistic": logistic(),
        "least_squares": least_squares(),
    }
    with open("testdata/optimize_gd_ref.json", "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")
    lg = out["logistic"]
    print("logistic: |w_trust - w_bfgs| =", np.linalg.norm(np.subtract(lg["wstar"], lg["wstar_bfgs"])),
          " |w_trust - w_sklearn| =", np.linalg.norm(np.subtract(lg["wstar"], lg["wstar_sklearn"])),
          " grad =", lg["gradnorm_at_wstar"])
    print("rosenbrock xstar", out["rosenbrock"]["xstar"], out["rosenbrock"]["success"])


if __name__ == "__main__":
    main()
