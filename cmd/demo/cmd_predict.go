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
)

func init() {
	register(command{
		name:    "predict",
		args:    "-model M.json [-out P.csv] [-proba] [-target COL] [-sep S] [-format csv|libsvm] [-drop-na] [-json] DATA.csv",
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
	ro := readOptions{sep: sepRune, format: *format, target: *target, dropNA: *dropNA, stderr: stderr, cmd: "predict"}
	smp, err := m.readData(ops[0], ro)
	if err != nil {
		return withUsage(err, c)
	}
	p, err := m.predict(smp, *proba)
	if err != nil {
		return err
	}
	var fields []field
	fields = append(fields, field{"predictions", m.predictionValues(p)})
	var probaNames []string
	if p.proba != nil {
		for _, l := range p.probaOf {
			if m.file.Labels != nil {
				if l < 0 || l >= len(m.file.Labels) {
					return fmt.Errorf("the model gives probabilities of class %d, which has no name", l)
				}
			}
			probaNames = append(probaNames, m.labelText(l))
		}
		fields = append(fields, field{"proba_labels", probaNames}, field{"proba", p.proba})
	}
	if p.decision != nil && *asJSON {
		fields = append(fields, field{"decision", p.decision})
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
			writePredictionTable(&out, m.predictionTexts(p), probaNames, p)
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
		for i, s := range m.predictionTexts(p) {
			rec := []string{s}
			if p.proba != nil {
				for _, v := range p.proba.Row(i) {
					rec = append(rec, strconv.FormatFloat(v, 'g', -1, 64))
				}
			}
			w.Write(rec)
		}
		w.Flush()
		if err := writeOutputFile(stdout, *outPath, b.Bytes()); err != nil {
			return err
		}
	}
	_, err = stdout.Write(out.Bytes())
	return err
}

// writePredictionTable prints one prediction per line under the header
// "prediction", followed by the probabilities with -proba, aligned.
func writePredictionTable(w io.Writer, preds, probaNames []string, p *prediction) {
	rows := [][]string{append([]string{"prediction"}, probaNames...)}
	for i, s := range preds {
		row := []string{s}
		if p.proba != nil {
			for _, v := range p.proba.Row(i) {
				row = append(row, formatNumber(v))
			}
		}
		rows = append(rows, row)
	}
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
