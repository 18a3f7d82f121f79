package learn

import "mlnotes/optimize"

// Trace is the progress callback of every iterative learner of this
// package (SVM, LogisticRegression, GaussianMixture, AdaBoost, Perceptron,
// Adaline and the networks' Training): it receives
// each step as the learner takes it, never concurrently. Set it in the
// configuration's Trace field; nil (the default) traces nothing.
type Trace func(TraceStep)

// TraceStep is one step of an iterative learner. Iteration and Objective
// are filled by every learner; the learner's own record of the step is in
// the one pointer field that belongs to it, the others are nil.
type TraceStep struct {
	// Iteration counts the steps: an SMO iteration of one machine, a
	// solver iteration (0 for the starting point), an EM iteration of one
	// restart, a boosting round, an epoch of a network or of a single
	// neuron (all but the solver's from 1).
	Iteration int
	// Objective is what the step improves: the SMO dual objective (scaled
	// as the solver keeps it), the penalized negative log-likelihood f
	// (logistic regression), the mean log-likelihood (EM), the round's
	// weighted error ξₘ (AdaBoost), the epoch's mean training loss (a
	// network), the epoch's mistakes (perceptron) or the mean squared error
	// of the linear output after it (AdaLinE).
	Objective float64
	// SMO is the SVM's step: the pair (I, J) optimized, the maximal KKT
	// violation, the active set (optimize.SMOStep; a final report with
	// I = J = −1 ends each machine).
	SMO *optimize.SMOStep
	// Solver is logistic regression's solver iterate (Newton, gradient
	// descent or L-BFGS).
	Solver *optimize.Step
	// EM is the Gaussian mixture's step.
	EM *EMStep
	// Round is AdaBoost's round.
	Round *AdaRound
	// Epoch is a network's epoch (MLP, autoencoder).
	Epoch *EpochReport
	// Neuron is an epoch of the perceptron or AdaLinE.
	Neuron *NeuronEpoch
}

// NeuronEpoch is one epoch of a single-neuron learner (Perceptron,
// Adaline; 004, "Single Neuron Models"). Class is the label the neuron
// separates from the rest: the larger of two classes, or, with K > 2, each
// class in turn (one versus rest), whose epochs are reported one neuron
// after the other in class order. Mistakes are the perceptron's updates in
// the epoch; MSE is AdaLinE's mean squared error of the linear output
// after it.
type NeuronEpoch struct {
	Class    int
	Mistakes int
	MSE      float64
}

// EMStep is one EM iteration of GaussianMixture.Fit (004, "EM
// Algorithm"): the restart (0-based) and the mean log-likelihood after the
// iteration.
type EMStep struct {
	Restart       int
	LogLikelihood float64
}
