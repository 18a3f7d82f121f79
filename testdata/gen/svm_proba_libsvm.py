#!/usr/bin/python3
"""LIBSVM's probability estimates (svm-train -b 1, svm-predict -b 1) on real
data, for learn/svm_proba_test.go.

Writes, under testdata/svm_libsvm/:
  wine_std.csv   wine (178x13, label `cultivar`), every feature standardized
                 with the population sigma and rounded to 8 significant
                 digits, as svm_libsvm_datasets.py does for iris and
                 breast_cancer (whose *_std.csv files this script reads).
  proba.json     one entry per run, holding
      command      the svm-train command (the data file is a LIBSVM-format
                   copy of the CSV named in `data`)
      predict      the svm-predict command
      classes      LIBSVM's label order (first appearance in the data)
      gamma        the kernel's gamma as the model file holds it: this build
                   of svm-train keeps -g in single precision (1/13 becomes
                   0.07692307978868484), and trains and predicts with that
      machines     per pair (i, j), i < j in that order: pair, rho, the
                   0-based support rows and coefficients (%.17g from the
                   model file), probA and probB (the sigmoid
                   1/(1 + exp(A f + B)) of the positive side, label i),
                   and cv_rows: the pair's training rows in the order of
                   LIBSVM's cross-validation shuffle (fold k = positions
                   k*l//5 to (k+1)*l//5), replayed with glibc's rand() (see
                   libsvm_folds), so that a test can use LIBSVM's folds
      proba        what svm-predict -b 1 printed for every training row, the
                   columns in the order of `classes` (%g, 6 digits)
      predictions  its predicted labels (the arg-max of the probabilities)
  and one entry "sigmoid": 200 synthetic decision values and labels (numpy
  seed 7) with the minimizer (A, B) of Platt's smoothed-target
  log-likelihood found by scipy.optimize.minimize (BFGS, gtol 1e-12), an
  independent check of the Newton method.

Run from the repository root:  /usr/bin/python3 testdata/gen/svm_proba_libsvm.py
Needs numpy 1.24.2, scipy 1.10.1 and Debian's libsvm-tools 3.24 (svm-train,
svm-predict). LIBSVM's cross-validation inside -b 1 shuffles with rand()
unseeded, so svm-train gives the same numbers at every run on this build.
"""
import ctypes
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from scipy.optimize import minimize

sys.path.insert(0, os.path.dirname(__file__))
from svm_libsvm_datasets import load, read_multiclass_model, standardize, train, write_csv  # noqa: E402

OUT = "testdata/svm_libsvm"


def read_std(name):
    with open(f"{OUT}/{name}") as f:
        f.readline()
    d = np.loadtxt(f"{OUT}/{name}", delimiter=",", skiprows=1)
    return d[:, :-1], d[:, -1]


def libsvm_folds(y, labels):
    """The cross-validation orders of svm-train -b 1, replayed: LIBSVM
    groups the rows by class in label order (each class in file order), and
    for every pair (i, j), i < j, shuffles the pair's rows (class i first)
    with glibc's rand(), never seeded (so seeded with 1), as
    svm_binary_svc_probability does: j = i + rand() % (l - i), swap. The
    pairs are trained in order, so the rand() calls follow one another.
    Returns, per pair, the training rows in the shuffled order; fold k is
    positions k*l//5 to (k+1)*l//5."""
    libc = ctypes.CDLL("libc.so.6")
    libc.srand(1)
    groups = [[r for r in range(len(y)) if y[r] == lab] for lab in labels]
    out = []
    for i in range(len(labels)):
        for j in range(i + 1, len(labels)):
            rows = groups[i] + groups[j]
            n = len(rows)
            perm = list(range(n))
            for t in range(n):
                u = t + libc.rand() % (n - t)
                perm[t], perm[u] = perm[u], perm[t]
            out.append([rows[t] for t in perm])
    return out


def run(tmp, name, csv, x, y, svm_type, kind, params, kparams):
    data, _, cmd, _ = train(tmp, name, x, y, svm_type, kind, params, kparams, extra=["-b", "1"])
    header, labels, pairs = read_multiclass_model(data + ".model", x)
    proba_a = [float(v) for v in header["probA"].split()]
    proba_b = [float(v) for v in header["probB"].split()]
    folds = libsvm_folds(y, labels)
    machines = []
    for p, (i, j, rho, beta) in enumerate(pairs):
        support = [int(t) for t in np.nonzero(beta)[0]]
        machines.append({"pair": [labels[i], labels[j]], "rho": rho, "support": support,
                         "coef": [float(beta[t]) for t in support], "probA": proba_a[p], "probB": proba_b[p],
                         "cv_rows": folds[p]})
    pcmd = ["svm-predict", "-b", "1", data, data + ".model", data + ".pred"]
    subprocess.run(pcmd, capture_output=True, check=True)
    out = open(data + ".pred").read().splitlines()
    order = [int(v) for v in out[0].split()[1:]]
    assert order == labels
    pred, proba = [], []
    for line in out[1:]:
        parts = line.split()
        pred.append(int(float(parts[0])))
        proba.append([float(v) for v in parts[1:]])
    entry = {"data": csv, "command": " ".join(cmd[:-2]) + " DATA", "predict": "svm-predict -b 1 DATA DATA.model OUT",
             "classes": labels, "machines": machines, "proba": proba, "predictions": pred}
    if "gamma" in header:
        entry["gamma"] = float(header["gamma"])
    return entry


def platt_reference():
    rng = np.random.default_rng(7)
    n = 200
    y = np.where(rng.random(n) < 0.4, 1.0, -1.0)
    f = 1.3 * y + rng.normal(0, 1.2, n)
    npos, nneg = (y > 0).sum(), (y < 0).sum()
    t = np.where(y > 0, (npos + 1.0) / (npos + 2.0), 1.0 / (nneg + 2.0))

    def loss(ab):
        z = ab[0] * f + ab[1]
        # -sum t log p + (1 - t) log(1 - p), p = 1/(1 + exp(z))
        return np.sum(t * z + np.logaddexp(0, -z))

    def grad(ab):
        z = ab[0] * f + ab[1]
        p = 1 / (1 + np.exp(z))
        return np.array([np.sum(f * (t - p)), np.sum(t - p)])

    res = minimize(loss, [0.0, np.log((nneg + 1.0) / (npos + 1.0))], jac=grad, method="BFGS",
                   options={"gtol": 1e-12, "maxiter": 10000})
    return {"decision": [float(v) for v in f], "labels": [int(v) for v in y],
            "A": float(res.x[0]), "B": float(res.x[1]), "gradient": [float(v) for v in grad(res.x)]}


def main():
    tmp = tempfile.mkdtemp()
    h, x, y = load("wine")
    xw = standardize(x)
    write_csv(f"{OUT}/wine_std.csv", h, xw, y, True)
    xw, yw = read_std("wine_std.csv")
    xi, yi = read_std("iris_std.csv")
    xb, yb = read_std("breast_cancer_std.csv")
    refs = {"provenance": "LIBSVM 3.24 svm-train -b 1 and svm-predict -b 1 (Debian libsvm-tools 3.24+ds-6); "
                          "numpy 1.24.2, scipy 1.10.1; testdata/gen/svm_proba_libsvm.py"}
    refs["iris_c_rbf"] = run(tmp, "iris_c_rbf", "iris_std.csv", xi, yi, 0, "rbf", {"-c": 1.0}, {"-g": 0.5})
    refs["iris_nu_linear"] = run(tmp, "iris_nu_linear", "iris_std.csv", xi, yi, 1, "linear", {"-n": 0.3}, {})
    refs["wine_c_rbf"] = run(tmp, "wine_c_rbf", "wine_std.csv", xw, yw, 0, "rbf", {"-c": 1.0}, {"-g": 1.0 / 13})
    refs["wine_c_linear"] = run(tmp, "wine_c_linear", "wine_std.csv", xw, yw, 0, "linear", {"-c": 0.1}, {})
    refs["cancer_c_rbf"] = run(tmp, "cancer_c_rbf", "breast_cancer_std.csv", xb, yb, 0, "rbf", {"-c": 1.0}, {"-g": 1.0 / 30})
    refs["cancer_nu_poly"] = run(tmp, "cancer_nu_poly", "breast_cancer_std.csv", xb, yb, 1, "poly", {"-n": 0.2},
                                 {"-g": 1.0 / 30, "-r": 1.0, "-d": 2})
    refs["sigmoid"] = platt_reference()
    with open(f"{OUT}/proba.json", "w") as f:
        json.dump(refs, f, indent=0, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
