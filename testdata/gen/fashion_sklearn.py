#!/usr/bin/python3
"""The scikit-learn side of `demo bench fashion` (docs/performance.md).

Run by hand, never by the tests:

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 \
        testdata/gen/fashion_sklearn.py --train 10000 [--methods a,b] [--dir DIR]

Two cores: OMP_NUM_THREADS=2 OPENBLAS_NUM_THREADS=2 and --jobs 2.

Each row uses the scikit-learn estimator closest to the mlnotes learner of
the same name in cmd/demo/cmd_bench.go, with the same settings; where
scikit-learn has no such estimator (Fisher's discriminant followed by the
nearest projected class mean) the row is written with numpy/scipy. Pixels
are scaled to [0, 1]; the first N training images and the whole test set
are used, as in mlnotes. One JSON object per row on stdout:
{"method", "test_accuracy", "fit_seconds", "predict_seconds",
"fit_cpu_seconds", "predict_cpu_seconds"} (CPU: time.process_time).
"""
import argparse
import gzip
import json
import os
import sys
import time

import numpy as np
import scipy.linalg
from sklearn.base import BaseEstimator
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.decomposition import PCA
from sklearn.ensemble import AdaBoostClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier


def read_idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    ndim = data[3]
    dims = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(ndim)]
    arr = np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * ndim)
    return arr.reshape(dims)


class RegularizedCovariance(BaseEstimator):
    """The 1/n covariance plus reg·I, the shared covariance of mlnotes'
    Bayes classifier (LinearDiscriminantAnalysis pools the class covariances
    with the priors, which is the pooled 1/n covariance; adding reg·I to
    each class adds it to the pool)."""

    def __init__(self, reg=0.01):
        self.reg = reg

    def fit(self, x):
        self.covariance_ = np.cov(x, rowvar=False, bias=True) + self.reg * np.eye(x.shape[1])
        return self


class Fisher:
    """Fisher's c-class discriminant as mlnotes computes it: S_B v = λ S_w v
    with S_w + ridge·I, c − 1 directions, nearest projected class mean."""

    def __init__(self, ridge):
        self.ridge = ridge

    def fit(self, x, y):
        self.classes = np.unique(y)
        means = np.array([x[y == c].mean(axis=0) for c in self.classes])
        m = x.mean(axis=0)
        d = x.shape[1]
        sw = np.zeros((d, d))
        sb = np.zeros((d, d))
        for c, mc in zip(self.classes, means):
            xc = x[y == c] - mc
            sw += xc.T @ xc
            sb += len(xc) * np.outer(mc - m, mc - m)
        sw += self.ridge * np.eye(d)
        _, v = scipy.linalg.eigh(sb, sw)
        self.w = v[:, ::-1][:, : len(self.classes) - 1]
        self.zm = means @ self.w
        return self

    def predict(self, x):
        z = x @ self.w
        d2 = ((z[:, None, :] - self.zm[None, :, :]) ** 2).sum(axis=2)
        return self.classes[d2.argmin(axis=1)]


def methods(seed, jobs=1):
    """The rows; jobs is n_jobs of the estimators that take it (the forest
    and k-NN). BLAS threads follow OMP_NUM_THREADS / OPENBLAS_NUM_THREADS."""
    return {
        "gauss-bayes": lambda: LinearDiscriminantAnalysis(solver="lsqr", covariance_estimator=RegularizedCovariance(0.01)),
        "fisher": lambda: Fisher(1e-3),
        "logreg": lambda: LogisticRegression(C=1.0, multi_class="multinomial", solver="lbfgs", tol=1e-4, max_iter=2000),
        "knn": lambda: KNeighborsClassifier(n_neighbors=5, algorithm="brute", n_jobs=jobs),
        "tree": lambda: DecisionTreeClassifier(random_state=seed),
        "forest": lambda: RandomForestClassifier(n_estimators=100, max_features="sqrt", random_state=seed, n_jobs=jobs),
        "adaboost": lambda: AdaBoostClassifier(DecisionTreeClassifier(max_depth=3), n_estimators=100, algorithm="SAMME", random_state=seed),
        "mlp": lambda: MLPClassifier(hidden_layer_sizes=(256,), activation="relu", solver="adam", learning_rate_init=1e-3,
                                     batch_size=128, max_iter=20, alpha=1e-4, random_state=seed),
        "svm-linear": lambda: SVC(kernel="linear", C=1.0, tol=1e-3),
        "svm-rbf": lambda: SVC(kernel="rbf", gamma="scale", C=1.0, tol=1e-3),
        "pca-svm": lambda: make_pipeline(PCA(50), SVC(kernel="rbf", gamma="scale", C=1.0, tol=1e-3)),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="/usr/share/datasets/fashion-mnist")
    ap.add_argument("--train", type=int, default=0)
    ap.add_argument("--methods", default="")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="n_jobs of the forest and k-NN (two cores: 2, with OMP_NUM_THREADS=2)")
    a = ap.parse_args()
    xtr = read_idx(os.path.join(a.dir, "train-images-idx3-ubyte.gz")).reshape(-1, 784) / 255.0
    ytr = read_idx(os.path.join(a.dir, "train-labels-idx1-ubyte.gz")).astype(int)
    xte = read_idx(os.path.join(a.dir, "t10k-images-idx3-ubyte.gz")).reshape(-1, 784) / 255.0
    yte = read_idx(os.path.join(a.dir, "t10k-labels-idx1-ubyte.gz")).astype(int)
    if a.train:
        xtr, ytr = xtr[: a.train], ytr[: a.train]
    table = methods(a.seed, a.jobs)
    names = a.methods.split(",") if a.methods else list(table)
    for name in names:
        est = table[name]()
        t0, c0 = time.perf_counter(), time.process_time()
        est.fit(xtr, ytr)
        fit, fit_cpu = time.perf_counter() - t0, time.process_time() - c0
        t0, c0 = time.perf_counter(), time.process_time()
        pred = est.predict(xte)
        predict, predict_cpu = time.perf_counter() - t0, time.process_time() - c0
        acc = float((pred == yte).mean())
        print(json.dumps({"method": name, "test_accuracy": acc, "fit_seconds": fit, "predict_seconds": predict,
                          "fit_cpu_seconds": fit_cpu, "predict_cpu_seconds": predict_cpu}))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
