package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// The generative models of notes 004 on the command line (docs/cli.md,
// "Generative models"): gauss, bayes, posterior, gmm, kde.
func init() {
	register(
		command{name: "gauss", args: "[-target COL] [-unbiased] [-reg R] [-json] DATA.csv",
			summary: "maximum-likelihood multivariate normal: mean, covariance (1/n), log|Σ|, log-likelihood", run: runGauss},
		command{name: "bayes", args: "[-density gauss|shared|kde|parzen] [-h H] [-priors empirical|equal|p1,p2,…] [-loss L.csv] [-reg R] " + supervisedArgs,
			summary: "Bayes classifier: priors, class densities, posteriors, loss-matrix decisions",
			help: "Priors are the class frequencies by default; -priors p1,p2,… gives them in the order of\n" +
				"the classes (sorted labels). L.csv is M×M: row i is the decision αᵢ, column j the true\n" +
				"class Cⱼ, both in that order; the decision is argminᵢ Σⱼ L(αᵢ, Cⱼ) qⱼ(x) and the\n" +
				"accuracies and predictions follow it. The kde and parzen densities take h by Scott's\n" +
				"rule on each class unless -h is given. With -test and -json, posteriors has one row per\n" +
				"test row, columns in the order of classes.\n",
			run: runBayes, learner: bayesLearner},
		command{name: "posterior", args: "-model beta-bernoulli [-a A] [-b B] | -model normal-mean [-mu0 M] -tau2 T -sigma2 S [-json] DATA.csv",
			summary: "conjugate Bayesian estimation: the posterior's parameters, MAP, mean and MLE", run: runPosterior},
		command{name: "gmm", args: "-k K [-cov full|diag|spherical] [-restarts R] [-seed S] [-reg R] [-tol T] [-max-iter N] [-trace] [-target COL] [-quiet] [-json] DATA.csv",
			summary: "Gaussian mixture by EM (k-means++ restarts, log-sum-exp E-step, reg·I)", run: runGMM},
		command{name: "kde", args: "-kernel gauss|box -h H -query Q.csv [-log] [-target COL] [-json] DATA.csv",
			summary: "Parzen window (box) or Gaussian kernel density at query points", run: runKDE},
	)
}

// usageFor returns a usage error of command name.
func usageFor(name, format string, a ...any) error {
	c, _ := findCommand(name)
	return &usageError{msg: fmt.Sprintf(format, a...), usage: "demo " + c.name + " " + c.args}
}

// finitePositive reports v > 0 and finite.
func finitePositive(v float64) bool { return v > 0 && !math.IsInf(v, 0) }

func runGauss(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("gauss")
	fs, asJSON := newFlags(c, stderr)
	target := fs.String("target", "", "exclude the column `COL` (name or 0-based index) from the features")
	unbiased := fs.Bool("unbiased", false, "divide the covariance by n − 1 (no longer the MLE)")
	reg := fs.Float64("reg", 0, "add `R`·I to the covariance (for a singular one)")
	ops, err := parseFlags(c, fs, args, 1, 1)
	if err != nil {
		return err
	}
	if !(*reg >= 0) || math.IsInf(*reg, 0) {
		return usageFor("gauss", "-reg %g: want a finite R ≥ 0", *reg)
	}
	x, err := loadFeatures(ops, *target, "")
	if err != nil {
		return withUsage(err, c)
	}
	g, err := learn.GaussianMLE{Unbiased: *unbiased, Reg: *reg}.Fit(x)
	if err != nil {
		return err
	}
	ll, err := g.LogLikelihood(x)
	if err != nil {
		return err
	}
	return emit(stdout, *asJSON, []field{{"mean", g.Mean()}, {"cov", g.Cov()}, {"logdet", g.LogDet()}, {"loglik", ll}})
}

// parseDensity maps -density to the learn value.
func parseDensity(s string) (learn.ClassDensity, bool) {
	for _, d := range []learn.ClassDensity{learn.GaussDensity, learn.SharedGaussDensity, learn.KDEDensity, learn.ParzenDensity} {
		if d.String() == s {
			return d, true
		}
	}
	return 0, false
}

// declareBayesFlags puts bayes's flags on fs, for the command and for its
// learner (cv, grid, …); the function it returns checks them (its errors
// are usage errors) and gives the configuration and the -loss file, read
// by the caller (a file that cannot be read is a data error).
func declareBayesFlags(fs *flag.FlagSet) func() (cfg learn.Bayes, lossPath string, err error) {
	density := fs.String("density", "gauss", "class densities: gauss (full covariance), shared (one pooled covariance), kde (Gaussian kernel) or parzen (box)")
	h := fs.Float64("h", 0, "window width `H` of kde and parzen (default: Scott's rule per class)")
	priors := fs.String("priors", "empirical", "empirical, equal, or the priors `p1,p2,…` in the order of the classes")
	lossPath := fs.String("loss", "", "loss matrix `L.csv` (M×M: row = decision, column = true class; default 0–1)")
	reg := fs.Float64("reg", 0, "add `R`·I to every covariance")
	return func() (learn.Bayes, string, error) {
		dens, ok := parseDensity(*density)
		if !ok {
			return learn.Bayes{}, "", fmt.Errorf("-density %q: want gauss, shared, kde or parzen", *density)
		}
		if flagSet(fs, "h") && !finitePositive(*h) {
			return learn.Bayes{}, "", fmt.Errorf("-h %g: want a window width H > 0", *h)
		}
		if flagSet(fs, "h") && dens != learn.KDEDensity && dens != learn.ParzenDensity {
			return learn.Bayes{}, "", fmt.Errorf("-h applies to -density kde or parzen")
		}
		if !(*reg >= 0) || math.IsInf(*reg, 0) {
			return learn.Bayes{}, "", fmt.Errorf("-reg %g: want a finite R ≥ 0", *reg)
		}
		cfg := learn.Bayes{Density: dens, H: *h, Reg: *reg}
		switch *priors {
		case "empirical":
		case "equal":
			cfg.EqualPriors = true
		default:
			for _, f := range strings.Split(*priors, ",") {
				v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
				if err != nil {
					return learn.Bayes{}, "", fmt.Errorf("-priors %q: want empirical, equal or numbers p1,p2,…", *priors)
				}
				cfg.Priors = append(cfg.Priors, v)
			}
		}
		return cfg, *lossPath, nil
	}
}

func runBayes(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("bayes", "bayes", stderr)
	flags := declareBayesFlags(s.fs)
	s.probaField = "posteriors"
	if err := s.parse(args); err != nil {
		return err
	}
	var lossPath string
	return fitOrLoad(s, stdout, func() (learn.Bayes, error) {
		cfg, path, err := flags()
		lossPath = path
		return cfg, err
	}, func(cfg learn.Bayes, d *trainingSet) (any, []field, error) {
		if lossPath != "" {
			l, err := loadMatrix(lossPath)
			if err != nil {
				return nil, nil, err
			}
			cfg.Loss = l
		}
		m, err := cfg.Fit(d.X, d.Labels)
		if errors.Is(err, matrix.ErrNotSPD) {
			return nil, nil, fmt.Errorf("%w (give -reg R, e.g. -reg 1e-6, to add R·I to every covariance)", err)
		}
		if err != nil {
			return nil, nil, err
		}
		var classes any = m.Classes
		if d.Names != nil {
			names := make([]string, len(m.Classes))
			for j, c := range m.Classes {
				names[j] = d.Names[c]
			}
			classes = names
		}
		return m, []field{{"classes", classes}, {"priors", m.Priors}}, nil
	})
}

func runPosterior(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("posterior")
	fs, asJSON := newFlags(c, stderr)
	model := fs.String("model", "", "beta-bernoulli or normal-mean")
	a := fs.Float64("a", 1, "prior Beta(`A`, B) (beta-bernoulli)")
	b := fs.Float64("b", 1, "prior Beta(A, `B`) (beta-bernoulli)")
	mu0 := fs.Float64("mu0", 0, "prior mean `M` of μ (normal-mean)")
	tau2 := fs.Float64("tau2", 0, "prior variance `T` of μ (normal-mean)")
	sigma2 := fs.Float64("sigma2", 0, "known variance `S` of the observations (normal-mean)")
	ops, err := parseFlags(c, fs, args, 1, 1)
	if err != nil {
		return err
	}
	only := func(allowed ...string) error {
		var bad []string
		fs.Visit(func(f *flag.Flag) {
			for _, a := range append(allowed, "model", "json") {
				if f.Name == a {
					return
				}
			}
			bad = append(bad, "-"+f.Name)
		})
		if len(bad) > 0 {
			return usageFor("posterior", "%s: does not apply to -model %s", strings.Join(bad, ", "), *model)
		}
		return nil
	}
	switch *model {
	case "beta-bernoulli":
		if err := only("a", "b"); err != nil {
			return err
		}
		if !finitePositive(*a) || !finitePositive(*b) {
			return usageFor("posterior", "-a %g -b %g: the Beta parameters must be > 0", *a, *b)
		}
	case "normal-mean":
		if err := only("mu0", "tau2", "sigma2"); err != nil {
			return err
		}
		if !flagSet(fs, "tau2") || !flagSet(fs, "sigma2") {
			return usageFor("posterior", "-model normal-mean needs -tau2 T and -sigma2 S")
		}
		if !finitePositive(*tau2) || !finitePositive(*sigma2) || math.IsInf(*mu0, 0) || math.IsNaN(*mu0) {
			return usageFor("posterior", "-tau2 %g -sigma2 %g -mu0 %g: want variances > 0 and a finite mean", *tau2, *sigma2, *mu0)
		}
	default:
		return usageFor("posterior", "-model %q: want beta-bernoulli or normal-mean", *model)
	}
	x, err := loadMatrix(ops[0])
	if err != nil {
		return err
	}
	if x.Cols() != 1 {
		return fmt.Errorf("%s: %d columns; the observations must be one column", ops[0], x.Cols())
	}
	obs := x.Col(0)
	var fields []field
	if *model == "beta-bernoulli" {
		p, err := learn.BetaBernoulli{A: *a, B: *b}.Update(obs)
		if err != nil {
			return fmt.Errorf("%s: %w", ops[0], err)
		}
		fields = []field{{"a", p.A}, {"b", p.B}, {"map", p.MAP}, {"mean", p.Mean}, {"mle", p.MLE}}
	} else {
		p, err := learn.NormalMean{Mu0: *mu0, Tau2: *tau2, Sigma2: *sigma2}.Update(obs)
		if err != nil {
			return fmt.Errorf("%s: %w", ops[0], err)
		}
		fields = []field{{"mean", p.Mean}, {"variance", p.Variance}, {"map", p.MAP}, {"mle", p.MLE}}
	}
	return emit(stdout, *asJSON, fields)
}

func runGMM(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("gmm")
	fs, asJSON := newFlags(c, stderr)
	k := fs.Int("k", 0, "number of components `K`")
	cov := fs.String("cov", "full", "component covariances: full, diag or spherical")
	restarts := fs.Int("restarts", 1, "number `R` of k-means++ initializations (the best is kept)")
	seed := fs.Uint64("seed", 0, "seed `S` of the initializations")
	reg := fs.Float64("reg", 1e-6, "add `R`·I to every covariance after each M-step")
	tol := fs.Float64("tol", 1e-6, "stop when the mean log-likelihood changes by less than `T`")
	maxIter := fs.Int("max-iter", 100, "at most `N` EM iterations per initialization")
	trace := fs.Bool("trace", false, "print loglik_trace and write one line per EM iteration to stderr")
	target := fs.String("target", "", "exclude the column `COL` (name or 0-based index) from the features")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	ops, err := parseFlags(c, fs, args, 1, 1)
	if err != nil {
		return err
	}
	covType := map[string]learn.CovarianceType{"full": learn.FullCovariance, "diag": learn.DiagCovariance, "spherical": learn.SphericalCovariance}
	ct, ok := covType[*cov]
	switch {
	case !flagSet(fs, "k"):
		return usageFor("gmm", "-k K is required")
	case *k < 1:
		return usageFor("gmm", "-k %d: want K ≥ 1", *k)
	case !ok:
		return usageFor("gmm", "-cov %q: want full, diag or spherical", *cov)
	case *restarts < 1:
		return usageFor("gmm", "-restarts %d: want R ≥ 1", *restarts)
	case !finitePositive(*reg):
		return usageFor("gmm", "-reg %g: want R > 0", *reg)
	case !finitePositive(*tol):
		return usageFor("gmm", "-tol %g: want T > 0", *tol)
	case *maxIter < 1:
		return usageFor("gmm", "-max-iter %d: want N ≥ 1", *maxIter)
	}
	x, err := loadFeatures(ops, *target, "")
	if err != nil {
		return withUsage(err, c)
	}
	pr := newProgress(stderr, "gmm", *quiet || *trace)
	end := pr.begin("restart 1: k-means++ start on %d rows", x.Rows())
	m, err := learn.GaussianMixture{K: *k, Covariance: ct, Restarts: *restarts, Seed: *seed, Reg: *reg,
		Tol: *tol, MaxIter: *maxIter, Trace: pr.trace(nil)}.Fit(x)
	end()
	if err != nil {
		return err
	}
	for j, s := range m.Covariances {
		if err := s.CheckFinite(); err != nil {
			return fmt.Errorf("covariance %d: %w", j, err)
		}
	}
	if *trace {
		// One EM step a line under a header (docs/cli.md, "Traces"): the
		// mean log-likelihood after the step and its change.
		fmt.Fprintln(stderr, "em     iter              loglik      change")
		for i, v := range m.LogLikelihoods {
			change := "-"
			if i > 0 {
				change = fmt.Sprintf("%.3e", v-m.LogLikelihoods[i-1])
			}
			fmt.Fprintf(stderr, "em  %7d  %18.12g  %10s\n", i+1, v, change)
		}
	}
	fields := []field{{"weights", m.Weights}, {"means", m.Means}}
	if *asJSON {
		covs := make([][][]float64, len(m.Covariances))
		for j, s := range m.Covariances {
			covs[j] = s.ToRows()
		}
		fields = append(fields, field{"covariances", covs})
	} else {
		for j, s := range m.Covariances {
			fields = append(fields, field{fmt.Sprintf("covariances[%d]", j), s})
		}
	}
	fields = append(fields, field{"loglik", m.LogLikelihood}, field{"iterations", m.Iterations},
		field{"converged", m.Converged}, field{"bic", m.BIC})
	if *trace {
		fields = append(fields, field{"loglik_trace", m.LogLikelihoods})
	}
	return emit(stdout, *asJSON, fields)
}

func runKDE(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("kde")
	fs, asJSON := newFlags(c, stderr)
	kernel := fs.String("kernel", "gauss", "gauss (Gaussian kernel) or box (the Parzen hypercube)")
	h := fs.Float64("h", 0, "window width `H` (the box's side, the Gaussian's standard deviation; default: Scott's rule, as bayes)")
	query := fs.String("query", "", "evaluate the density at the rows of `Q.csv`")
	logOut := fs.Bool("log", false, "print log-densities, field log_density (finite far from the data, where the density underflows)")
	target := fs.String("target", "", "exclude the column `COL` (name or 0-based index) from the features")
	outPath := fs.String("out", "", "also write the densities, one query row a line, as CSV to `FILE`")
	ops, err := parseFlags(c, fs, args, 1, 1)
	if err != nil {
		return err
	}
	kern := map[string]learn.KDEKernel{"gauss": learn.GaussWindow, "box": learn.BoxWindow}
	kd, ok := kern[*kernel]
	switch {
	case !ok:
		return usageFor("kde", "-kernel %q: want gauss or box", *kernel)
	case flagSet(fs, "h") && !finitePositive(*h):
		return usageFor("kde", "-h %g: want a window width H > 0", *h)
	case *query == "":
		return usageFor("kde", "-query Q.csv is required")
	}
	x, err := loadFeatures(ops, *target, "")
	if err != nil {
		return withUsage(err, c)
	}
	q, err := loadMatrix(*query)
	if err != nil {
		return err
	}
	if q.Cols() != x.Cols() {
		return fmt.Errorf("%s has %d columns; the data have %d features", *query, q.Cols(), x.Cols())
	}
	m, err := learn.KernelDensity{Kernel: kd, H: *h}.Fit(x)
	if err != nil {
		return err
	}
	var fields []field
	if !flagSet(fs, "h") {
		fields = append(fields, field{"h", m.H}) // the window Scott's rule chose
	}
	name, eval := "density", m.Density
	if *logOut {
		name, eval = "log_density", m.LogDensity
	}
	v, err := eval(q)
	if err != nil {
		return err
	}
	if *outPath != "" {
		if err := writeColumnCSV(*outPath, name, v); err != nil {
			return err
		}
	}
	if !*logOut {
		return emit(stdout, *asJSON, append(fields, field{name, v}))
	}
	// log 0 (an empty box) is null in JSON and -Inf in text; nothing else
	// can be infinite (the Gaussian log-density is finite everywhere).
	out := make([]*float64, len(v))
	for i := range v {
		if !math.IsInf(v[i], -1) {
			out[i] = &v[i]
		}
	}
	text := summarizeVector(lineMax-len(name)-2, len(v), func(i int) string {
		if math.IsInf(v[i], -1) {
			return "-Inf"
		}
		return formatNumber(v[i])
	})
	return emit(stdout, *asJSON, append(fields, field{name, shown{out, text}}))
}

// bayesLearner declares the flags of the bayes learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func bayesLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	flags := declareBayesFlags(fs)
	return func() (learnerPlan, error) {
		cfg, lossPath, err := flags()
		if err != nil || lossPath == "" {
			return classifierPlan(cfg), err
		}
		return learnerPlan{build: func(*trainingSet) (learn.ClassifierTrainer, learn.RegressorTrainer, error) {
			l, err := loadMatrix(lossPath)
			if err != nil {
				return nil, nil, err
			}
			c := cfg
			c.Loss = l
			return c, nil, nil
		}}, nil
	}
}
