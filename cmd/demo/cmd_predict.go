package main

// demo predict: the predictions of any saved supervised model on a data
// file (docs/cli.md, "demo predict").

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"mlnotes/matrix"
)

func init() {
	register(command{
		name:    "predict",
		args:    "-model M.json [-out P.csv] [-proba] [-target COL] [-sep S] [-format csv|libsvm] [-drop-na] [-quiet] [-json] DATA.csv",
		summary: "predictions of a model saved with -save, one per row of DATA (any supervised command)",
		run:     runPredict,
	})
}

func runPredict(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("predict")
	fs, asJSON := newFlags(c, stderr)
	modelPath := fs.String("model", "", "the model file `M.json` written by a supervised command's -save")
	outPath := fs.String("out", "", "also write the predictions as CSV to `P.csv`")
	proba := fs.Bool("proba", false, "print the class probabilities (models that have them)")
	target := fs.String("target", "", "the label column `COL` of DATA (default: the model's label column, when DATA has it)")
	sep := fs.String("sep", "", "field separator `S`: , ; or tab (default: detected)")
	format := fs.String("format", "", "csv or libsvm (default: libsvm for files named *.libsvm or *.svm, else csv)")
	dropNA := fs.Bool("drop-na", false, "drop the rows that have an empty or NA cell (reported on stderr)")
	quiet := fs.Bool("quiet", false, "no progress on stderr (k-NN models on many rows)")
	ops, err := parseFlags(c, fs, args, 1, 1)
	if err != nil {
		return err
	}
	usage := "demo predict " + c.args
	if *modelPath == "" {
		return &usageError{msg: "-model M.json is required", usage: usage}
	}
	if err := checkOutputPath("out", *outPath, *modelPath, ops[0]); err != nil {
		return err
	}
	sepRune, err := parseSeparator(*sep)
	if err != nil {
		return &usageError{msg: err.Error(), usage: usage}
	}
	if *format != "" && *format != "csv" && *format != "libsvm" {
		return &usageError{msg: fmt.Sprintf("-format %q: want csv or libsvm", *format), usage: usage}
	}
	m, err := readCLIModel(*modelPath)
	if err != nil {
		return err
	}
	m.progress = newProgress(stderr, "predict", *quiet)
	defer m.progress.done()
	ro := readOptions{sep: sepRune, format: *format, target: *target, dropNA: *dropNA, stderr: stderr, cmd: "predict"}
	smp, err := m.readData(ops[0], ro)
	if err != nil {
		return withUsage(err, c)
	}
	p, err := m.predict(smp, *proba)
	if err != nil {
		return err
	}
	probaNames, err := probaLabels(m, p)
	if err != nil {
		return err
	}
	fields := []field{{"predictions", aligned(smp, m.predictionValues(p))}}
	if p.proba != nil {
		fields = append(fields, field{"proba_labels", probaNames}, field{"proba", aligned(smp, p.proba)})
	}
	if p.decision != nil && *asJSON {
		fields = append(fields, field{"decision", aligned(smp, p.decision)})
	}
	var scoreField *field
	if smp.label != nil {
		name, score, err := m.score(p, smp)
		if err != nil {
			return err
		}
		scoreField = &field{name, score}
		fields = append(fields, *scoreField)
	}
	var out bytes.Buffer
	if *asJSON {
		if err := emit(&out, true, fields); err != nil {
			return err
		}
	} else {
		if err := checkFinite(fields); err != nil {
			return err
		}
		if *outPath == "" {
			writePredictionTable(&out, append([][]string{append([]string{"prediction"}, probaNames...)}, predictionCells(m, p, smp, formatNumber)...))
		} else if len(smp.dropped) > 0 {
			fmt.Fprintf(&out, "wrote %d rows to %s: %d predictions, %d dropped (NA)\n", smp.records, *outPath, len(smp.lines), len(smp.dropped))
		} else {
			fmt.Fprintf(&out, "wrote %d predictions to %s\n", len(smp.lines), *outPath)
		}
		if scoreField != nil {
			emitText(&out, []field{*scoreField})
		}
	}
	if *outPath != "" {
		var b bytes.Buffer
		w := csv.NewWriter(&b)
		header := []string{"prediction"}
		for _, n := range probaNames {
			header = append(header, "p_"+n)
		}
		w.Write(header)
		w.WriteAll(predictionCells(m, p, smp, func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }))
		if err := writeOutputFile(stdout, *outPath, b.Bytes()); err != nil {
			return err
		}
	}
	_, err = stdout.Write(out.Bytes())
	return err
}

// probaLabels names the columns of the probabilities (nil without them).
func probaLabels(m *cliModel, p *prediction) ([]string, error) {
	var names []string
	for _, l := range p.probaOf {
		if m.file.Labels != nil && (l < 0 || l >= len(m.file.Labels)) {
			return nil, fmt.Errorf("the model gives probabilities of class %d, which has no name", l)
		}
		names = append(names, m.labelText(l))
	}
	return names, nil
}

// naCell is the text and CSV cell of a row that -drop-na left out.
const naCell = "NA"

// predictionCells are the cells of every record of the data file: its
// prediction and, with -proba, its probabilities (formatted by num); a
// record that -drop-na left out keeps its line, every cell NA.
func predictionCells(m *cliModel, p *prediction, smp *sample, num func(float64) string) [][]string {
	texts := m.predictionTexts(p)
	width := 1
	if p.proba != nil {
		width += p.proba.Cols()
	}
	rows := make([][]string, 0, max(smp.records, len(texts)))
	r, d := 0, 0
	for i := 0; r < len(texts) || d < len(smp.dropped); i++ {
		if d < len(smp.dropped) && smp.dropped[d] == i {
			na := make([]string, width)
			for j := range na {
				na[j] = naCell
			}
			rows, d = append(rows, na), d+1
			continue
		}
		row := []string{texts[r]}
		if p.proba != nil {
			for _, v := range p.proba.Row(r) {
				row = append(row, num(v))
			}
		}
		rows, r = append(rows, row), r+1
	}
	return rows
}

// aligned returns a per-row JSON value (a slice, or a matrix's rows) with
// null for each record -drop-na left out, so that item i is record i; v
// itself when nothing was dropped.
func aligned(smp *sample, v any) any {
	if len(smp.dropped) == 0 {
		return v
	}
	var item func(r int) any
	switch a := v.(type) {
	case []string:
		item = func(r int) any { return a[r] }
	case []int:
		item = func(r int) any { return a[r] }
	case []float64:
		item = func(r int) any { return a[r] }
	case *matrix.Dense:
		item = func(r int) any { return a.Row(r) }
	default:
		return v
	}
	out := make([]any, 0, smp.records)
	r, d := 0, 0
	for i := range smp.records {
		if d < len(smp.dropped) && smp.dropped[d] == i {
			out, d = append(out, nil), d+1
			continue
		}
		out, r = append(out, item(r)), r+1
	}
	return out
}

// writePredictionTable prints rows (the header first) aligned in columns.
func writePredictionTable(w io.Writer, rows [][]string) {
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for j, s := range r {
			width[j] = max(width[j], len([]rune(s)))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for j, s := range r {
			if j > 0 {
				b.WriteString("  ")
			}
			pad := width[j] - len([]rune(s))
			if j == len(r)-1 {
				pad = 0
			}
			b.WriteString(s + strings.Repeat(" ", pad))
		}
		b.WriteByte('\n')
	}
	io.WriteString(w, b.String())
}
