package plot

import (
	"errors"
	"image/png"
	"io"
	"os"
	"path/filepath"
)

// scene is a laid-out picture ready to draw: its canvas size, its title
// (for the SVG <title>), and how to paint it.
type scene struct {
	width, height int
	title         string
	paint         func(painter)
}

// writePNG rasterizes a scene and encodes it as PNG.
func writePNG(w io.Writer, sc scene, err error) error {
	if err != nil {
		return err
	}
	r := newRaster(sc.width, sc.height)
	sc.paint(r)
	return png.Encode(w, r.img)
}

// writeSVG writes a scene as an SVG document.
func writeSVG(w io.Writer, sc scene, err error) error {
	if err != nil {
		return err
	}
	s := newSVG(sc.width, sc.height, sc.title)
	sc.paint(s)
	doc, err := s.finish()
	if err != nil {
		return err
	}
	_, err = w.Write(doc)
	return err
}

// scene lays the figure out.
func (f *Figure) scene() (scene, error) {
	a, err := f.layout()
	if err != nil {
		return scene{}, err
	}
	return scene{a.width, a.height, f.Title, func(p painter) { f.draw(p, a) }}, nil
}

// WritePNG draws the figure and writes it to w as a PNG image of
// Width×Height pixels. The same figure always gives the same bytes.
func (f *Figure) WritePNG(w io.Writer) error {
	sc, err := f.scene()
	return writePNG(w, sc, err)
}

// WriteSVG draws the figure and writes it to w as an SVG document of
// Width×Height pixels. The same figure always gives the same bytes.
func (f *Figure) WriteSVG(w io.Writer) error {
	sc, err := f.scene()
	return writeSVG(w, sc, err)
}

// SaveFiles writes the figure to dir/basename.png and dir/basename.svg,
// creating dir if needed, and returns the paths written.
func (f *Figure) SaveFiles(dir, basename string) ([]string, error) {
	return saveFiles(dir, basename, f.WritePNG, f.WriteSVG)
}

// saveFiles writes dir/basename.png with writePNG and dir/basename.svg with
// writeSVG.
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
