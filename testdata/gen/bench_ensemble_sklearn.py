#!/usr/bin/python3
"""Times scikit-learn on the data of learn's BenchmarkTree, BenchmarkForest
and BenchmarkAdaBoost (bench_ensemble_test.go): the same splitmix64 numbers.

Run: OMP_NUM_THREADS=1 /usr/bin/python3 testdata/gen/bench_ensemble_sklearn.py
Prints the median wall and CPU time of 5 runs (3 for the tree) of each fit, and
the training accuracies (a sanity check that both libraries learn the same
task).
"""
import statistics
import sys
import time

import numpy as np
from sklearn.ensemble import AdaBoostClassifier, RandomForestClassifier
from sklearn.tree import DecisionTreeClassifier

MASK = (1 << 64) - 1


def splitmix(seed, count):
    out = np.empty(count, dtype=np.uint64)
    s = seed
    for k in range(count):
        s = (s + 0x9E3779B97F4A7C15) & MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out[k] = z ^ (z >> 31)
    return out


def data(n, d):
    u = (splitmix(42, n * (d + 1)) >> np.uint64(11)).astype(np.float64) / float(1 << 53)
    u = 2 * u.reshape(n, d + 1) - 1
    x = u[:, :d]
    y = (x[:, 0] + x[:, 1] * x[:, 2] - x[:, 3] ** 2 + 0.5 * u[:, d] > 0).astype(int)
    return x, y


def median_time(fit, reps):
    """Median wall and CPU (process, all threads) seconds of reps fits."""
    ts, cs = [], []
    for _ in range(reps):
        t, c = time.perf_counter(), time.process_time()
        m = fit()
        ts.append(time.perf_counter() - t)
        cs.append(time.process_time() - c)
    return (statistics.median(ts), statistics.median(cs)), m


def fmt(tc):
    return f"wall {tc[0]:.3f} s, cpu {tc[1]:.3f} s"


x, y = data(50000, 20)
t, m = median_time(lambda: DecisionTreeClassifier(random_state=0).fit(x, y), 3)
print(f"tree 50000x20: {fmt(t)}, {m.tree_.node_count} nodes, depth {m.get_depth()}")
x, y = data(5000, 20)
for jobs in (1, 2):
    t, m = median_time(lambda: RandomForestClassifier(n_estimators=100, n_jobs=jobs, random_state=0).fit(x, y), 5)
    print(f"forest 5000x20x100 n_jobs={jobs}: {fmt(t)}, train accuracy {m.score(x, y):.4f}")
t, m = median_time(lambda: AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=200, algorithm="SAMME").fit(x, y), 5)
print(f"adaboost 5000x20x200 (SAMME, Gini stumps): {fmt(t)}, train accuracy {m.score(x, y):.4f}")
sys.stdout.flush()
