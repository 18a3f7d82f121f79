package plot

// PlotArea returns the rectangle, in canvas pixels (x to the right, y
// downwards, the SVG's user units), that the axis ranges map onto, and the
// ranges themselves: a pixel (px, py) inside it shows the data point
// x = X.Min + (px − x0)/(x1 − x0)·(X.Max − X.Min) and, on a linear y axis,
// y = Y.Max − (py − y0)/(y1 − y0)·(Y.Max − Y.Min). The live site uses it
// to turn a click on a figure into data coordinates. The error is the
// figure's, as WriteSVG would return it.
func (f *Figure) PlotArea() (x0, y0, x1, y1 float64, x, y Range, err error) {
	a, err := f.layout()
	if err != nil {
		return 0, 0, 0, 0, Range{}, Range{}, err
	}
	return a.area.x0, a.area.y0, a.area.x1, a.area.y1, Range{a.x.Min, a.x.Max}, Range{a.y.Min, a.y.Max}, nil
}
