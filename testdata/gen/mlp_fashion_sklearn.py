"""scikit-learn's MLPClassifier on Fashion-MNIST, for docs/performance.md.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 testdata/gen/mlp_fashion_sklearn.py

The setting of testdata/gen/mlp_fashion (the Go side): the first 10000
training images of Debian's dataset-fashion-mnist, pixels / 255, 256 ReLU
units, Adam lr 0.001, batch 32, 10 epochs (tol = 0 so that all are run),
alpha 0, seeds 0, 1, 2; accuracy on the 10000 test images, fit time.
"""
import gzip, time, warnings
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.neural_network import MLPClassifier
warnings.simplefilter("ignore", ConvergenceWarning)
d = "/usr/share/datasets/fashion-mnist/"
def images(p):
    with gzip.open(d + p) as f: return np.frombuffer(f.read(), np.uint8, offset=16).reshape(-1, 784) / 255.0
def labels(p):
    with gzip.open(d + p) as f: return np.frombuffer(f.read(), np.uint8, offset=8).astype(int)
X, y = images("train-images-idx3-ubyte.gz")[:10000], labels("train-labels-idx1-ubyte.gz")[:10000]
Xt, yt = images("t10k-images-idx3-ubyte.gz"), labels("t10k-labels-idx1-ubyte.gz")
for seed in range(3):
    clf = MLPClassifier(hidden_layer_sizes=(256,), activation="relu", solver="adam", alpha=0.0, batch_size=32, learning_rate_init=0.001, max_iter=10, tol=0, n_iter_no_change=100, random_state=seed)
    w0, c0 = time.perf_counter(), time.process_time()
    clf.fit(X, y)
    print(f"sklearn seed {seed}: test accuracy {clf.score(Xt, yt):.4f}, fit wall {time.perf_counter()-w0:.1f}s cpu {time.process_time()-c0:.1f}s")
