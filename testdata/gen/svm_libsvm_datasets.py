#!/usr/bin/python3
"""Full-precision LIBSVM reference solutions on real data sets, for learn/svm_test.go.

Writes, under testdata/svm_libsvm/:
  iris_std.csv, breast_cancer_std.csv, diabetes_std.csv
      the data sets with every feature standardized (population standard
      deviation) and rounded to 8 significant digits, so that the support
      vectors svm-train prints with %.8g are exactly the training rows; the
      diabetes target is standardized the same way, the class labels are kept.
  reference.json
      one entry per svm-train run (33 runs: C-SVC and nu-SVC on the three
      iris pairs and on breast_cancer, eps-SVR and nu-SVR on diabetes, each
      with the linear, polynomial and Gaussian kernels, and three
      one-versus-one runs on all of iris (see run_multiclass for their
      form); all -e 1e-6 -h 1 -m 100), holding:
        args          the svm-train options
        data, classes which CSV and, for classification, the two labels
                      (first label = positive side, as LIBSVM orders them
                      by first appearance)
        printed       what svm-train printed: iter, obj, rho, nSV, nBSV
                      (and the epsilon of nu-SVR), rounded to 6 decimals
        rho           rho from the model file (%.17g)
        support, coef the 0-based training rows of the support vectors
                      (within the subset for the iris pairs) and their
                      coefficients y_i*alpha_i or alpha_i - alpha_i* (%.17g)
        objective     the dual objective of LIBSVM's solution evaluated in
                      float64 here (svm-train's own obj is computed from
                      a float32 kernel cache)
        decision      f(x_i) = sum_j coef_j K(x_j, x_i) - rho for every
                      training row, evaluated in float64 here
        predictions   what svm-predict printed for the training rows

Run from the repository root:  /usr/bin/python3 testdata/gen/svm_libsvm_datasets.py
Needs numpy (1.24.2 was used) and Debian's libsvm-tools 3.24 (svm-train,
svm-predict). The tests only read the files.
"""
import json
import os
import subprocess
import tempfile

import numpy as np

OUT = "testdata/svm_libsvm"


def standardize(v):
    z = (v - v.mean(0)) / v.std(0)
    return np.vectorize(lambda a: float("%.8g" % a))(z)


def load(name):
    with open(f"testdata/{name}.csv") as f:
        header = f.readline().strip().split(",")
    d = np.loadtxt(f"testdata/{name}.csv", delimiter=",", skiprows=1)
    return header, d[:, :-1], d[:, -1]


def write_csv(path, header, x, y, label_int):
    with open(path, "w") as f:
        f.write(",".join(header) + "\n")
        for xi, yi in zip(x, y):
            t = "%d" % yi if label_int else repr(float(yi))
            f.write(",".join(repr(float(v)) for v in xi) + "," + t + "\n")


def write_libsvm(path, x, y):
    with open(path, "w") as f:
        for xi, yi in zip(x, y):
            f.write(repr(float(yi)) + " " + " ".join(f"{k + 1}:{repr(float(v))}" for k, v in enumerate(xi)) + "\n")


def kernel(kind, a, b, gamma, coef0, degree):
    if kind == "linear":
        return a @ b.T
    if kind == "poly":
        return (gamma * (a @ b.T) + coef0) ** degree
    d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)
    return np.exp(-gamma * d2)


KERNEL_ARGS = {"linear": ["-t", "0"], "poly": ["-t", "1"], "rbf": ["-t", "2"]}


def train(tmp, name, x, y, svm_type, kind, params, kparams, extra=()):
    """Writes (x, y) as tmp/name in LIBSVM's format and runs svm-train on it
    (tolerance 1e-6, no shrinking, a 100 MB cache, then the options extra,
    the type, the kernel and its parameters), the model going to
    tmp/name.model. Returns the data file's path, the type and kernel
    options, the whole command and what svm-train printed."""
    data = os.path.join(tmp, name)
    write_libsvm(data, x, y)
    args = ["-s", str(svm_type)] + KERNEL_ARGS[kind]
    for flag, v in list(kparams.items()) + list(params.items()):
        args += [flag, repr(v)]
    cmd = ["svm-train"] + list(extra) + ["-e", "1e-6", "-h", "1", "-m", "100"] + args + [data, data + ".model"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return data, args, cmd, out


def run(tmp, name, csv, x, y, svm_type, kind, params, kparams):
    data, args, cmd, out = train(tmp, name, x, y, svm_type, kind, params, kparams)
    printed = {}
    for line in out.splitlines():
        for part in line.replace(",", " ,").split(","):
            if "=" in part:
                k, _, v = part.partition("=")
                k = k.strip()
                if k in ("#iter", "obj", "rho", "nSV", "nBSV", "epsilon", "C"):
                    printed[k.lstrip("#")] = float(v.split()[0])
    with open(data + ".model") as f:
        lines = f.read().splitlines()
    header = {}
    k = 0
    while lines[k] != "SV":
        key, _, val = lines[k].partition(" ")
        header[key] = val
        k += 1
    coef = np.zeros(len(x))
    for line in lines[k + 1:]:
        parts = line.split()
        v = np.zeros(x.shape[1])
        for kv in parts[1:]:
            i, val = kv.split(":")
            v[int(i) - 1] = float(val)
        match = np.where((x == v).all(axis=1))[0]
        hit = [i for i in match if coef[i] == 0]
        assert hit, "support vector not found among the training rows"
        coef[hit[0]] = float(parts[0])
    rho = float(header["rho"])
    gamma = kparams.get("-g", 0.0)
    coef0 = kparams.get("-r", 0.0)
    degree = kparams.get("-d", 3)
    K = kernel(kind, x, x, gamma, coef0, degree)
    decision = K @ coef - rho
    support = [int(i) for i in np.nonzero(coef)[0]]
    quad = 0.5 * coef @ K @ coef
    if svm_type == 0:
        obj = quad - np.abs(coef).sum()
    elif svm_type == 1:
        obj = quad
    elif svm_type == 3:
        obj = quad + params["-p"] * np.abs(coef).sum() - y @ coef
    else:
        obj = quad - y @ coef
    subprocess.run(["svm-predict", data, data + ".model", data + ".pred"], capture_output=True, check=True)
    pred = [float(v) for v in open(data + ".pred").read().split()]
    entry = {"data": csv, "args": " ".join(args), "command": " ".join(cmd[:-2]), "printed": printed, "rho": rho,
             "support": support, "coef": [float(coef[i]) for i in support],
             "objective": float(obj), "decision": [float(v) for v in decision], "predictions": pred}
    if svm_type in (0, 1):
        entry["classes"] = [int(v) for v in header["label"].split()]
    return entry


def read_multiclass_model(path, x):
    """Reads a LIBSVM model file trained on the rows of x. Returns its header
    (key -> text), its labels in LIBSVM's order, and one (i, j, rho, beta) per
    pair machine i < j, beta holding the machine's coefficient for every
    training row (zero off the support). The support vectors are stored
    grouped by class in label order; for the pair (i, j) those of class i
    carry their coefficient in column j − 1 and those of class j in column i.
    Each support vector is matched to the first unused training row equal to
    it."""
    with open(path) as f:
        lines = f.read().splitlines()
    header = {}
    k = 0
    while lines[k] != "SV":
        key, _, val = lines[k].partition(" ")
        header[key] = val
        k += 1
    labels = [int(v) for v in header["label"].split()]
    nsv = [int(v) for v in header["nr_sv"].split()]
    rhos = [float(v) for v in header["rho"].split()]
    c = len(labels)
    rows, coefs, owner = [], [], []
    for cls, count in enumerate(nsv):
        for _ in range(count):
            parts = lines[k + 1].split()
            k += 1
            v = np.zeros(x.shape[1])
            for kv in parts[c - 1:]:
                i, val = kv.split(":")
                v[int(i) - 1] = float(val)
            match = [i for i in np.where((x == v).all(axis=1))[0] if i not in rows]
            assert match, "support vector not found among the training rows"
            rows.append(int(match[0]))
            coefs.append([float(t) for t in parts[:c - 1]])
            owner.append(cls)
    pairs = []
    for i in range(c):
        for j in range(i + 1, c):
            beta = np.zeros(len(x))
            for r, cf, o in zip(rows, coefs, owner):
                if o == i:
                    beta[r] = cf[j - 1]
                elif o == j:
                    beta[r] = cf[i]
            pairs.append((i, j, rhos[len(pairs)], beta))
    return header, labels, pairs


def run_multiclass(tmp, name, csv, x, y, svm_type, kind, params, kparams):
    """One-versus-one on c classes: one entry per pair machine, read from
    LIBSVM's multi-class model file (read_multiclass_model)."""
    data, args, cmd, _ = train(tmp, name, x, y, svm_type, kind, params, kparams)
    header, labels, pairs = read_multiclass_model(data + ".model", x)
    gamma, coef0, degree = kparams.get("-g", 0.0), kparams.get("-r", 0.0), kparams.get("-d", 3)
    K = kernel(kind, x, x, gamma, coef0, degree)
    machines = []
    for (i, j, rho, beta) in pairs:
        quad = 0.5 * beta @ K @ beta
        obj = quad - np.abs(beta).sum() if svm_type == 0 else quad
        support = [int(t) for t in np.nonzero(beta)[0]]
        machines.append({"pair": [labels[i], labels[j]], "rho": rho, "support": support,
                         "coef": [float(beta[t]) for t in support], "objective": float(obj),
                         "decision": [float(v) for v in K @ beta - rho]})
    subprocess.run(["svm-predict", data, data + ".model", data + ".pred"], capture_output=True, check=True)
    pred = [float(v) for v in open(data + ".pred").read().split()]
    return {"data": csv, "args": " ".join(args), "command": " ".join(cmd[:-2]), "classes": labels,
            "machines": machines, "predictions": pred}


def main():
    os.makedirs(OUT, exist_ok=True)
    tmp = tempfile.mkdtemp()
    refs = {"provenance": "LIBSVM 3.24 svm-train and svm-predict (Debian libsvm-tools 3.24+ds-6), "
                          "all -e 1e-6 -h 1 -m 100; numpy 1.24.2; testdata/gen/svm_libsvm_datasets.py"}

    h, x, y = load("iris")
    xi = standardize(x)
    write_csv(f"{OUT}/iris_std.csv", h, xi, y, True)
    h, x, y = load("breast_cancer")
    xb = standardize(x)
    write_csv(f"{OUT}/breast_cancer_std.csv", h, xb, y, True)
    h, x, y = load("diabetes")
    xd, yd = standardize(x), standardize(y)
    write_csv(f"{OUT}/diabetes_std.csv", h, xd, yd, False)

    kernels = {"linear": {}, "poly": {"-g": 1.0, "-r": 1.0, "-d": 3}, "rbf": {"-g": 0.5}}
    yi = load("iris")[2]
    for a, b in [(0, 1), (0, 2), (1, 2)]:
        rows = (yi == a) | (yi == b)
        for kind, kp in kernels.items():
            refs[f"iris{a}{b}_c_{kind}"] = run(tmp, f"iris{a}{b}_c_{kind}", "iris_std.csv", xi[rows], yi[rows], 0, kind, {"-c": 1.0}, kp)
            refs[f"iris{a}{b}_nu_{kind}"] = run(tmp, f"iris{a}{b}_nu_{kind}", "iris_std.csv", xi[rows], yi[rows], 1, kind, {"-n": 0.3}, kp)
    refs["iris3_c_rbf"] = run_multiclass(tmp, "iris3_c_rbf", "iris_std.csv", xi, yi, 0, "rbf", {"-c": 1.0}, {"-g": 0.5})
    refs["iris3_c_linear"] = run_multiclass(tmp, "iris3_c_linear", "iris_std.csv", xi, yi, 0, "linear", {"-c": 1.0}, {})
    refs["iris3_nu_poly"] = run_multiclass(tmp, "iris3_nu_poly", "iris_std.csv", xi, yi, 1, "poly", {"-n": 0.3},
                                           {"-g": 1.0, "-r": 1.0, "-d": 3})
    yb = load("breast_cancer")[2]
    kernels = {"linear": {}, "poly": {"-g": 1.0 / 30, "-r": 1.0, "-d": 2}, "rbf": {"-g": 1.0 / 30}}
    for kind, kp in kernels.items():
        refs[f"cancer_c_{kind}"] = run(tmp, f"cancer_c_{kind}", "breast_cancer_std.csv", xb, yb, 0, kind, {"-c": 1.0}, kp)
        refs[f"cancer_nu_{kind}"] = run(tmp, f"cancer_nu_{kind}", "breast_cancer_std.csv", xb, yb, 1, kind, {"-n": 0.2}, kp)
    kernels = {"linear": {}, "poly": {"-g": 0.1, "-r": 1.0, "-d": 2}, "rbf": {"-g": 0.1}}
    for kind, kp in kernels.items():
        refs[f"diabetes_eps_{kind}"] = run(tmp, f"diabetes_eps_{kind}", "diabetes_std.csv", xd, yd, 3, kind, {"-c": 1.0, "-p": 0.2}, kp)
        refs[f"diabetes_nu_{kind}"] = run(tmp, f"diabetes_nu_{kind}", "diabetes_std.csv", xd, yd, 4, kind, {"-c": 1.0, "-n": 0.5}, kp)
    with open(f"{OUT}/reference.json", "w") as f:
        json.dump(refs, f, indent=0, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
