package learn

// The sign of a two-class SVM's public decision values. A machine is
// trained with its pair's lower label as +1 (LIBSVM's rule, except that +1
// is positive against −1) and keeps that orientation inside: its f, its
// Platt sigmoid (ProbA, ProbB), its Coef, Rho and PrimalW. The public
// decision values of a two-class model (Decision, DecisionFunction,
// TrainingDecision, and Vote's input) follow scikit-learn instead:
// positive means the larger label, so for a machine whose Positive is the
// lower label they are −f. The one-versus-one columns of three or more
// classes keep the machines' orientation, positive meaning the pair's
// lower label, as LIBSVM's and scikit-learn's ovo decision values do.
//
// Implements: 004, "Support Vector Machines(SVM)" (f > 0 means y = +1;
// the notes leave the map from labels to ±1 open).

// flipsDecision reports whether the public decision values of m are the
// negated values of its one machine: two classes, the lower one positive.
func (m *SVMClassifierModel) flipsDecision() bool {
	if len(m.Machines) != 1 || m.Machines[0] == nil {
		return false
	}
	mach := m.Machines[0]
	return mach.Positive < mach.Negative
}

// orientDecision turns values between the machine's orientation and the
// public one (both ways: negation is its own inverse). A zero stays +0, so
// that no "-0" reaches an output; f ≤ 0 and f > 0 keep their meaning.
func orientDecision(v float64, flip bool) float64 {
	if flip {
		return 0 - v
	}
	return v
}

// orientDecisions applies orientDecision to every value of f, in place.
func (m *SVMClassifierModel) orientDecisions(f []float64) []float64 {
	if flip := m.flipsDecision(); flip {
		for i, v := range f {
			f[i] = orientDecision(v, flip)
		}
	}
	return f
}
