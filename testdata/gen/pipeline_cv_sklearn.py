"""Cross-validation of preprocessing pipelines by scikit-learn, the reference
of learn/pipeline_cv_test.go (issue 24): the fold scores of
Pipeline([StandardScaler(), (PCA(k)), learner]) on explicit folds, every
transformer refitted inside each training part.

Run from the repository root with Debian's python3 (python3-sklearn 1.2.1,
numpy 1.24.2):
    /usr/bin/python3 testdata/gen/pipeline_cv_sklearn.py > testdata/pipeline_cv_reference.json

Conventions (the Go test sets the same):
- folds: K = 5 parts, rho[i] = perm[i] mod 5 with perm a permutation of
  0..n-1 drawn by numpy.random.RandomState(seed) (seed 1 iris, 2 wine,
  3 diabetes); written out in the file, used through PredefinedSplit.
- StandardScaler: divisor n, a constant column left unscaled (both sides).
- PCA(n_components=k, svd_solver='full'): the sign of a component does not
  change any of these learners' predictions.
- knn: KNeighborsClassifier / KNeighborsRegressor(n_neighbors=k), uniform
  weights, Euclidean distance, algorithm='brute'.
- svm: SVC(C, kernel='rbf', gamma=g, tol=1e-3), one-vs-one (LIBSVM).
- logreg: LogisticRegression(C = 1/lambda, solver='lbfgs', tol=1e-10,
  max_iter=100000), multinomial for more than two classes; mlnotes minimizes
  the same objective with lambda.
- ridge: Ridge(alpha = lambda), intercept not penalized.
- scores: accuracy of each part for classifiers; the mean squared error of
  each part for regressors (the negation of neg_mean_squared_error).
- grids: GridSearchCV of the same pipelines on the same folds; candidates in
  ParameterGrid's order (keys sorted, the last varying fastest), their
  mean_test_score (MSE positive) and best_index_ (the first best).
"""
import json
import sys

import numpy as np
from sklearn.decomposition import PCA
from sklearn.linear_model import LogisticRegression, Ridge
from sklearn.model_selection import GridSearchCV, PredefinedSplit, cross_val_score
from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

DATA = {"iris": 1, "wine": 2, "diabetes": 3}


def load(name):
    a = np.loadtxt("testdata/%s.csv" % name, delimiter=",", skiprows=1)
    return a[:, :-1], a[:, -1]


def learner(kind, p):
    if kind == "knn":
        return KNeighborsClassifier(n_neighbors=p["k"], algorithm="brute")
    if kind == "knn-regressor":
        return KNeighborsRegressor(n_neighbors=p["k"], algorithm="brute")
    if kind == "svm":
        return SVC(C=p["C"], kernel="rbf", gamma=p["gamma"], tol=1e-3)
    if kind == "logreg":
        return LogisticRegression(C=1 / p["lambda"], solver="lbfgs", tol=1e-10, max_iter=100000)
    if kind == "ridge":
        return Ridge(alpha=p["lambda"])
    raise ValueError(kind)


CASES = [
    ("iris", "knn", {"k": 5}), ("iris", "svm", {"C": 1, "gamma": 0.5}),
    ("iris", "logreg", {"lambda": 1}),
    ("wine", "knn", {"k": 7}), ("wine", "svm", {"C": 10, "gamma": 0.1}),
    ("wine", "logreg", {"lambda": 0.5}),
    ("diabetes", "ridge", {"lambda": 1}), ("diabetes", "knn-regressor", {"k": 9}),
]
GRIDS = [
    ("wine", "svm", {"C": [0.1, 1, 10, 100], "gamma": [0.01, 0.1, 1]}),
    ("iris", "logreg", {"lambda": [0.01, 0.1, 1, 10]}),
    ("diabetes", "ridge", {"lambda": [0.1, 1, 10, 100]}),
]
PCA_K = {"iris": 2, "wine": 3, "diabetes": 5}


def main():
    out = {"folds": {}, "cases": []}
    for name, seed in DATA.items():
        x, _ = load(name)
        perm = np.random.RandomState(seed).permutation(len(x))
        out["folds"][name] = [int(v) for v in perm % 5]
    for name, kind, p in CASES:
        x, y = load(name)
        rho = np.array(out["folds"][name])
        regression = kind in ("ridge", "knn-regressor")
        if not regression:
            y = y.astype(int)
        for k in (0, PCA_K[name]):
            steps = [StandardScaler()] + ([PCA(n_components=k, svd_solver="full")] if k else [])
            pipe = make_pipeline(*steps, learner(kind, p))
            scoring = "neg_mean_squared_error" if regression else "accuracy"
            s = cross_val_score(pipe, x, y, cv=PredefinedSplit(rho), scoring=scoring)
            if regression:
                s = -s
            out["cases"].append({"data": name, "learner": kind, "params": p, "pca": k,
                                 "scores": [float(v) for v in s]})
    out["grids"] = []
    for name, kind, grid in GRIDS:
        x, y = load(name)
        rho = np.array(out["folds"][name])
        regression = kind == "ridge"
        if not regression:
            y = y.astype(int)
        for k in (0, PCA_K[name]):
            steps = [StandardScaler()] + ([PCA(n_components=k, svd_solver="full")] if k else [])
            base = {"svm": {"C": 1, "gamma": 1}, "logreg": {"lambda": 1}, "ridge": {"lambda": 1}}[kind]
            pipe = make_pipeline(*steps, learner(kind, base))
            last = pipe.steps[-1][0]
            sk = {"C": "C", "gamma": "gamma", "lambda": "C" if kind == "logreg" else "alpha"}
            conv = (lambda p, v: 1 / v) if kind == "logreg" else (lambda p, v: v)
            pgrid = {last + "__" + sk[p]: [conv(p, v) for v in vs] for p, vs in grid.items()}
            scoring = "neg_mean_squared_error" if regression else "accuracy"
            g = GridSearchCV(pipe, pgrid, cv=PredefinedSplit(rho), scoring=scoring, refit=False)
            g.fit(x, y)
            inv = {last + "__" + sk[p]: p for p in grid}
            cands = []
            for c in g.cv_results_["params"]:
                cands.append({inv[key]: (conv(None, v) if kind == "logreg" else v) for key, v in c.items()})
            means = g.cv_results_["mean_test_score"]
            if regression:
                means = -means
            out["grids"].append({"data": name, "learner": kind, "pca": k, "candidates": cands,
                                 "means": [float(v) for v in means], "best": int(g.best_index_)})
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()
