package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// How close the page's numbers must be to the native command's.
//
// The WebAssembly build runs the portable kernels, the native one the
// assembly ones: the same formulas in IEEE double precision (neither
// fuses a multiply and an add), with sums taken in other orders. A sum of
// m terms in any order is within γₘ·Σ|terms| of the exact sum, γₘ =
// m·u/(1 − m·u) with u = 2⁻⁵³, so two orders differ by at most 2γₘ ≈ m·ε
// (ε = 2⁻⁵², the spacing of float64 at 1) relative to the size of what is
// summed. A computation built of such sums (products, factorizations,
// iterations that contract) is backward stable, and its result moves by
// at most its condition number κ times that relative change of its data.
// Hence the tolerance
//
//	τ = κ · m · ε,
//
// applied normwise: a number, or every entry of an array (or the same
// field of an array's objects), agrees when |page − command| ≤ τ ·
// max|entries| over both sides. Normwise, because rounding errors are
// relative to the largest quantities summed, not to each small result
// (PCA's trailing eigenvalues, 10⁻³⁵ next to 10², differ relatively by
// O(1) and normwise by 10⁻³⁵).
//
// m is the number of values the command reads: the rows times the columns
// of every CSV file it names, which bounds the number of terms of any sum
// over the data. κ is 1 (the result a well-conditioned function of sums)
// unless the page's result block says otherwise under "rounding":
// {"condition": κ, "terms": m} (terms for a command that draws its own
// data and so names no file), the page's estimate for its state (the
// ridge page: κ₂(ΦcᵀΦc + λI); the bias–variance curves: the largest κ₂ of
// a fit's Vandermonde matrix; a descent path of k iterates: k, each step
// adding its rounding to the earlier ones'). "rounding" is not a field of
// the command and is not compared.
//
// The tolerance assumes an iteration does not amplify its rounding
// errors: a descent past its stable step (logistic.html's lr above 2/L)
// amplifies them at every step, and its last digits depend on the order
// of the sums (docs/live.md).

// eps is the spacing of float64 at 1, 2⁻⁵².
const eps = 0x1p-52

// rounding is what one command's tolerance is derived from.
type rounding struct {
	terms     float64 // m
	condition float64 // κ
}

func (r rounding) tolerance() float64 { return r.condition * r.terms * eps }

// roundingOf reads the block's "rounding" entry, if any, over the values
// the command's files hold (counted by dataValues).
func roundingOf(block map[string]any, values int) (rounding, error) {
	r := rounding{terms: float64(values), condition: 1}
	v, ok := block["rounding"]
	if !ok {
		return r, checkRounding(r)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return r, fmt.Errorf("result block: rounding is %T, want an object", v)
	}
	for k, x := range m {
		f, ok := x.(float64)
		if !ok {
			return r, fmt.Errorf("result block: rounding.%s is %v, want a number", k, x)
		}
		switch k {
		case "condition":
			r.condition = f
		case "terms":
			r.terms = f
		default:
			return r, fmt.Errorf("result block: rounding.%s is not known (condition, terms)", k)
		}
	}
	return r, checkRounding(r)
}

func checkRounding(r rounding) error {
	if !(r.terms >= 1) || !(r.condition >= 1) || math.IsInf(r.tolerance(), 0) {
		return fmt.Errorf("result block: rounding m = %g, κ = %g: want m ≥ 1 (values read) and a finite κ ≥ 1", r.terms, r.condition)
	}
	return nil
}

// dataValues counts the values of the CSV files among the command's
// arguments, read in dir: rows (after the header) times columns.
func dataValues(words []string, dir string) (int, error) {
	n := 0
	for _, w := range words {
		if !strings.HasSuffix(w, ".csv") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, w))
		if err != nil {
			return 0, err
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		for _, l := range lines[1:] {
			n += strings.Count(l, ",") + 1
		}
	}
	return n, nil
}

// scales records, for every field path (array indices dropped: "values[]",
// "degrees[].variance"), the largest magnitude of its numbers in v.
func scales(path string, v any, out map[string]float64) {
	switch x := v.(type) {
	case float64:
		out[path] = max(out[path], math.Abs(x))
	case []any:
		for _, e := range x {
			scales(path+"[]", e, out)
		}
	case map[string]any:
		for k, e := range x {
			scales(path+"."+k, e, out)
		}
	}
}
