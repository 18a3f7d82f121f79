package learn

import "fmt"

// CheckClassSizes returns an error wrapping ErrInvalidParameter when
// every one of more than two samples has a class of its own: such labels
// are identifiers (a row number, a name), not classes. Nothing can be
// learnt from them, and the cost of a multi-class learner grows with the
// number of classes (an SVM trains one machine per pair: 3000 rows of
// 3000 labels are 4.5 million machines). Classifiers whose work or size
// grows with the number of classes call it on their labels: the SVM (a
// machine per pair), logistic regression (a weight vector per class), the
// perceptron and AdaLinE (a neuron per class, one versus rest), the Bayes
// classifier (a density per class) and Fisher's discriminant (whose
// within-class scatter is then zero). k-NN (a point per class is a valid
// nearest-neighbour rule), trees, forests and AdaBoost do not: their size
// is bounded by the samples. op prefixes the message.
func CheckClassSizes(op string, y []int) error {
	if len(y) <= 2 {
		return nil
	}
	seen := make(map[int]struct{}, len(y))
	for _, c := range y {
		if _, dup := seen[c]; dup {
			return nil
		}
		seen[c] = struct{}{}
	}
	if op != "" {
		op += ": "
	}
	return fmt.Errorf("%s%w: each of the %d samples has a class of its own: the labels look like identifiers, not classes", op, ErrInvalidParameter, len(y))
}
