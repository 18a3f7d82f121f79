// Package optimize holds the numerical optimizers the learners of mlnotes are
// trained with: the SMO solver for the quadratic programs of the support
// vector machines (notes 004, "SMO"), and the gradient-descent family
// (batch, stochastic and mini-batch, momentum, Adam, Newton) used by logistic
// regression, neural networks and autoencoders.
//
// The package knows nothing about any particular learner: a learner builds
// the problem (a Q-row function, an objective) and reads the answer.
//
// # Errors
//
// Invalid problems and non-finite values return errors; every iteration has
// a cap, and reaching it is reported as an error wrapping
// matrix.ErrNoConvergence together with the partial result.
package optimize
