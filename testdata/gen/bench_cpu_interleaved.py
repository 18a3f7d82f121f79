"""Interleaved CPU-time comparison of mlnotes and scikit-learn, for the
"Logistic and softmax regression" and "Neural networks" sections of
docs/performance.md.

On a shared machine wall-clock times depend on the load; the process CPU
time (getrusage on the Go side, the cpu-ns/op metric of the benchmarks;
time.process_time on the Python side) depends on it far less, and running
the two tools in turn, round after round, lets them share whatever load
there is. Run from the repository root:

    go test -c -o /tmp/learn.test ./learn
    /usr/bin/python3 testdata/gen/bench_cpu_interleaved.py /tmp/learn.test CASE ROUNDS

CASE is logreg, newton, softmax, digits-64 or 784-256-10. Each round runs the Go
benchmark once (GOMAXPROCS=1, a few fits, their mean CPU time) and then the
scikit-learn script (OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1, the same
number of fits, their median CPU time); the medians and ranges over the
rounds are printed.
"""
import os
import re
import statistics
import subprocess
import sys

CASES = {
    # Go benchmark pattern, fits per round, Python script and its case
    "logreg": ("^BenchmarkLogReg$/^20000x50$/^lbfgs-tol1.2e-3$", 5,
               "testdata/gen/bench_logreg_sklearn.py", "logreg"),
    # the default solver (Newton) against scikit-learn's newton-cholesky;
    # the pattern also runs the two L-BFGS cases, the first line is Newton's
    "newton": ("^BenchmarkLogReg$/^20000x50$", 5,
               "testdata/gen/bench_logreg_sklearn.py", "newton"),
    "softmax": ("^BenchmarkSoftmax$/^digits$/^tol2e-3$", 1,
                "testdata/gen/bench_logreg_sklearn.py", "softmax"),
    "digits-64": ("^BenchmarkMLP$/^digits-64$", 10,
                  "testdata/gen/mlp_bench_sklearn.py", "digits-64"),
    "784-256-10": ("^BenchmarkMLP$/^784-256-10$", 1,
                   "testdata/gen/mlp_bench_sklearn.py", "784-256-10"),
}


def main():
    binary, case, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    pattern, fits, script, pycase = CASES[case]
    env = dict(os.environ, GOMAXPROCS="1", OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    go, py = [], []
    for r in range(rounds):
        out = subprocess.run([binary, "-test.run", "XXX", "-test.bench", pattern,
                              "-test.benchtime", f"{fits}x", "-test.count", "1"],
                             env=env, cwd="learn", capture_output=True, text=True, check=True).stdout
        line = [l for l in out.splitlines() if "cpu-ns/op" in l][0]
        go.append(float(re.search(r"([0-9.e+]+) cpu-ns/op", line).group(1)) / 1e6)
        out = subprocess.run(["/usr/bin/python3", script, pycase, str(fits)], env=env,
                             capture_output=True, text=True, check=True).stdout
        py.append(float(re.search(r"CPU median ([0-9.]+) ms", out).group(1)))
        print(f"round {r}: mlnotes {go[-1]:.2f} ms, scikit-learn {py[-1]:.2f} ms", flush=True)
        print("  " + " ".join(line.split()), "|", out.strip().splitlines()[-1], flush=True)
    gm, pm = statistics.median(go), statistics.median(py)
    print(f"{case}: mlnotes median {gm:.2f} ms (range {min(go):.2f}-{max(go):.2f}), "
          f"scikit-learn median {pm:.2f} ms (range {min(py):.2f}-{max(py):.2f}), ratio {gm / pm:.2f}")


if __name__ == "__main__":
    main()
