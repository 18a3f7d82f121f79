package plot

import (
	"errors"
	"image/png"
	"io"
	"os"
	"path/filepath"
)

// WritePNG draws the figure and writes it to w as a PNG image of
// Width×Height pixels. The same figure always gives the same bytes.
func (f *Figure) WritePNG(w io.Writer) error {
	a, err := f.layout()
	if err != nil {
		return err
	}
	r := newRaster(a.width, a.height)
	f.draw(r, a)
	return png.Encode(w, r.img)
}

// WriteSVG draws the figure and writes it to w as an SVG document of
// Width×Height pixels. The same figure always gives the same bytes.
func (f *Figure) WriteSVG(w io.Writer) error {
	a, err := f.layout()
	if err != nil {
		return err
	}
	s := newSVG(a.width, a.height, f.Title)
	f.draw(s, a)
	doc, err := s.finish()
	if err != nil {
		return err
	}
	_, err = w.Write(doc)
	return err
}

// SaveFiles writes the figure to dir/basename.png and dir/basename.svg,
// creating dir if needed, and returns the paths written.
func (f *Figure) SaveFiles(dir, basename string) ([]string, error) {
	return saveFiles(dir, basename, f.WritePNG, f.WriteSVG)
}

// saveFiles writes one file per writer: .png with the first, .svg with the
// second (if not nil).
func saveFiles(dir, basename string, writePNG, writeSVG func(io.Writer) error) ([]string, error) {
	if basename == "" || filepath.Base(basename) != basename {
		return nil, newError("save", ErrInvalid, "base name %q must be a plain file name", basename)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for _, out := range []struct {
		ext   string
		write func(io.Writer) error
	}{{".png", writePNG}, {".svg", writeSVG}} {
		if out.write == nil {
			continue
		}
		path := filepath.Join(dir, basename+out.ext)
		if err := writeFile(path, out.write); err != nil {
			return paths, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// writeFile writes path through write and removes it again on failure, so
// that no half-written picture is left behind.
func writeFile(path string, write func(io.Writer) error) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	err = errors.Join(write(file), file.Close())
	if err != nil {
		os.Remove(path)
	}
	return err
}
