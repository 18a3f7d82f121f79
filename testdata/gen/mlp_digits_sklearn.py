"""Reference accuracies of scikit-learn's MLPClassifier on the digits.

Run by hand with Debian's python3 (python3-sklearn 1.2.1):

    OMP_NUM_THREADS=1 /usr/bin/python3 testdata/gen/mlp_digits_sklearn.py > testdata/mlp_digits_reference.json

Data: testdata/digits.csv, pixels divided by 16; every fourth row (0-based
index i with i % 4 == 0) is the test set (450 rows), the others train (1347).
Network: one hidden layer of 64 ReLU units, softmax output, cross-entropy,
alpha = 0 (no weight decay), batch 32, a fixed number of epochs (tol = 0 and
n_iter_no_change larger than the epochs, so that every run makes them all),
for the optimizers Adam (lr 0.001) and SGD with heavy-ball momentum 0.9
(lr 0.01, constant rate, no Nesterov). Five seeds each; the test of mlnotes
compares its mean accuracy with the mean here.
"""
import json
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.neural_network import MLPClassifier

warnings.simplefilter("ignore", ConvergenceWarning)

data = np.loadtxt("testdata/digits.csv", delimiter=",", skiprows=1)
X, y = data[:, :-1] / 16.0, data[:, -1].astype(int)
test = np.arange(len(y)) % 4 == 0
EPOCHS = 30
out = {"epochs": EPOCHS, "hidden": [64], "batch": 32, "n_train": int((~test).sum()), "n_test": int(test.sum()), "runs": {}}
for name, kw in {
    "adam": dict(solver="adam", learning_rate_init=0.001),
    "momentum": dict(solver="sgd", learning_rate_init=0.01, momentum=0.9, nesterovs_momentum=False, learning_rate="constant"),
}.items():
    accs = []
    for seed in range(5):
        clf = MLPClassifier(hidden_layer_sizes=(64,), activation="relu", alpha=0.0, batch_size=32,
                            max_iter=EPOCHS, tol=0.0, n_iter_no_change=10 * EPOCHS, shuffle=True,
                            random_state=seed, **kw)
        clf.fit(X[~test], y[~test])
        accs.append(float(clf.score(X[test], y[test])))
    out["runs"][name] = {"test_accuracy": accs, "mean": float(np.mean(accs))}
print(json.dumps(out, indent=1))
