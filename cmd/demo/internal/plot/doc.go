// Package plot draws the pictures of the guided tour: line, scatter and
// decision-region figures with axes, ticks, labels and a legend, and grids of
// greyscale images, written as PNG (image/png) and as hand-written SVG. It
// uses the standard library only; text in PNG output is drawn with a small
// bitmap font defined in font.txt.
//
// A Figure is built by adding layers and then written:
//
//	f := &plot.Figure{Title: "Explained variance", XLabel: "k", YLabel: "ratio"}
//	f.Line("cumulative", k, ratio, plot.Style{Marker: plot.MarkerCircle})
//	f.HLine("95%", 0.95, plot.Style{Dashed: true})
//	paths, err := f.SaveFiles("demo-out", "pca-variance") // .png and .svg
//
// # Conventions
//
// Data coordinates are plain float64 values; x grows to the right and y
// upwards. Sizes of lines, markers and text are in image pixels and default
// to multiples of the text scale (2 at the default 800×600 size), so a figure
// scaled up keeps its proportions. Axis ranges come from the finite data,
// widened to the nearest "nice" ticks (1, 2 or 5 times a power of ten, see
// NiceTicks), unless fixed by XRange and YRange. Series without a colour take
// the palette colours (Tableau 10) in order; class k is always ClassColor(k)
// with marker ClassMarker(k), in scatters and in decision regions alike.
//
// Output is deterministic: the same figure gives the same PNG and SVG bytes,
// whatever the machine (no map iteration, no time stamps, no randomness).
// The PNG and SVG come from one layout and one sequence of drawing
// primitives, so they show the same picture; only the fonts differ (the SVG
// names the viewer's sans-serif font).
//
// # Notes map
//
// Nothing here implements the notes; it draws their figures:
//
//	000, "Reconstruction of x from y" (figure 4, recovered digits)  ImageGrid
//	003, "Approximate Representation" (the 95% rule)                Figure.Line, Figure.HLine
//
// # Errors
//
// Bad input gives an *Error, never a panic: slices of different lengths
// (wrapping matrix.ErrShape), nothing to draw (matrix.ErrEmpty), a NaN pixel
// in a grid image (matrix.ErrNotFinite), and invalid settings such as a
// reversed fixed range or an unknown marker (ErrInvalid). NaN and infinite
// data points of a series are not errors: they are left out, and a line is
// broken where they occur. A Figure keeps the first error met while layers
// are added and returns it when it is written (see Figure).
package plot
