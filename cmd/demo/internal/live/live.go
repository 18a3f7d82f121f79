package live

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
)

// Response is what mlnotes.run returns for one state of a page.
type Response struct {
	// Need lists the site-relative files (data sets) the state reads that
	// were not passed in: the page fetches them and calls again.
	Need []string `json:"need,omitempty"`
	// Figures are SVG documents, drawn in order.
	Figures []string `json:"figures,omitempty"`
	// Numbers are the values the page shows beside the figure.
	Numbers []Number `json:"numbers,omitempty"`
	// Result is the page's result block: the equivalent demo command line
	// (command) and the numbers under that command's -json field names.
	Result *Fields `json:"result,omitempty"`
	// Steps is the number of steps of the iterative method (0 for a page
	// without step-through); Step is the one shown.
	Steps int `json:"steps"`
	Step  int `json:"step"`
	// Params holds every parameter of the state, defaults filled in, as
	// the page's controls show them.
	Params map[string]string `json:"params"`
	// Files are files the command reads that the site does not ship (the
	// data with the points added and moved, a loss matrix): the page
	// offers them for download beside the command.
	Files []File `json:"files,omitempty"`
	// Pick, on a page whose data take clicks, tells where the first
	// figure's plot is and which points it draws.
	Pick *Pick `json:"pick,omitempty"`
}

// Number is one value shown on the page: a label, the -json field it
// comes from ("" for a value the command does not print) and its text.
type Number struct {
	Label string `json:"label"`
	Field string `json:"field,omitempty"`
	Text  string `json:"text"`
}

// Fields is a JSON object that keeps the order its fields were added in.
type Fields struct {
	names  []string
	values []any
}

// Add appends a field.
func (f *Fields) Add(name string, v any) {
	f.names = append(f.names, name)
	f.values = append(f.values, v)
}

// MarshalJSON writes the fields in order.
func (f *Fields) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, n := range f.names {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(n)
		v, err := json.Marshal(f.values[i])
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", n, err)
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// topic computes one page's state. It reads its parameters from p and its
// data from files; a missing file is reported by need (Run then asks the
// page for it).
type topic func(p *params, files map[string]string) (*Response, error)

var topics = map[string]topic{}

// TopicNames lists the pages Run knows, sorted.
func TopicNames() []any {
	var names []string
	for n := range topics {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = n
	}
	return out
}

// errNeed is returned by a topic that needs files it was not given.
type errNeed struct{ paths []string }

func (e *errNeed) Error() string { return "missing files " + strings.Join(e.paths, ", ") }

// Run computes the state of topic given by the query parameters params
// (named as the demo command's flags) with the site files in files.
func Run(name string, query map[string]string, files map[string]string) (*Response, error) {
	t, ok := topics[name]
	if !ok {
		return nil, fmt.Errorf("no page %q", name)
	}
	p := &params{raw: query, used: map[string]bool{}, norm: map[string]string{}}
	r, err := t(p, files)
	if need, ok := err.(*errNeed); ok {
		return &Response{Need: need.paths, Params: p.norm}, nil
	}
	if err == nil {
		err = p.finish()
	}
	if err != nil {
		return nil, err
	}
	r.Params = p.norm
	return r, nil
}

// params reads a state's query parameters, checks them and remembers the
// first problem.
type params struct {
	raw  map[string]string
	used map[string]bool
	norm map[string]string
	err  error
}

func (p *params) fail(format string, a ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(format, a...)
	}
}

// get returns the raw value of name and whether it was given.
func (p *params) get(name string) (string, bool) {
	p.used[name] = true
	v, ok := p.raw[name]
	return v, ok && v != ""
}

// choice reads name, one of opts (def when absent).
func (p *params) choice(name, def string, opts ...string) string {
	v, ok := p.get(name)
	if !ok {
		v = def
	}
	if !slices.Contains(opts, v) {
		p.fail("%s=%s: want one of %s", name, v, strings.Join(opts, ", "))
		v = def
	}
	p.norm[name] = v
	return v
}

// float reads name, a number in (lo, hi] (def when absent).
func (p *params) float(name string, def, lo, hi float64) float64 {
	v := def
	if s, ok := p.get(name); ok {
		f, err := strconv.ParseFloat(s, 64)
		switch {
		case err != nil:
			p.fail("%s=%s: not a number", name, s)
		case !(f > lo && f <= hi):
			p.fail("%s=%s: want a value in (%g, %g]", name, s, lo, hi)
		default:
			v = f
		}
	}
	p.norm[name] = fmtFloat(v)
	return v
}

// integer reads name, an integer in [lo, hi] (def when absent).
func (p *params) integer(name string, def, lo, hi int) int {
	v := def
	if s, ok := p.get(name); ok {
		i, err := strconv.Atoi(s)
		switch {
		case err != nil:
			p.fail("%s=%s: not an integer", name, s)
		case i < lo || i > hi:
			p.fail("%s=%s: want an integer from %d to %d", name, s, lo, hi)
		default:
			v = i
		}
	}
	p.norm[name] = strconv.Itoa(v)
	return v
}

// refuse marks name as known and fails if it was given although it does not
// apply (why says to what), as the demo command refuses it.
func (p *params) refuse(name, why string) {
	if _, ok := p.get(name); ok {
		p.fail("%s does not apply to %s", name, why)
	}
}

// finish reports the first problem, or an unknown parameter.
func (p *params) finish() error {
	if p.err != nil {
		return p.err
	}
	var unknown []string
	for k := range p.raw {
		if !p.used[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return fmt.Errorf("unknown parameter %s", strings.Join(unknown, ", "))
	}
	return nil
}

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// command builds the demo command line from its words.
func command(words ...string) string { return strings.Join(append([]string{"demo"}, words...), " ") }

// svgOf renders a figure.
func svgOf(f *plot.Figure) (string, error) {
	var b bytes.Buffer
	if err := f.WriteSVG(&b); err != nil {
		return "", err
	}
	return b.String(), nil
}
