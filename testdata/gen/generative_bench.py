#!/usr/bin/python3
"""The scipy / scikit-learn side of BenchmarkKDE and BenchmarkGMM
(docs/performance.md, "Generative models").

Run with one thread: OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 testdata/gen/generative_bench.py
Data of the same sizes and distribution as learn/bench_generative_test.go
(points around 5 centers; the cost of both methods does not depend on the
values, only on the sizes and, for EM, on the number of iterations, fixed
at 50 here and there). Prints one JSON object per measurement, the median
of the repetitions after a warm-up.
"""
import json
import warnings
import statistics
import time

import numpy as np
from scipy import stats
from sklearn.mixture import GaussianMixture

warnings.simplefilter("ignore")  # "did not converge": 50 iterations are forced


def data(seed, n, d, k, spread):
    rng = np.random.default_rng(seed)
    centers = spread * rng.normal(size=(k, d))
    return centers[np.arange(n) % k] + rng.normal(size=(n, d))


def median_time(f, reps):
    """Median wall and CPU (process) seconds of reps calls after a warm-up:
    on a loaded machine the CPU time is the steadier figure."""
    f()
    wall, cpu = [], []
    for _ in range(reps):
        t, c = time.perf_counter(), time.process_time()
        f()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return {"seconds": statistics.median(wall), "cpu_seconds": statistics.median(cpu)}


x = data(1, 10000, 10, 5, 0.5)
q = data(2, 10000, 10, 5, 0.5)
# gaussian_kde with a scalar bandwidth factor is the same estimate as
# mlnotes' isotropic one up to the kernel's covariance (full data
# covariance in scipy): the same number of kernel terms, n·m = 10^8.
kde = stats.gaussian_kde(x.T)
print(json.dumps({"op": "kde_logpdf", "shape": "10000x10000x10", "tool": "scipy.stats.gaussian_kde.logpdf",
                  "threads": 1, **median_time(lambda: kde.logpdf(q.T), 3)}))
print(json.dumps({"op": "kde_evaluate", "shape": "10000x10000x10", "tool": "scipy.stats.gaussian_kde.evaluate",
                  "threads": 1, **median_time(lambda: kde.evaluate(q.T), 3)}))

xg = data(3, 10000, 10, 5, 0.5)


def fit():
    g = GaussianMixture(n_components=5, covariance_type="full", max_iter=50, tol=0, reg_covar=1e-6,
                        init_params="k-means++", random_state=0).fit(xg)
    assert g.n_iter_ == 50, g.n_iter_


print(json.dumps({"op": "gmm_fit", "shape": "10000x10k5", "tool": "sklearn GaussianMixture(full, k-means++, 50 iterations)",
                  "threads": 1, **median_time(fit, 5)}))
