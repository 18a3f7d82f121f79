package matrix

// Solve returns X with A X = B for a square A, by LU with partial pivoting.
// It returns an error wrapping ErrSingular when A is singular or so
// ill-conditioned that the solution would be meaningless.
func Solve(a, b *Dense) (*Dense, error) {
	f, err := FactorizeLU(a)
	if err != nil {
		return nil, err
	}
	return f.Solve(b)
}

// Inverse returns A⁻¹ by LU with partial pivoting (ErrSingular when A is
// singular). Solving with Solve is cheaper and more accurate than
// multiplying by the inverse; use Inverse when the inverse itself is wanted.
func Inverse(a *Dense) (*Dense, error) {
	f, err := FactorizeLU(a)
	if err != nil {
		return nil, err
	}
	return f.Inverse()
}

// Det returns det A by LU with partial pivoting (0 for a singular A).
func Det(a *Dense) (float64, error) {
	f, err := FactorizeLU(a)
	if err != nil {
		return 0, err
	}
	return f.Det(), nil
}
