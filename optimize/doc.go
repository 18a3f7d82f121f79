// Package optimize holds the numerical optimizers the learners of mlnotes are
// trained with: the SMO solver for the quadratic programs of the support
// vector machines (004, "SMO Algorithm"), and the gradient-descent family
// (batch, stochastic and mini-batch, momentum, Adam, Newton) used by logistic
// regression, neural networks and autoencoders.
//
// The package knows nothing about any particular learner: a learner builds
// the problem (a Q-row function, an objective) and reads the answer.
//
// # Conventions
//
// A StochasticObjective returns the mean, not the sum, of the per-sample
// losses over a batch (docs/gradient-descent.md). The SMO problems are in
// LIBSVM's sign convention: minimize ½αᵀQα + pᵀα (docs/smo.md).
//
// # Zero values and defaults
//
// The zero value of every settings struct gives the defaults, each field's
// zero meaning its documented default. Where that default is not zero and
// zero is itself a meaningful setting — MomentumSettings.Momentum (β = 0,
// no momentum) and AdamSettings.Beta1, Beta2 — a negative value asks for a
// real zero, and the constant Zero names it: Momentum: optimize.Zero. The
// same rule makes a negative Stop.GradAbsTol or GradRelTol turn its test
// off, and package learn follows it (SVM.Epsilon). Fields whose zero would
// be meaningless (a step, a tolerance, a learning rate) refuse negative
// values. New fields are chosen so that zero, where meaningful, is the
// default (SGDSettings.Momentum: zero is plain SGD).
//
// # Notes map
//
//	004, "Solving the SVM optimization problem", "SMO Algorithm"            SMO, QP, SMOResult, CertifySMO
//	004, "Support Vector Machines(SVM)" (hard margin)                        SMO with Cᵢ = +Inf; ErrUnbounded when not separable
//	004, "Using Slack Variable", "v- SVM" (the duals)                        SignedQ, QP.TwoEqualities
//	004, "Support Vector Regression", "v-SVR" (2n-variable duals)            RegressionQ
//	004, "Backpropagation Algorithm" (weights updated by gradient descent)   GradientDescent, SGD, Momentum, Adam
//	004, "Auto-Encoder", "Denoising Autoencoder", "Sparse Autoencoder"       SGD, Adam
//	004, "Logistic Regression" (fitting the model)                           Newton, GradientDescent, LBFGS
//	(not in the notes) gradient checking by central differences              CheckGradient, FullBatch
//
// # Errors
//
// Invalid problems and settings (ErrInvalidParameter), infeasible constraints
// (ErrInfeasible), unbounded objectives (ErrUnbounded) and non-finite
// values (matrix.ErrNotFinite) return errors. Every iteration has a cap,
// and reaching it is reported as an error wrapping matrix.ErrNoConvergence
// together with the partial result — except for SGD and Adam, for which
// running all the epochs is the normal end (Status EpochLimit, Converged
// false, nil error); GradTol asks them for a convergence certificate.
package optimize
