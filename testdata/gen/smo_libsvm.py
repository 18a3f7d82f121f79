#!/usr/bin/python3
"""Reference solutions of SVM duals from LIBSVM's svm-train, for the SMO tests.

Writes, under testdata/smo/:
  svc.libsvm, svr.libsvm       the data sets (values printed with repr, exact)
  libsvm_reference.json        one entry per svm-train run: the command, what
                               svm-train printed (#iter, obj, rho, nSV, nBSV),
                               and the dual solution alpha in the variables of
                               optimize.QP (see docs/smo.md, "From the SVMs to
                               the QP"), recovered from the model file.

Run from the repository root:  /usr/bin/python3 testdata/gen/smo_libsvm.py
Needs numpy and Debian's libsvm-tools (svm-train).
"""
import json
import os
import re
import subprocess
import tempfile

import numpy as np

OUT = "testdata/smo"


def write_libsvm(path, x, y):
    with open(path, "w") as f:
        for xi, yi in zip(x, y):
            feats = " ".join(f"{k + 1}:{repr(float(v))}" for k, v in enumerate(xi))
            f.write(f"{repr(float(yi))} {feats}\n")


def read_model(path, nfeat):
    """Returns rho and the list of (coefficient, feature vector) of the SVs."""
    with open(path) as f:
        lines = f.read().splitlines()
    header = {}
    k = 0
    while lines[k] != "SV":
        key, _, val = lines[k].partition(" ")
        header[key] = val
        k += 1
    svs = []
    for line in lines[k + 1:]:
        parts = line.split()
        coef = float(parts[0])
        v = np.zeros(nfeat)
        for kv in parts[1:]:
            i, val = kv.split(":")
            v[int(i) - 1] = float(val)
        svs.append((coef, v))
    return header, svs


def coefficients(x, svs):
    """Maps each SV back to its training row (the model prints %.8g values)."""
    coef = np.zeros(len(x))
    for c, v in svs:
        d = np.abs(x - v).max(axis=1)
        i = int(np.argmin(d))
        assert d[i] <= 1e-7 * max(1.0, np.abs(v).max()), "SV not found in the data"
        assert coef[i] == 0, "two SVs map to one row"
        coef[i] = c
    return coef


def run(name, data, x, y, args, kind):
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "model")
        cmd = ["svm-train"] + args + [data, model]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        header, svs = read_model(model, x.shape[1])
    it = int(re.search(r"#iter = (\d+)", out).group(1))
    obj = float(re.search(r"obj = (\S+),", out).group(1))
    rho = float(re.search(r"rho = (\S+)", out).group(1))
    nsv = int(re.search(r"nSV = (\d+)", out).group(1))
    nbsv = int(re.search(r"nBSV = (\d+)", out).group(1))
    coef = coefficients(x, svs)
    n = len(x)
    if kind == "svc":
        alpha = np.abs(coef)  # coef = y_i alpha_i
    elif kind == "nusvc":
        # LIBSVM solves with 0 <= alpha <= 1, sum(alpha) = nu*n, then divides
        # alpha by r, so the variables at the bound 1 have |coef| = 1/r, the
        # largest; dividing by it restores them exactly (needs nBSV > 0).
        assert nbsv > 0
        alpha = np.abs(coef) / np.abs(coef).max()
    else:  # svr, nusvr: alpha_i - alpha*_i = coef_i, alpha_i alpha*_i = 0
        alpha = np.concatenate([np.maximum(coef, 0), np.maximum(-coef, 0)])
    return {
        "name": name, "data": os.path.basename(data), "kind": kind,
        "command": " ".join(["svm-train"] + args + [os.path.basename(data), "MODEL"]),
        "iterations": it, "objective_printed": obj, "rho_model": float(header["rho"]),
        "rho_printed": rho, "nSV": nsv, "nBSV": nbsv,
        "alpha": [float(a) for a in alpha],
    }


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20050101)
    # Two overlapping Gaussian clouds in 3-D; the first row has label +1,
    # so LIBSVM's internal y equals the label.
    n = 80
    y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    x = rng.standard_normal((n, 3))
    x[:, 0] += 0.8 * y
    svc = os.path.join(OUT, "svc.libsvm")
    write_libsvm(svc, x, y)
    # A noisy sine on [0, 2 pi].
    m = 60
    t = np.sort(rng.uniform(0, 2 * np.pi, m)).reshape(-1, 1)
    z = np.sin(t[:, 0]) + 0.1 * rng.standard_normal(m)
    svr = os.path.join(OUT, "svr.libsvm")
    write_libsvm(svr, t, z)

    e = ["-e", "1e-6", "-m", "100"]
    runs = [
        run("csvc_rbf_C1", svc, x, y, ["-s", "0", "-t", "2", "-g", "0.5", "-c", "1"] + e, "svc"),
        run("csvc_rbf_C100", svc, x, y, ["-s", "0", "-t", "2", "-g", "0.5", "-c", "100"] + e, "svc"),
        run("csvc_linear_C1", svc, x, y, ["-s", "0", "-t", "0", "-c", "1"] + e, "svc"),
        run("nusvc_rbf_nu0.3", svc, x, y, ["-s", "1", "-t", "2", "-g", "0.5", "-n", "0.3"] + e, "nusvc"),
        run("epssvr_rbf", svr, t, z, ["-s", "3", "-t", "2", "-g", "1", "-c", "10", "-p", "0.1"] + e, "svr"),
        run("nusvr_rbf", svr, t, z, ["-s", "4", "-t", "2", "-g", "1", "-c", "10", "-n", "0.4"] + e, "nusvr"),
    ]
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libsvm-tools"],
                             capture_output=True, text=True).stdout
    doc = {
        "provenance": ("svm-train from Debian libsvm-tools " + version +
                       ", run by testdata/gen/smo_libsvm.py with numpy " + np.__version__ +
                       "; alpha recovered from the model file (coefficients printed with %.17g)"),
        "runs": runs,
    }
    with open(os.path.join(OUT, "libsvm_reference.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
