"""Time one epoch of scikit-learn's MLPClassifier, for docs/performance.md.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 testdata/gen/mlp_bench_sklearn.py

The two cases of learn's BenchmarkMLP: digits-64 (the 1797 digits of
testdata/digits.csv divided by 16, one hidden layer of 64 ReLU units) and
784-256-10 (10000 synthetic images of 784 pixels in [0, 1], ten classes, one
hidden layer of 256 ReLU units); Adam, lr 0.001, batch 32, alpha 0, one
epoch (max_iter=1), the fit call timed whole. Prints the median of the runs,
wall clock and process CPU time (with its range). Optional arguments: the
case (digits-64 or 784-256-10; both by default) and the number of runs.
"""
import sys
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.neural_network import MLPClassifier

warnings.simplefilter("ignore", ConvergenceWarning)

data = np.loadtxt("testdata/digits.csv", delimiter=",", skiprows=1)
digits, y = data[:, :-1] / 16.0, data[:, -1].astype(int)
rng = np.random.default_rng(1)
images = rng.random((10000, 784))
classes = rng.integers(0, 10, 10000)
for k in range(10):
    images[classes == k, k * 78:(k + 1) * 78] = np.minimum(1, images[classes == k, k * 78:(k + 1) * 78] + 0.3)

for name, X, t, hidden, runs in [("digits-64", digits, y, 64, 15), ("784-256-10", images, classes, 256, 5)]:
    if sys.argv[1:2] and sys.argv[1] != name:
        continue
    if len(sys.argv) > 2:
        runs = int(sys.argv[2])
    times, cpu = [], []
    for r in range(runs):
        clf = MLPClassifier(hidden_layer_sizes=(hidden,), activation="relu", solver="adam", alpha=0.0,
                            batch_size=32, learning_rate_init=0.001, max_iter=1, random_state=r)
        t0, c0 = time.perf_counter(), time.process_time()
        clf.fit(X, t)
        cpu.append(time.process_time() - c0)
        times.append(time.perf_counter() - t0)
    print(f"{name}: median {np.median(times) * 1e3:.1f} ms over {runs} runs (min {min(times) * 1e3:.1f}), "
          f"CPU median {np.median(cpu) * 1e3:.1f} ms (range {min(cpu) * 1e3:.1f}-{max(cpu) * 1e3:.1f})")
