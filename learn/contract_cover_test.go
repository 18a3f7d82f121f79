package learn

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestContractCoversEveryLearner: every exported type of the package with
// a FitClassifier or FitRegressor method, or a Fit method taking (x, y),
// and every exported function returning a ClassifierTrainer or a
// RegressorTrainer,
// is run by the common-checks suite (a types entry of contractLearners) or
// is listed in contractNotLearners with the reason; adding a learner
// without adding it to the suite fails here. It reads the package's source
// with go/parser (no type checking needed: the receiver and parameter
// types are read from the syntax).
func TestContractCoversEveryLearner(t *testing.T) {
	found := learnerTypes(t)
	covered := map[string]bool{}
	for _, l := range contractLearners() {
		for _, ty := range l.types {
			covered[ty] = true
		}
	}
	for _, ty := range found {
		if !covered[ty] && contractNotLearners[ty] == "" {
			t.Errorf("%s has a Fit method but is not in the common-checks suite (contractLearners in contract_table_test.go)", ty)
		}
	}
	all := map[string]bool{}
	for _, ty := range found {
		all[ty] = true
	}
	for ty := range covered {
		if !all[ty] {
			t.Errorf("the suite lists %s, which has no Fit method", ty)
		}
	}
	for ty := range contractNotLearners {
		if !all[ty] {
			t.Errorf("contractNotLearners lists %s, which has no Fit method", ty)
		}
	}
	if len(found) < 15 {
		t.Errorf("found only %d learner types (%v): the search is broken", len(found), found)
	}
}

// learnerTypes returns the exported receiver types of the package's
// non-test files that have a FitClassifier or FitRegressor method, or a
// Fit method whose last two parameters are a matrix and a []int or
// []float64.
func learnerTypes(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, pkg := range pkgs {
		for _, f := range pkg.Files {
			for _, decl := range f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok {
					continue
				}
				if fn.Recv == nil {
					if ast.IsExported(fn.Name.Name) && returnsTrainer(fn) {
						set[fn.Name.Name] = true
					}
					continue
				}
				if len(fn.Recv.List) != 1 {
					continue
				}
				recv := receiverName(fn.Recv.List[0].Type)
				if !ast.IsExported(recv) || !isFitMethod(fn) {
					continue
				}
				set[recv] = true
			}
		}
	}
	var out []string
	for ty := range set {
		out = append(out, ty)
	}
	sort.Strings(out)
	return out
}

// returnsTrainer reports whether a function returns a ClassifierTrainer or
// a RegressorTrainer (a learner built by a function, VandermondeFit).
func returnsTrainer(fn *ast.FuncDecl) bool {
	if fn.Type.Results == nil {
		return false
	}
	for _, r := range fn.Type.Results.List {
		if id, ok := r.Type.(*ast.Ident); ok && (id.Name == "ClassifierTrainer" || id.Name == "RegressorTrainer") {
			return true
		}
	}
	return false
}

// receiverName returns T of a receiver T or *T (or T[…]).
func receiverName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return receiverName(e.X)
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return receiverName(e.X)
	}
	return ""
}

// isFitMethod reports whether fn is FitClassifier, FitRegressor, or a Fit
// whose last two parameters are (x *matrix.Dense, y []int | []float64).
func isFitMethod(fn *ast.FuncDecl) bool {
	switch fn.Name.Name {
	case "FitClassifier", "FitRegressor":
		return true
	case "Fit":
	default:
		return false
	}
	var types []ast.Expr
	for _, p := range fn.Type.Params.List {
		n := max(1, len(p.Names))
		for range n {
			types = append(types, p.Type)
		}
	}
	if len(types) < 2 {
		return false
	}
	y, ok := types[len(types)-1].(*ast.ArrayType)
	if !ok || y.Len != nil {
		return false
	}
	elem, ok := y.Elt.(*ast.Ident)
	return ok && (elem.Name == "int" || elem.Name == "float64")
}
