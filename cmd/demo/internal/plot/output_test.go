package plot

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var sampleDir = flag.String("plot.out", "", "directory where TestSaveSamples leaves the sample pictures, for looking at them")

// TestSaveSamples saves every sample figure and grid, in a temporary folder
// or, to look at them, where -plot.out says:
//
//	go test ./cmd/demo/internal/plot -run TestSaveSamples -plot.out /tmp/plots
func TestSaveSamples(t *testing.T) {
	dir := *sampleDir
	if dir == "" {
		dir = t.TempDir()
	}
	for name, f := range sampleFigures() {
		if _, err := f.SaveFiles(dir, name); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for _, n := range []int{8, 28} {
		if _, err := sampleImageGrid(n).SaveFiles(dir, "grid"+itoa(n)); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 * (len(sampleFigures()) + 2); len(entries) < want {
		t.Errorf("%d files in %s, want at least %d", len(entries), dir, want)
	}
}

func TestSaveFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "out") // created on demand
	f := sampleFigures()["variance"]
	paths, err := f.SaveFiles(dir, "variance")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "variance.png"), filepath.Join(dir, "variance.svg")}
	if len(paths) != 2 || paths[0] != want[0] || paths[1] != want[1] {
		t.Fatalf("paths %q, want %q", paths, want)
	}
	var png, svg bytes.Buffer
	if err := f.WritePNG(&png); err != nil {
		t.Fatal(err)
	}
	if err := f.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	for i, wantBytes := range [][]byte{png.Bytes(), svg.Bytes()} {
		got, err := os.ReadFile(paths[i])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, wantBytes) {
			t.Errorf("%s differs from what Write%s gives", paths[i], []string{"PNG", "SVG"}[i])
		}
	}
	if _, err := sampleImageGrid(8).SaveFiles(dir, "grid"); err != nil {
		t.Fatal(err)
	}
}

func TestSaveFilesErrors(t *testing.T) {
	f := sampleFigures()["variance"]
	for _, base := range []string{"", "a/b", "../up"} {
		if _, err := f.SaveFiles(t.TempDir(), base); !errors.Is(err, ErrInvalid) {
			t.Errorf("base name %q: error %v, want ErrInvalid", base, err)
		}
	}
	// A figure that cannot be drawn leaves no file behind.
	dir := t.TempDir()
	if _, err := (&Figure{}).SaveFiles(dir, "empty"); err == nil {
		t.Error("an empty figure was saved")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left behind: %v", entries)
	}
}

func TestOutputIsDeterministic(t *testing.T) {
	// Two figures built alike, and one figure written twice, give the same
	// bytes: the tour's pictures only change when the data do.
	for name := range sampleFigures() {
		a, b := sampleFigures()[name], sampleFigures()[name]
		for _, write := range []func(f *Figure) []byte{
			func(f *Figure) []byte { var buf bytes.Buffer; _ = f.WritePNG(&buf); return buf.Bytes() },
			func(f *Figure) []byte { var buf bytes.Buffer; _ = f.WriteSVG(&buf); return buf.Bytes() },
		} {
			first := write(a)
			if len(first) == 0 || !bytes.Equal(first, write(a)) || !bytes.Equal(first, write(b)) {
				t.Errorf("%s: output differs between runs", name)
			}
		}
	}
}
