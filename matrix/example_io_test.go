package matrix_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"mlnotes/matrix"
)

// A CSV file with a header row becomes a Table; Column resolves the target
// the way a -target flag names it, and Split separates features from target.
func ExampleReadCSV() {
	const file = `sepal_length,sepal_width,species
5.1,3.5,0
7.0,3.2,1
6.3,3.3,2
`
	tab, err := matrix.ReadCSV(strings.NewReader(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	target, err := tab.Column("species")
	if err != nil {
		fmt.Println(err)
		return
	}
	X, y, features, _ := tab.Split(target)
	fmt.Println("names:", tab.Names, "features:", features)
	fmt.Printf("X is %d×%d, y = %v\n", X.Rows(), X.Cols(), y)
	fmt.Printf("first sample: %.4f\n", X.Row(0))

	// Errors name the line and the column.
	_, err = matrix.ReadCSV(strings.NewReader("a,b\n1,2\n3,x\n"))
	fmt.Println(err)
	fmt.Println(errors.Is(err, matrix.ErrFormat))

	// Output:
	// names: [sepal_length sepal_width species] features: [sepal_length sepal_width]
	// X is 3×2, y = [0 1 2]
	// first sample: [5.1000 3.5000]
	// matrix: read csv: malformed input: line 3, column 2 ("b"): "x" is not a number
	// true
}

// Column accepts a name or a 0-based index and lists the columns when
// neither matches.
func ExampleTable_Column() {
	tab, err := matrix.ReadCSVFile("../testdata/iris.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	byName, _ := tab.Column("species")
	byIndex, _ := tab.Column("4")
	fmt.Println(tab.Data.Rows(), "samples; species is column", byName, byIndex)
	_, err = tab.Column("petal")
	fmt.Println(err)
	// Output:
	// 150 samples; species is column 4 4
	// matrix: column: no such column: "petal": columns are 0 "sepal_length", 1 "sepal_width", 2 "petal_length", 3 "petal_width", 4 "species"
}

// WriteCSV writes the shortest decimal that reads back to the same float64,
// so a round trip through text loses nothing.
func ExampleWriteCSV() {
	m, _ := matrix.NewFromRows([][]float64{{0.1, 1.0 / 3}, {-0.0, 1e-308}})
	var buf bytes.Buffer
	if err := matrix.WriteCSV(&buf, m, []string{"x", "y"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(buf.String())
	tab, _ := matrix.ReadCSV(&buf)
	fmt.Println("bit-exact:", tab.Data.At(0, 1) == 1.0/3)
	// Output:
	// x,y
	// 0.1,0.3333333333333333
	// 0,1e-308
	// bit-exact: true
}

// An IDX image file is a 16-byte header (magic 0x00000803, then the number
// of images, rows and columns as big-endian uint32) followed by the pixels.
// Here are two 2×3 images; ReadIDXImages returns one flattened image per
// row, pixel values as stored (0 to 255).
func ExampleReadIDXImages() {
	file := []byte{
		0x00, 0x00, 0x08, 0x03, // magic: unsigned bytes, 3 dimensions
		0, 0, 0, 2, // 2 images
		0, 0, 0, 2, // 2 rows
		0, 0, 0, 3, // 3 columns
		0, 128, 255, // image 0, row 0
		10, 20, 30, // image 0, row 1
		255, 255, 255, // image 1, row 0
		0, 0, 0, // image 1, row 1
	}
	X, height, width, err := matrix.ReadIDXImages(bytes.NewReader(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d images of %d×%d pixels, X is %d×%d\n", X.Rows(), height, width, X.Rows(), X.Cols())
	fmt.Printf("image 0: %.0f\n", X.Row(0))
	fmt.Printf("pixel (1, 2) of image 0 scaled to [0, 1]: %.4f\n", X.At(0, 1*width+2)/255)

	// A header that promises more than the file holds is an error, not an
	// allocation of the promised size.
	_, _, _, err = matrix.ReadIDXImages(bytes.NewReader(file[:20]))
	fmt.Println(err)

	// Output:
	// 2 images of 2×3 pixels, X is 2×6
	// image 0: [0 128 255 10 20 30]
	// pixel (1, 2) of image 0 scaled to [0, 1]: 0.1176
	// matrix: read idx images: malformed input: truncated: 2×2×3 declares 12 unsigned byte values, the data ends after 4
}

// ReadIDXLabels reads the label file that goes with an image file; gzipped
// files, as MNIST is distributed, are recognised by their first two bytes.
func ExampleReadIDXLabels() {
	labels, err := matrix.ReadIDXLabelsFile("../testdata/io/fashion3-labels-idx1-ubyte.gz")
	if err != nil {
		fmt.Println(err)
		return
	}
	names := []string{"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"}
	for _, l := range labels {
		fmt.Println(l, names[l])
	}
	// Output:
	// 9 Ankle boot
	// 2 Pullover
	// 1 Trouser
}

// ReadIDX reads any IDX file: here the 2×3 "double" golden file holding
// −MaxFloat64, −0, the smallest subnormal, 0.1, 1 and MaxFloat64.
func ExampleReadIDX() {
	x, err := matrix.ReadIDXFile("../testdata/io/types-double.idx")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(x.Type, x.Dims)
	fmt.Printf("%.4g\n", x.Data)
	// Output:
	// double [2 3]
	// [-1.798e+308 -0 4.941e-324 0.1 1 1.798e+308]
}

// A label column of words stays text, for the learner's label encoder; the
// other columns are the features.
func ExampleReadLabeledCSV() {
	const file = `sepal_length,sepal_width,species
5.1,3.5,setosa
7.0,3.2,versicolor
6.3,3.3,virginica
`
	tab, err := matrix.ReadLabeledCSV(strings.NewReader(file), "species")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tab.Names, tab.Label, tab.Labels)
	fmt.Printf("X is %d×%d, first row %.1f\n", tab.Data.Rows(), tab.Data.Cols(), tab.Data.Row(0))

	_, err = matrix.ReadLabeledCSV(strings.NewReader("a,kind\n1,cat\n2,\n"), "")
	fmt.Println(err)
	// Output:
	// [sepal_length sepal_width] species [setosa versicolor virginica]
	// X is 3×2, first row [5.1 3.5]
	// matrix: read labeled csv: malformed input: line 3, column 2 ("kind"): empty label
}
