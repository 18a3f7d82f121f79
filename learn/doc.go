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
// model cannot exist. Fit never modifies its inputs.
//
// # Errors
//
// Bad data (NaN, Inf, empty or ragged input, mismatched lengths) and invalid
// hyper-parameters return errors; nothing panics on user input.
package learn
