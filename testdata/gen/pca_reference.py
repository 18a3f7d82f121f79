"""Reference values for learn/pca_test.go, computed independently with
scikit-learn's PCA (LAPACK SVD underneath).

Run with Debian's python3 (python3-sklearn 1.2.1, numpy 1.24):
    /usr/bin/python3 testdata/gen/pca_reference.py > testdata/pca_reference.json
"""
import json, sklearn, numpy as np
from sklearn.decomposition import PCA

out = {"provenance": "scikit-learn %s PCA(svd_solver='full'), numpy %s; explained_variance_ uses 1/(n-1)" % (sklearn.__version__, np.__version__)}
for name in ["iris", "wine"]:
    d = np.loadtxt("testdata/%s.csv" % name, delimiter=",", skiprows=1)[:, :-1]
    p = PCA(svd_solver="full").fit(d)
    comps = p.components_.copy()
    for r in comps:  # sign rule: largest-magnitude entry positive
        if r[np.argmax(np.abs(r))] < 0:
            r *= -1
    out[name] = {"explained_variance_sample": p.explained_variance_.tolist(),
                 "explained_variance_ratio": p.explained_variance_ratio_.tolist(),
                 "components": comps.tolist()}
print(json.dumps(out, indent=1))
