package plot

import (
	"image/color"
)

// tableau10 is the categorical palette Tableau 10 (the 2016 revision by
// M. Stone), whose colours were chosen to stay apart for the common colour-
// vision deficiencies better than its predecessor's. No ten colours are all
// distinct for every reader, so scatters also vary the marker shape by class
// (classMarkers), which keeps classes apart in greyscale print too.
var tableau10 = [10]color.NRGBA{
	{0x4e, 0x79, 0xa7, 0xff}, // blue
	{0xf2, 0x8e, 0x2b, 0xff}, // orange
	{0xe1, 0x57, 0x59, 0xff}, // red
	{0x76, 0xb7, 0xb2, 0xff}, // teal
	{0x59, 0xa1, 0x4f, 0xff}, // green
	{0xed, 0xc9, 0x48, 0xff}, // yellow
	{0xb0, 0x7a, 0xa1, 0xff}, // purple
	{0xff, 0x9d, 0xa7, 0xff}, // pink
	{0x9c, 0x75, 0x5f, 0xff}, // brown
	{0xba, 0xb0, 0xac, 0xff}, // grey
}

// classMarkers are the marker shapes cycled through by class, so that
// classes whose colours are confusable still differ in shape (classes c and
// c + 7 share a shape but have distant colours).
var classMarkers = [7]Marker{MarkerCircle, MarkerSquare, MarkerTriangle, MarkerDiamond, MarkerTriangleDown, MarkerPlus, MarkerCross}

// Fixed colours of the figure furniture.
var (
	colorBackground = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	colorText       = color.NRGBA{0x22, 0x22, 0x22, 0xff}
	colorFrame      = color.NRGBA{0x44, 0x44, 0x44, 0xff}
	colorGrid       = color.NRGBA{0xe4, 0xe4, 0xe4, 0xff}
	colorLegendBox  = color.NRGBA{0xff, 0xff, 0xff, 0xe0}
	colorLegendEdge = color.NRGBA{0xaa, 0xaa, 0xaa, 0xff}
)

// ClassColor returns the palette colour of class c (Tableau 10, cycling after
// ten classes). ScatterClasses and ClassRegions colour class c with it, so the
// digits keep their colours from one figure to the next. Negative classes get
// the palette's grey.
func ClassColor(c int) color.NRGBA {
	if c < 0 {
		return tableau10[9]
	}
	return tableau10[c%len(tableau10)]
}

// ClassMarker returns the marker shape ScatterClasses uses for class c.
func ClassMarker(c int) Marker {
	if c < 0 {
		c = -c
	}
	return classMarkers[c%len(classMarkers)]
}

// tint mixes c with white, keeping the fraction keep of the colour: the pale
// version of a class colour that ClassRegions paints behind the points.
func tint(c color.NRGBA, keep float64) color.NRGBA {
	mix := func(v uint8) uint8 { return uint8(float64(v)*keep + 255*(1-keep) + 0.5) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), 0xff}
}

// toNRGBA converts any colour to non-premultiplied RGBA.
func toNRGBA(c color.Color) color.NRGBA {
	return color.NRGBAModel.Convert(c).(color.NRGBA)
}

// hexColor writes c as #rrggbb for SVG.
func hexColor(c color.NRGBA) string {
	const digits = "0123456789abcdef"
	return string([]byte{'#', digits[c.R>>4], digits[c.R&15], digits[c.G>>4], digits[c.G&15], digits[c.B>>4], digits[c.B&15]})
}
