#!/usr/bin/python3
"""Reference values for learn's assessment, tree and ensemble tests.

Run with Debian's /usr/bin/python3 (scikit-learn 1.2.1, numpy 1.24.2) from
the repository root:  /usr/bin/python3 testdata/gen/ensemble_reference.py
It writes testdata/ensemble_reference.json.

Data sets: a synthetic classification set whose values are float32 numbers
(scikit-learn's trees work in float32; with float32-exact inputs both
libraries see the same numbers and the same midpoints), and the diabetes
and breast-cancer files of testdata/. New entries are appended at the end,
so that the random draws of the earlier ones do not change.
"""
import json
import numpy as np
from sklearn.model_selection import PredefinedSplit, cross_val_score
from sklearn.linear_model import Ridge
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor, AdaBoostClassifier, BaggingClassifier

rng = np.random.default_rng(20261124)


def load(name):
    a = np.loadtxt("testdata/" + name, delimiter=",", skiprows=1)
    return a[:, :-1], a[:, -1]


def synthetic(n, d, k):
    """Continuous float32-exact features, labels from a noisy nonlinear rule."""
    x = rng.normal(size=(n, d)).astype(np.float32).astype(np.float64)
    s = x[:, 0] + 0.8 * x[:, 1] * x[:, 2] - 0.5 * x[:, 3] ** 2 + 0.7 * rng.normal(size=n)
    qs = np.quantile(s, np.linspace(0, 1, k + 1)[1:-1])
    y = np.searchsorted(qs, s)
    return x, y.astype(int)


def tie_free(make, x, y):
    """True if the fitted tree does not depend on scikit-learn's random
    feature order, i.e. no two candidate splits tied along the way."""
    base = make(0).fit(x, y).tree_
    for rs in range(1, 40):
        t = make(rs).fit(x, y).tree_
        if (t.node_count != base.node_count or (t.feature != base.feature).any()
                or (t.threshold != base.threshold).any()):
            return False
    return True


def folds(n, k):
    perm = rng.permutation(n)
    rho = np.empty(n, dtype=int)
    rho[perm] = np.arange(n) % k
    return rho


out = {}

# Cross-validation with a fixed fold assignment.
xd, yd = load("diabetes.csv")
rho = folds(len(yd), 5)
ridge = cross_val_score(Ridge(alpha=0.5), xd, yd, cv=PredefinedSplit(rho), scoring="neg_mean_squared_error")
out["cv_ridge_diabetes"] = {"alpha": 0.5, "folds": rho.tolist(), "fold_mse": (-ridge).tolist()}

xb, yb = load("breast_cancer.csv")
rho = folds(len(yb), 5)
knn = cross_val_score(KNeighborsClassifier(n_neighbors=5), xb, yb, cv=PredefinedSplit(rho))
out["cv_knn_breast_cancer"] = {"k": 5, "folds": rho.tolist(), "fold_accuracy": knn.tolist()}

xs, ys = synthetic(2500, 6, 3)
xtr, ytr, xte, yte = xs[:2000], ys[:2000], xs[2000:], ys[2000:]
out["synthetic"] = {"x_train": xtr.tolist(), "y_train": ytr.tolist(), "x_test": xte.tolist(), "y_test": yte.tolist()}
rho = folds(2000, 4)
for f in range(4):
    m = rho != f
    assert tie_free(lambda rs: DecisionTreeClassifier(max_depth=3, random_state=rs), xtr[m], ytr[m])
tree_cv = cross_val_score(DecisionTreeClassifier(max_depth=3, random_state=0), xtr, ytr, cv=PredefinedSplit(rho))
out["cv_tree_synthetic"] = {"max_depth": 3, "folds": rho.tolist(), "fold_accuracy": tree_cv.tolist()}

# Depth-limited trees: structure, root split and test predictions.
trees = []
for crit in ["gini", "entropy"]:
    for depth, min_split, min_leaf in [(1, 2, 1), (2, 2, 1), (3, 2, 1), (4, 2, 1), (4, 10, 4), (5, 20, 8), (6, 40, 15)]:
        def make(rs):
            return DecisionTreeClassifier(criterion=crit, max_depth=depth, min_samples_split=min_split,
                                          min_samples_leaf=min_leaf, random_state=rs)
        if not tie_free(make, xtr, ytr):
            print("skipped (ties):", crit, depth, min_split, min_leaf)
            continue
        t = make(0).fit(xtr, ytr)
        tr = t.tree_
        trees.append({
            "criterion": crit, "max_depth": depth, "min_samples_split": min_split, "min_samples_leaf": min_leaf,
            "nodes": int(tr.node_count), "leaves": int(t.get_n_leaves()), "depth": int(t.get_depth()),
            "root_feature": int(tr.feature[0]), "root_threshold": float(tr.threshold[0]),
            "importances": t.feature_importances_.tolist(),
            "predictions": t.predict(xte).astype(int).tolist(),
        })
out["trees"] = trees

# A regression tree on the synthetic features with a continuous target.
yr = (xs[:, 0] + np.sin(2 * xs[:, 1]) + 0.3 * rng.normal(size=len(xs)))
assert tie_free(lambda rs: DecisionTreeRegressor(max_depth=4, random_state=rs), xtr, yr[:2000])
rt = DecisionTreeRegressor(max_depth=4, random_state=0).fit(xtr, yr[:2000])
out["regression_tree"] = {"y_train": yr[:2000].tolist(), "max_depth": 4, "nodes": int(rt.tree_.node_count),
                          "root_feature": int(rt.tree_.feature[0]), "root_threshold": float(rt.tree_.threshold[0]),
                          "predictions": rt.predict(xte).tolist()}

# Ensembles: test accuracies (the Go versions must come within 2 points).
perm = rng.permutation(len(yb))
tr_idx, te_idx = perm[:400], perm[400:]
ens = {"breast_cancer_train": tr_idx.tolist(), "breast_cancer_test": te_idx.tolist()}
for name, (x1, y1, x2, y2) in {"breast_cancer": (xb[tr_idx], yb[tr_idx], xb[te_idx], yb[te_idx]),
                                "synthetic": (xtr, ytr, xte, yte)}.items():
    accs = {}
    rf = [RandomForestClassifier(n_estimators=100, random_state=s, n_jobs=1).fit(x1, y1).score(x2, y2) for s in range(5)]
    accs["forest100"] = float(np.mean(rf))
    bag = [BaggingClassifier(DecisionTreeClassifier(), n_estimators=50, random_state=s).fit(x1, y1).score(x2, y2) for s in range(5)]
    accs["bagged_trees50"] = float(np.mean(bag))
    if len(np.unique(y1)) == 2:
        ab = AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=200, algorithm="SAMME").fit(x1, y1)
        accs["adaboost_stumps200"] = float(ab.score(x2, y2))
    ens[name] = accs
out["ensembles"] = ens

# A regression forest (100 trees, all features per split) on diabetes:
# mean test MSE over 5 seeds.
perm = rng.permutation(len(yd))
tr_idx, te_idx = perm[:300], perm[300:]
mse = [np.mean((RandomForestRegressor(n_estimators=100, random_state=s, n_jobs=1).fit(xd[tr_idx], yd[tr_idx]).predict(xd[te_idx]) - yd[te_idx]) ** 2)
       for s in range(5)]
out["forest_regression"] = {"train": tr_idx.tolist(), "test": te_idx.tolist(), "mse100": float(np.mean(mse)),
                            "mse_seeds": [float(v) for v in mse]}

with open("testdata/ensemble_reference.json", "w") as f:
    json.dump(out, f, separators=(",", ":"))
print("wrote testdata/ensemble_reference.json")
