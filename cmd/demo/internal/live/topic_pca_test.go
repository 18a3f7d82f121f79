package live

import (
	"os"
	"reflect"
	"testing"

	"mlnotes/learn"
)

// The page keeps the fit of all 64 components and takes the first k of it
// for k components (leading): the model is the one learn.PCA fits for k,
// bit for bit, for every k and both methods the page offers.
func TestLeadingIsTheFitOfKComponents(t *testing.T) {
	b, err := os.ReadFile("../../../../testdata/digits.csv")
	if err != nil {
		t.Fatal(err)
	}
	x, _, err := digits(map[string]string{dataPath("digits"): string(b)})
	if err != nil {
		t.Fatal(err)
	}
	for _, method := range []learn.PCAMethod{learn.PCACovariance, learn.PCASVD} {
		all, err := learn.PCA{Components: x.Cols(), Method: method}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		for k := 1; k <= x.Cols(); k++ {
			want, err := learn.PCA{Components: k, Method: method}.Fit(x)
			if err != nil {
				t.Fatal(err)
			}
			got := leading(all, k)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, k = %d: the first k of all components differ from the fit of k", method, k)
			}
		}
	}
}
