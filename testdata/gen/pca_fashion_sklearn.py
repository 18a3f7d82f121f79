"""Timing anchor for issue 6 (docs/performance.md, "PCA and kernel PCA"):
scikit-learn's PCA(50, svd_solver='full') on Fashion-MNIST's 60 000 training
images, reading time included, to compare with

    demo pca -k 50 -idx /usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz

Run with Debian's python3 (python3-sklearn 1.2.1, numpy 1.24, OpenBLAS):
    /usr/bin/python3 testdata/gen/pca_fashion_sklearn.py [FILE]
It prints the wall times of reading, fitting and projecting, and the first
eigenvalues with the 1/n convention (to check that both programs computed the
same thing).
"""
import gzip, struct, sys, time

t0 = time.perf_counter()
import numpy as np
from sklearn.decomposition import PCA

path = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz"
with gzip.open(path, "rb") as f:
    magic, n, rows, cols = struct.unpack(">IIII", f.read(16))
    assert magic == 2051, magic
    x = np.frombuffer(f.read(n * rows * cols), dtype=np.uint8).reshape(n, rows * cols).astype(np.float64)
t1 = time.perf_counter()
p = PCA(50, svd_solver="full")
y = p.fit_transform(x)
t2 = time.perf_counter()
xh = p.inverse_transform(y)
mse = ((x - xh) ** 2).sum() / n
t3 = time.perf_counter()
lam = p.explained_variance_ * (n - 1) / n
print("read %.2f s, fit+transform %.2f s, reconstruction %.2f s, total %.2f s (imports included)" % (t1 - t0, t2 - t1, t3 - t2, t3 - t0))
print("eigenvalues (1/n) %s" % np.array2string(lam[:5], precision=6))
print("reconstruction mse %.6f" % mse)
