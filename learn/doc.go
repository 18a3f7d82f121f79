// Package learn implements the learning algorithms of the lecture notes on
// top of packages matrix, eigen and optimize: the PCA family (PCA, whitening,
// ZCA, the Gram trick, kernel PCA), spectral embedding, Fisher's
// discriminant, kernels and support vector machines, and the later topics of
// the notes.
//
// # Conventions
//
// A data matrix X is n×d, rows are samples; the notes write d×n. Every
// algorithm is split into a configuration struct whose zero value means
// "use the defaults" and a fitted model returned by Fit, so that an unfitted
// model cannot exist. Fit never modifies its inputs. A nil matrix, a nil
// fitted model or a nil reader is an error like any other bad input
// (wrapping matrix.ErrEmpty or ErrInvalidParameter), never a panic.
//
// # Zero values and defaults
//
// A configuration field's zero value means its documented default. New
// fields are chosen so that, where zero is a meaningful value, zero is the
// default (FisherLDA.Ridge: zero means no ridge). A few fields keep a
// non-zero default for which zero is also meaningful — SVM.Epsilon
// (default 0.1, LIBSVM's) and, in package optimize, the momentum β and
// Adam's β₁, β₂ — and for them one convention holds throughout mlnotes: a
// negative value asks for a real zero, and the constant Zero (=
// optimize.Zero) names it: SVM{Type: EpsSVR, Epsilon: learn.Zero} is the
// ε-SVR with no tube. This is net.Dialer.KeepAlive's rule (zero default,
// negative off) and optimize.Stop's (a negative tolerance turns a test
// off). Fields for which zero is not meaningful (C, ν, a tolerance, a
// cache size) refuse negative values.
//
// # Supervised learners
//
// Every supervised learner is a configuration struct, and the
// configuration value is a trainer as it stands: a classification
// learner has FitClassifier(X, y []int) (Classifier, error), a regression
// learner FitRegressor(X, y []float64) (Regressor, error), so that
// cross-validation, the bootstrap, bagging, AdaBoost and the CLI take any
// learner without adapters. Its concrete entry point returns its own
// fitted model: Fit for a learner of one task; for a learner of both tasks
// (SVM, KNN, DecisionTree, RandomForest, MLP) Fit gives the classifier and
// FitRegression the regressor. A fitted classifier's Predict returns one
// label per row as []int (the labels it was trained with), a regressor's
// []float64; a learner of both tasks has one fitted type per task
// (SVMClassifierModel and SVMRegressorModel, …). Optional capabilities
// (probabilities, decision values) are the interfaces
// ProbabilisticClassifier and DecisionClassifier, found by type assertion.
// The design is set out in learner.go.
//
// # Invariants
//
// What a program can rely on for every learner, transformer and pipeline
// of the package:
//
//   - Configurations are values. A configuration struct (SVM, KNN,
//     Pipeline, …) holds settings only, is copied by assignment, and keeps
//     no state between fits: fitting one value on (X, y), then on other
//     data, then on (X, y) again gives the first model. A Trace callback is
//     the one field that reaches outside; it is never called concurrently.
//   - Fit does not modify its inputs: X and y are left as they were, bit
//     for bit.
//   - Fitted models are immutable. Predict, PredictProba,
//     DecisionFunction and Transform only read the model, so one fitted
//     model may serve Predict from many goroutines at once without locks.
//     (Their exported fields may be set by the caller, as Features of a
//     pipeline; do that before sharing the model.)
//   - Results are deterministic for a seed. A configuration with a Seed
//     gives the same model, to the bit, on every run and whatever the
//     number of cores (GOMAXPROCS) or of Workers; learners without a seed
//     are deterministic outright.
//   - A saved model loads back (Load, or the model's own LoadX) with the
//     same predictions to the bit, and saves the same bytes again; a row
//     predicted alone gets the answer it gets in a batch (the linear
//     regressors to within a derived rounding bound).
//
// These are not promises on paper: the common-checks suite
// (contract_test.go, TestContract) checks each of them for every
// classifier and regressor of the package — inputs-untouched, refit,
// seed-and-workers (GOMAXPROCS and Workers 1 and 16), concurrent-predict
// (16 goroutines on one model, without a race under go test -race),
// save-load, subset-invariance — together with the refusal of bad data
// and queries, labels returned as given, one feature, duplicated and
// constant columns, and unscorable rows; TestContractCoversEveryLearner
// fails when a learner is added without it.
//
// # Rows that cannot be scored
//
// A row whose scores are not finite — a net input, a distance, a
// log-density or a decision value that overflowed, on features near
// ±1e308 or with a corrupted model — is never given a class, a probability
// or a value: every Predict, PredictProba, DecisionFunction and Transform
// returns a *ScoreError naming the first such row and how many there are,
// which wraps matrix.ErrNotFinite (score_check.go). Trees, forests,
// stumps and AdaBoost over them only compare features with thresholds,
// exact for every finite value, and score every finite row. Every
// classifier and regressor is run through the same checks — inputs left
// untouched, bad data refused, labels as given, determinism for a seed on
// any number of cores, save and load to the bit, concurrent Predict,
// refitting — by the common-checks suite (contract_test.go), which fails
// when a learner is added without it.
//
// # Preprocessing, pipelines and model files
//
// Transformers follow the learners' pattern: StandardScaler, MinMaxScaler
// and PCA are configurations whose Fit returns a fitted model with
// Transform (the interfaces Transformer and TransformerTrainer);
// LabelEncoder maps class names to the labels 0..K−1. A Pipeline —
// transformers, then a learner — is itself a trainer, so cross-validation
// and every other assessment refit its preprocessing inside each training
// part. Load reads any model file mlnotes writes, the command line's
// included (docs/preprocessing.md). A CSV file whose label column holds
// words is read by matrix.ReadLabeledCSV, whose Labels FitNames takes;
// docs/using-go.md walks through complete programs.
//
// # Notes map
//
//	000, "PCA Procedure"; 003, "P.C.A. Algorithm"                         PCA.Fit, PCAModel.Transform
//	001, "Principal Component Analysis" (X = UZ, partial reconstruction)   PCAModel.Reconstruct, PCAModel.ReconstructionError
//	003, "Approximate Representation" (k(d + n) numbers, the 95% rule)    PCAModel.StorageCount, PCA.VarianceFraction
//	003, "Potential Algorithm" (best direction, deflate, repeat)          PCA with PCADeflation
//	004, "PCA and Whitening Transform", "ZCA Whitening"                  Whiten.Fit, WhitenModel.Transform
//	004, "High dimensional PCA" (the n×n Gram trick)                     PCA with PCAGram
//	004, "Kernel function", "Mercer Theorem"                             Kernel, GramMatrix, CrossGram, MercerCheck
//	004, "Kernel PCA"                                                    KernelPCA.Fit, KernelPCAModel.Transform
//	002, "Problem Formulation" (min trace(HᵀLH), HᵀH = I)                SpectralEmbedding.Fit
//	004, "Multivariate Normal Distribution"                             MultivariateNormal (LogPdf, Sample)
//	004, "Maximum Likelihood Estimation", "In-variance of the MLE"      GaussianMLE.Fit
//	004, "Bayes Classifier", "Optimality"                               Bayes.Fit, BayesModel.Predict, GaussianBayesError
//	004, "Mixture density Estimate and EM algorithm"                    GaussianMixture.Fit, GMMModel
//	004, "Bayesian Estimation"                                          BetaBernoulli.Update, NormalMean.Update, NormalInverseGamma.Update
//	004, "Parzen Window"                                                KernelDensity.Fit, KDEModel.LogDensity
//	004, "Fisher Linear Discriminant"                                    FisherLDA.Fit, FisherModel.Predict
//	004, "Support Vector Machines(SVM)", "Using Slack Variable"          SVM.Fit (CSVC, Hard), SVMClassifierModel.Decision, PrimalW
//	004, "v- SVM"                                                        SVM.FitClassifier (NuSVC), BinarySVM.FractionSV, EquivalentC, NuRho
//	004, "Support Vector Regression", "v-SVR"                            SVM.FitRegressor (EpsSVR, NuSVR)
//	004, "SMO Algorithm"                                                 the solver optimize.SMO, reached through SVM
//	001, "Linear models" (h(x) = wᵀφ(x), fixed basis functions)         Basis.Fit, BasisMap.Transform, LinearRegression (Basis)
//	002, "Linear Regression", "Linear Regression in ℝᵈ"                  LinearRegression.Fit (SolverNormal is the notes' form)
//	004, "Linear Least Squares Regression" (W = A⁺Y)                     LinearRegression.Fit (SolverQR, SolverSVD)
//	004, "Statistical viewpoint of Linear Regression"                    LinearModel.Sigma2, LinearModel.LogLikelihood
//	004, "Ridge Regression" ((AᵀA + λI)W = AᵀY, MAP)                     Ridge.Fit, Ridge.Path, Example_ridgeMAP
//	004, "Logistic Regression"                                           LogisticRegression.Fit, LogisticModel.PredictProba
//	004, "Single Neuron Models" (perceptron, AdaLinE)                    Perceptron.Fit, Adaline.Fit
//	002, "Feature Selection", "Pearson's Correlation Coefficient"        Pearson, SelectFeatures
//	004, "Feature Selection" (mutual information)                        MutualInformation, SelectFeatures
//	004, "Logistic Regression", "K-fold Cross-Validation" (Platt)        SVM.Probability, SVMClassifierModel.PredictProba
//	004, "Single Neuron Models", "Typical Activation function"           Neuron, Activation (ActHardLimiter, ActSigmoid, ActTanh, ActReLU)
//	004, "Multilayer feed-forward Network"                               Network, NewNetwork, Network.Forward, MLP
//	004, "Backpropagation Algorithm"                                     Network.backward (δ recursion), GradientCheck, Network.Train, MLP.FitClassifier
//	004, "Auto-Encoder", "Denoising Autoencoder", "Sparse Autoencoder"   Autoencoder.Fit, AutoencoderModel.Encode, Decode
//	004, "Bias-Variance Trade-off"                                       BiasVariance.Run (with VandermondeFit)
//	004, "Hold out Validation Set"                                       HoldOutSplit, HoldOutClassifier, ModelSelectionCurve*
//	004, "K-fold Cross-Validation" (ρ, e_cv)                             KFold, StratifiedKFold, CrossValidateClassifier/Regressor
//	004, "Bootstrap Methods" (e¹_boot, e_boot, .632; 1-NN example)       Bootstrap, KNN
//	004, "Bagging Estimate"                                              Bagging
//	004, "Combining Classifier" (the three-classifier example)           Boost3
//	004, "Random Forest", "Decision Trees"                               RandomForest, DecisionTree
//	004, "AdaBoost", "AdaBoost Algorithm" (the half-weight property)     AdaBoost, Stump
//
// docs/index.md maps every heading of every note, with its status.
//
// # Errors
//
// Bad data (NaN, Inf, empty or ragged input, mismatched lengths) and invalid
// hyper-parameters return errors; nothing panics on user input.
package learn
