package learn

import "mlnotes/optimize"

// Trace is the progress callback of every iterative learner of this
// package (SVM, GaussianMixture, and the networks' Training): it receives
// each step as the learner takes it, never concurrently. Set it in the
// configuration's Trace field; nil (the default) traces nothing.
type Trace func(TraceStep)

// TraceStep is one step of an iterative learner. Iteration and Objective
// are filled by every learner; the learner's own record of the step is in
// the one pointer field that belongs to it, the others are nil.
type TraceStep struct {
	// Iteration counts the steps from 1: an SMO iteration of one machine,
	// an EM iteration of one restart, an epoch.
	Iteration int
	// Objective is what the step improves: the SMO dual objective (scaled
	// as the solver keeps it), the mean log-likelihood (EM), the epoch's
	// mean training loss.
	Objective float64
	// SMO is the SVM's step: the pair (I, J) optimized, the maximal KKT
	// violation, the active set (optimize.SMOStep; a final report with
	// I = J = −1 ends each machine).
	SMO *optimize.SMOStep
	// EM is the Gaussian mixture's step.
	EM *EMStep
	// Epoch is a network's epoch (MLP, autoencoder).
	Epoch *EpochReport
}

// EMStep is one EM iteration of GaussianMixture.Fit (004, "EM
// Algorithm"): the restart (0-based) and the mean log-likelihood after the
// iteration.
type EMStep struct {
	Restart       int
	LogLikelihood float64
}
