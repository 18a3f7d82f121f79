package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	"mlnotes/eigen"
	"mlnotes/learn"
)

// The PCA family on the command line (docs/cli.md, "PCA and relatives").
func init() {
	register(
		command{name: "pca", args: "[-k K | -variance F] [-method eig|svd|gram|lanczos|deflation] [-whiten pca|zca [-epsilon E]] [-target COL] [-idx FILE] [-out FILE] [-trace] [-json] [DATA.csv]",
			summary: "principal component analysis (1/n covariance, components as rows)", run: runPCA},
		command{name: "kpca", args: "-kernel rbf -sigma2 S | -kernel poly -degree P | -kernel linear [-gamma G] [-coef0 C] [-k K] [-query Q.csv] [-target COL] [-idx FILE] [-out FILE] [-trace] [-quiet] [-json] [DATA.csv]",
			summary: "kernel PCA with the Gram matrix centred in feature space", run: runKPCA},
		command{name: "spectral", args: "-sigma2 S [-k K] [-neighbors N] [-normalized] [-target COL] [-idx FILE] [-out FILE] [-trace] [-json] [DATA.csv]",
			summary: "spectral embedding: the smallest non-trivial Laplacian eigenvectors", run: runSpectral},
		command{name: "lda", args: "[-ridge R] [-trace] " + supervisedArgs,
			summary: "Fisher's linear discriminant (label in the last column or -target)", run: runLDA, learner: ldaLearner},
	)
}

func runPCA(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("pca")
	fs, asJSON := newFlags(c, stderr)
	k := fs.Int("k", 0, "number of components `K` (default: all, or -variance)")
	variance := fs.Float64("variance", 0, "keep the smallest k explaining this fraction `F` of the variance (e.g. 0.95)")
	method := fs.String("method", "", "eig, svd, gram, lanczos or deflation (default: chosen by shape and k: gram when d > n, lanczos for a few components of many features, else eig)")
	whiten := fs.String("whiten", "", "also print the whitened data: pca or zca")
	epsilon := fs.Float64("epsilon", 0, "add `E` to every eigenvalue before whitening (needed when a feature is constant)")
	target := fs.String("target", "", "exclude the column `COL` (name or 0-based index) from the features")
	idx := fs.String("idx", "", "read the data from an MNIST IDX image `FILE` instead of CSV")
	outPath := fs.String("out", "", "also write the per-row results (projections, or the embedding) as CSV to `FILE`")
	trace := traceFlag(fs)
	ops, err := parseFlags(c, fs, args, 0, 1)
	if err != nil {
		return err
	}
	if *k != 0 && *variance != 0 {
		return &usageError{msg: "-k and -variance exclude each other", usage: "demo pca " + c.args}
	}
	usage := "demo pca " + c.args
	switch {
	case *whiten != "" && *whiten != "pca" && *whiten != "zca":
		return &usageError{msg: fmt.Sprintf("-whiten %q: want pca or zca", *whiten), usage: usage}
	case *epsilon != 0 && *whiten == "":
		return &usageError{msg: "-epsilon applies to -whiten", usage: usage}
	case !(*epsilon >= 0) || math.IsInf(*epsilon, 0):
		return &usageError{msg: fmt.Sprintf("-epsilon %g: want a finite E ≥ 0", *epsilon), usage: usage}
	case *k < 0:
		return &usageError{msg: fmt.Sprintf("-k %d: want K ≥ 1", *k), usage: usage}
	case flagSet(fs, "variance") && !(*variance > 0 && *variance <= 1):
		return &usageError{msg: fmt.Sprintf("-variance %g: want a fraction F in (0, 1]", *variance), usage: usage}
	}
	switch learn.PCAMethod(*method) {
	case learn.PCAAuto, learn.PCACovariance, learn.PCASVD, learn.PCAGram, learn.PCALanczos, learn.PCADeflation:
	default:
		return &usageError{msg: fmt.Sprintf("-method %q: want eig, svd, gram, lanczos or deflation", *method), usage: usage}
	}
	x, err := loadFeatures(ops, *target, *idx)
	if err != nil {
		return withUsage(err, c)
	}
	m, err := learn.PCA{Components: *k, VarianceFraction: *variance, Method: learn.PCAMethod(*method), Eigen: eigenTrace(*trace, stderr)}.Fit(x)
	if err != nil {
		return err
	}
	y, mse, _ := m.TransformError(x)
	fields := []field{
		{"mean", m.Mean},
		{"eigenvalues", m.Eigenvalues},
		{"explained_variance_ratio", m.ExplainedVarianceRatio},
		{"k", m.K()},
		{"components", m.Components},
		{"projections", y},
		{"reconstruction_mse", mse},
	}
	if *whiten != "" {
		w, err := learn.Whiten{Method: learn.WhitenMethod(*whiten), Epsilon: *epsilon}.Fit(x)
		if err != nil {
			return err
		}
		z, _ := w.Transform(x)
		fields = append(fields, field{"whitened", z})
	}
	if err := writeRowsOut(*outPath, "pc", y); err != nil {
		return err
	}
	return emit(stdout, *asJSON, fields)
}

// kernelFromFlags builds a kernel from -kernel, -sigma2, -gamma, -degree
// and -coef0, following docs/cli.md: the notes' forms unless -gamma or
// -coef0 say otherwise. set says which flags the command line gave: a
// -gamma or -sigma2 given as 0 is refused like any other non-positive
// value, not taken for the default.
func kernelFromFlags(kind string, sigma2, gamma float64, degree int, coef0 float64, set func(name string) bool) (learn.Kernel, error) {
	var k learn.Kernel
	if set("gamma") && !(gamma > 0 && !math.IsInf(gamma, 1)) {
		return k, &usageError{msg: fmt.Sprintf("-gamma %g: γ must be positive and finite", gamma)}
	}
	if set("sigma2") && !(sigma2 > 0 && !math.IsInf(sigma2, 1)) {
		return k, &usageError{msg: fmt.Sprintf("-sigma2 %g: σ² must be positive and finite", sigma2)}
	}
	switch kind {
	case "linear":
		k = learn.Linear()
	case "rbf":
		switch {
		case sigma2 < 0 || math.IsNaN(sigma2) || math.IsInf(sigma2, 0):
			return k, &usageError{msg: fmt.Sprintf("-sigma2 %g: σ² must be positive and finite", sigma2)}
		case gamma < 0 || math.IsNaN(gamma) || math.IsInf(gamma, 0):
			return k, &usageError{msg: fmt.Sprintf("-gamma %g: γ must be positive and finite", gamma)}
		case gamma > 0 && sigma2 > 0:
			return k, &usageError{msg: "give -sigma2 or -gamma, not both"}
		case gamma > 0:
			k = learn.Kernel{Type: learn.GaussianKernel, Gamma: gamma}
		case sigma2 > 0:
			k = learn.Gaussian(sigma2)
		default:
			return k, &usageError{msg: "-kernel rbf needs -sigma2 S (the notes' σ²) or -gamma G (= 1/σ²)"}
		}
	case "poly":
		if degree < 1 {
			return k, &usageError{msg: "-kernel poly needs -degree P ≥ 1"}
		}
		k = learn.Polynomial(degree)
		if gamma > 0 {
			k.Gamma = gamma
		}
		if set("coef0") {
			k.Coef0 = coef0
		}
	default:
		return k, &usageError{msg: fmt.Sprintf("-kernel %q: want linear, poly or rbf", kind)}
	}
	return k, k.Validate()
}

func runKPCA(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("kpca")
	fs, asJSON := newFlags(c, stderr)
	kind := fs.String("kernel", "rbf", "linear, poly or rbf")
	sigma2 := fs.Float64("sigma2", 0, "σ² of the Gaussian kernel exp(−‖x−y‖²/σ²)")
	gamma := fs.Float64("gamma", 0, "γ of LIBSVM's forms (rbf: exp(−γ‖x−y‖²); poly: (γxᵀy + c₀)^p)")
	degree := fs.Int("degree", 0, "degree `P` of the polynomial kernel (1 + xᵀy)^P")
	coef0 := fs.Float64("coef0", 1, "c₀ of the polynomial kernel")
	k := fs.Int("k", 2, "number of components `K` (0: all, every non-zero eigenvalue, as pca)")
	query := fs.String("query", "", "also project the points of `Q.csv`")
	target := fs.String("target", "", "exclude the column `COL` from the features")
	idx := fs.String("idx", "", "read the data from an MNIST IDX image `FILE` instead of CSV")
	outPath := fs.String("out", "", "also write the per-row results (projections, or the embedding) as CSV to `FILE`")
	trace := traceFlag(fs)
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	ops, err := parseFlags(c, fs, args, 0, 1)
	if err != nil {
		return err
	}
	if *k < 0 {
		return &usageError{msg: fmt.Sprintf("-k %d: want K ≥ 1, or 0 for all", *k), usage: "demo kpca " + c.args}
	}
	for name, uses := range map[string]bool{"sigma2": *kind == "rbf", "degree": *kind == "poly", "coef0": *kind == "poly", "gamma": *kind != "linear"} {
		if flagSet(fs, name) && !uses {
			return &usageError{msg: fmt.Sprintf("-%s does not apply to -kernel %s", name, *kind), usage: "demo kpca " + c.args}
		}
	}
	kern, err := kernelFromFlags(*kind, *sigma2, *gamma, *degree, *coef0, func(name string) bool { return flagSet(fs, name) })
	if err != nil {
		return withUsage(err, c)
	}
	x, err := loadFeatures(ops, *target, *idx)
	if err != nil {
		return withUsage(err, c)
	}
	cfg := learn.KernelPCA{Kernel: kern, Components: *k, Eigen: eigenTrace(*trace, stderr)}
	// Progress (not with -trace, which prints every QR step): the stages,
	// with a heartbeat while the Gram matrix and the eigensolver run.
	pr := newProgress(stderr, "kpca", *quiet || *trace)
	stop := pr.heartbeat()
	defer pr.done()
	defer stop()
	n := x.Rows()
	if *k == 0 {
		pr.update("the %d×%d Gram matrix and its whole spectrum (to count the components)", n, n)
		// All: every component whose eigenvalue μ exceeds learn's threshold
		// n·ε·μ₁, found from the full spectrum of a first fit.
		cfg.Components, cfg.Solver = 1, "full"
		first, err := cfg.Fit(x)
		if err != nil {
			return err
		}
		mu := first.Eigenvalues
		tol := float64(len(mu)) * 0x1p-52 * math.Abs(mu[0])
		cfg.Components = 0
		for _, v := range mu {
			if v > tol {
				cfg.Components++
			}
		}
		if cfg.Components == 0 {
			return fmt.Errorf("the centred kernel matrix is zero: there is no component")
		}
		cfg.Eigen.Trace = nil // traced once
	}
	pr.update("the %d×%d Gram matrix and its top %d eigenvectors", n, n, cfg.Components)
	m, err := cfg.Fit(x)
	if err != nil {
		return err
	}
	pr.update("projecting the %d training rows", n)
	y, _ := m.Transform(x)
	fields := []field{{"eigenvalues", m.Eigenvalues}, {"projections", y}}
	if *query != "" {
		q, err := loadFeatures([]string{*query}, *target, "")
		if err != nil {
			return err
		}
		pr.update("projecting the %d query rows", q.Rows())
		qy, err := m.Transform(q)
		if err != nil {
			return err
		}
		fields = append(fields, field{"query_projections", qy})
	}
	if err := writeRowsOut(*outPath, "pc", y); err != nil {
		return err
	}
	pr.update("done: %d components of %d rows", m.K(), n)
	return emit(stdout, *asJSON, fields)
}

func runSpectral(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("spectral")
	fs, asJSON := newFlags(c, stderr)
	k := fs.Int("k", 2, "dimension `K` of the embedding")
	sigma2 := fs.Float64("sigma2", 0, "σ² of the Gaussian weights exp(−‖x−y‖²/σ²) (required)")
	neighbors := fs.Int("neighbors", 0, "connect each point to its `N` nearest neighbours (default: all pairs)")
	normalized := fs.Bool("normalized", false, "use the normalized Laplacian I − D^(−1/2) W D^(−1/2)")
	target := fs.String("target", "", "exclude the column `COL` from the features")
	idx := fs.String("idx", "", "read the data from an MNIST IDX image `FILE` instead of CSV")
	outPath := fs.String("out", "", "also write the per-row results (projections, or the embedding) as CSV to `FILE`")
	trace := traceFlag(fs)
	ops, err := parseFlags(c, fs, args, 0, 1)
	if err != nil {
		return err
	}
	switch {
	case !(*sigma2 > 0) || math.IsInf(*sigma2, 0):
		return &usageError{msg: "-sigma2 S > 0 is required", usage: "demo spectral " + c.args}
	case *k < 1:
		return &usageError{msg: fmt.Sprintf("-k %d: want K ≥ 1", *k), usage: "demo spectral " + c.args}
	case *neighbors < 0:
		return &usageError{msg: fmt.Sprintf("-neighbors %d: want N ≥ 0 (0: all pairs)", *neighbors), usage: "demo spectral " + c.args}
	}
	x, err := loadFeatures(ops, *target, *idx)
	if err != nil {
		return withUsage(err, c)
	}
	m, err := learn.SpectralEmbedding{Components: *k, Sigma2: *sigma2, Neighbors: *neighbors, Normalized: *normalized, Eigen: eigenTrace(*trace, stderr)}.Fit(x)
	if err != nil {
		return err
	}
	if err := writeRowsOut(*outPath, "e", m.Embedding); err != nil {
		return err
	}
	return emit(stdout, *asJSON, []field{{"eigenvalues", m.Eigenvalues}, {"embedding", m.Embedding}})
}

// declareLDAFlags puts lda's hyper-parameter flags on fs, for the command
// and for its learner (cv, grid, …).
func declareLDAFlags(fs *flag.FlagSet) func() (learn.FisherLDA, error) {
	ridge := fs.Float64("ridge", 0, "add `R`·I to the within-class scatter S_w")
	return func() (learn.FisherLDA, error) {
		if !(*ridge >= 0) || math.IsInf(*ridge, 0) {
			return learn.FisherLDA{}, fmt.Errorf("-ridge %g: want a finite R ≥ 0", *ridge)
		}
		return learn.FisherLDA{Ridge: *ridge}, nil
	}
}

func runLDA(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("lda", "fisher", stderr)
	flags := declareLDAFlags(s.fs)
	trace := traceFlag(s.fs)
	if err := s.parse(args); err != nil {
		return err
	}
	return fitOrLoad(s, stdout, flags, func(cfg learn.FisherLDA, d *trainingSet) (any, []field, error) {
		cfg.Eigen = eigenTrace(*trace, stderr)
		m, err := cfg.Fit(d.X, d.Labels)
		if err != nil {
			return nil, nil, err
		}
		fields := []field{{"classes", classNames(d, m.Classes)}, {"w", m.W}, {"criterion", m.Criterion}}
		if m.Directions != nil {
			fields = append(fields, field{"directions", m.Directions}, field{"eigenvalues", m.Eigenvalues})
		} else {
			fields = append(fields, field{"threshold", m.Threshold})
		}
		return m, fields, nil
	})
}

// traceFlag declares -trace, shared by the commands of the PCA family.
func traceFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("trace", false, "write the eigensolver's QR steps to stderr")
}

// eigenTrace returns the eigensolver options of the PCA family's learners:
// with on set, every QR step goes to stderr in the format of demo eig
// -trace (docs/cli.md, "Traces").
func eigenTrace(on bool, stderr io.Writer) eigen.SymmetricOptions {
	if !on {
		return eigen.SymmetricOptions{}
	}
	return eigen.SymmetricOptions{Trace: func(s eigen.QRStep) { fmt.Fprintln(stderr, formatQRStep(s)) }}
}

// ldaLearner declares the flags of the lda learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func ldaLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	flags := declareLDAFlags(fs)
	return func() (learnerPlan, error) {
		cfg, err := flags()
		return classifierPlan(cfg), err
	}
}
