package main

// The learners of the command line.
//
// The commands that assess or combine a learner (cv, grid, holdout,
// bootstrap, bag, boost3) name it by its command and take its flags:
//
//	demo cv -k 5 -json tree -max-depth 3 DATA.csv
//
// A command is a learner when its entry in the one registry (commands,
// cli.go) has a learner field: a learnerDeclare that puts the learner's
// hyper-parameter flags on a fresh flag set (each use gets its own, so
// that grid can parse the flags once per combination) and returns the
// function that checks them (an error is a usage error) and says what to
// train — a learnerPlan holding a learn ClassifierTrainer, or a
// RegressorTrainer with regression set (the driver then reads real
// targets), or a build function when the trainer depends on the
// preprocessed training set (the forest's -max-features rule, the Bayes
// loss file):
//
//	register(command{name: "knn", args: …, run: runKNN, learner: knnLearner})
//
//	func knnLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
//		f := declareKNNFlags(fs) // also called by runKNN: one set of flags
//		return func() (learnerPlan, error) {
//			c, reg, err := f()
//			if reg {
//				return regressorPlan(c), err
//			}
//			return classifierPlan(c), err
//		}
//	}
//
// An entry with a learner and no run (stump) is a learner only. Flags only
// the command has (output options such as -trace, -print, -gradcheck,
// -proba) it declares itself. cv, grid, holdout and bootstrap put the
// learner behind the preprocessing of -scale and -pca in a learn.Pipeline
// (metaCommand.assessed), so that the steps are refitted in every
// training part.

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"mlnotes/learn"
)

// learnerPlan is what a learner's flags ask for.
type learnerPlan struct {
	regression bool
	classifier learn.ClassifierTrainer
	regressor  learn.RegressorTrainer
	// build, if not nil, makes the trainers from the (preprocessed)
	// training set instead.
	build func(d *trainingSet) (learn.ClassifierTrainer, learn.RegressorTrainer, error)
}

func classifierPlan(t learn.ClassifierTrainer) learnerPlan { return learnerPlan{classifier: t} }

func regressorPlan(t learn.RegressorTrainer) learnerPlan {
	return learnerPlan{regression: true, regressor: t}
}

// trainers returns the plan's trainers for a training set.
func (p learnerPlan) trainers(d *trainingSet) (learn.ClassifierTrainer, learn.RegressorTrainer, error) {
	if p.build != nil {
		return p.build(d)
	}
	return p.classifier, p.regressor, nil
}

// learnerDeclare puts a learner's hyper-parameter flags on a fresh flag
// set and returns the function that checks them (an error is a usage
// error) and says what to train.
type learnerDeclare func(fs *flag.FlagSet) (finish func() (learnerPlan, error))

// learnerDef is a command seen as a learner: its name and its learner.
type learnerDef struct {
	name    string
	declare learnerDeclare
}

// findLearner returns the learner of the command name.
func findLearner(name string) (learnerDef, bool) {
	for _, c := range commands {
		if c.name == name && c.learner != nil {
			return learnerDef{c.name, c.learner}, true
		}
	}
	return learnerDef{}, false
}

// learnerDefs lists every learner, in the order of the commands.
func learnerDefs() []learnerDef {
	var out []learnerDef
	for _, c := range commands {
		if c.learner != nil {
			out = append(out, learnerDef{c.name, c.learner})
		}
	}
	return out
}

func learnerNames() string {
	var names []string
	for _, l := range learnerDefs() {
		names = append(names, l.name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// learnerArgs is the synopsis of a meta command's operands.
const learnerArgs = "LEARNER [its flags] DATA.csv"

// metaCommand is a command over a LEARNER: its driver, the learner and the
// learner's arguments.
type metaCommand struct {
	s       *supervised
	learner learnerDef
	args    []string // the learner's flags (the data file removed)
	plan    learnerPlan
}

// parseMeta splits `OWN-FLAGS LEARNER LEARNER-FLAGS DATA` and parses both
// parts; OWN-FLAGS go to s.fs (already holding the command's flags).
func parseMeta(s *supervised, args []string) (*metaCommand, error) {
	fs := s.fs
	fs.SetOutput(io.Discard)
	if err := parseQuietly(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// flag has printed the usage (fs.Usage writes to stderr).
			fmt.Fprintf(s.stderr, "LEARNER is one of: %s\n", learnerNames())
			return nil, errHelpShown
		}
		return nil, s.usage("%v", err)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return nil, s.usage("missing LEARNER (one of: %s)", learnerNames())
	}
	def, ok := findLearner(rest[0])
	if !ok {
		return nil, s.usage("unknown learner %q (want one of: %s)", rest[0], learnerNames())
	}
	if s.set("load") {
		return nil, s.usage("-load does not apply to %s (it trains its own models)", s.cmd.name)
	}
	lfs, finish := s.learnerFlags(def, true)
	var ops []string
	largs := rest[1:]
	for {
		if err := lfs.Parse(largs); err != nil {
			return nil, s.usage("learner %s: %v", def.name, err)
		}
		largs = lfs.Args()
		if len(largs) == 0 {
			break
		}
		ops = append(ops, largs[0])
		largs = largs[1:]
	}
	if len(ops) != 1 {
		return nil, s.usage("expected one data file after the learner's flags, got %d operand(s)", len(ops))
	}
	plan, err := finish()
	if err != nil {
		return nil, s.usage("learner %s: %v", def.name, err)
	}
	// The driver's own checks (separator, format, -scale, -pca), as its
	// parse makes them, with the data file as the operand.
	s.ops = ops
	if s.sepRune, err = parseSeparator(*s.sep); err != nil {
		return nil, s.usage("%v", err)
	}
	switch *s.format {
	case "", "csv", "libsvm":
	default:
		return nil, s.usage("-format %q: want csv or libsvm", *s.format)
	}
	switch *s.scaleOpt {
	case "", "standard", "minmax":
	default:
		return nil, s.usage("-scale %q: want standard or minmax", *s.scaleOpt)
	}
	if *s.pca < 0 {
		return nil, s.usage("-pca %d: want K ≥ 1 (0: no projection)", *s.pca)
	}
	s.regression = plan.regression
	s.learner = def.name
	largsOnly := slices.Clone(rest[1:])
	if i := slices.Index(largsOnly, ops[0]); i >= 0 {
		largsOnly = slices.Delete(largsOnly, i, i+1)
	}
	return &metaCommand{s: s, learner: def, args: largsOnly, plan: plan}, nil
}

// assessed returns the trainers that cv, grid, holdout and bootstrap
// assess: the plan's trainers behind the preprocessing of -scale and -pca
// (a learn.Pipeline), so that the steps are refitted inside every
// training part and the rows that score a model never shape its scaling
// or its principal directions. They are fitted on d.Raw.
func (mc *metaCommand) assessed(plan learnerPlan, d *trainingSet) (learn.ClassifierTrainer, learn.RegressorTrainer, error) {
	ct, rt, err := plan.trainers(d)
	if err != nil {
		return nil, nil, err
	}
	steps := mc.s.stepTrainers()
	if len(steps) == 0 {
		return ct, rt, nil
	}
	if ct != nil {
		ct = learn.Pipeline{Steps: steps, Learner: ct}
	}
	if rt != nil {
		rt = learn.Pipeline{Steps: steps, Learner: rt}
	}
	return ct, rt, nil
}

// modelOf trains the learner on all of d: the model the driver scores,
// saves (as the kind its own Save names) and tests.
func (mc *metaCommand) modelOf(d *trainingSet) (any, learn.ClassifierTrainer, learn.RegressorTrainer, error) {
	ct, rt, err := mc.plan.trainers(d)
	if err != nil {
		return nil, nil, nil, err
	}
	var m any
	if mc.plan.regression {
		m, err = rt.FitRegressor(d.X, d.Y)
	} else {
		m, err = ct.FitClassifier(d.X, d.Labels)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	mc.s.kind = savedKind(m, mc.learner.name)
	return m, ct, rt, nil
}

// savedKind is the X of the "mlnotes/X" envelope the model's Save writes
// (the kind -save records and predict reads), or fallback.
func savedKind(m any, fallback string) string {
	saver, ok := m.(interface{ Save(io.Writer) error })
	if !ok {
		return fallback
	}
	var buf bytes.Buffer
	if saver.Save(&buf) != nil {
		return fallback
	}
	var env struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(buf.Bytes(), &env) != nil {
		return fallback
	}
	if kind, ok := strings.CutPrefix(env.Format, "mlnotes/"); ok {
		return kind
	}
	return fallback
}

// commonFlags are the driver's flags that cv, grid, holdout, bootstrap,
// bag and boost3 accept on either side of LEARNER's name: `demo grid
// -param C=1,10 svm -kernel rbf -scale standard data.csv` scales as
// `demo grid -scale standard … svm …` does.
var commonFlags = []string{"scale", "pca", "target", "drop", "drop-na", "sep"}

// learnerFlags returns a fresh flag set with the learner's flags and the
// common flags, and the learner's finish function. With shared, the
// common flags set the driver's values (s.fs); otherwise they are parsed
// and dropped (grid's second parse of the learner's arguments for every
// combination).
func (s *supervised) learnerFlags(def learnerDef, shared bool) (*flag.FlagSet, func() (learnerPlan, error)) {
	lfs := flag.NewFlagSet(def.name, flag.ContinueOnError)
	lfs.SetOutput(io.Discard)
	finish := def.declare(lfs)
	for _, name := range commonFlags {
		f := s.fs.Lookup(name)
		if f == nil || lfs.Lookup(name) != nil {
			continue // a learner's own flag of that name wins
		}
		v := f.Value
		if !shared {
			v = discardValue{isBool: name == "drop-na"}
		}
		lfs.Var(v, name, f.Usage)
	}
	return lfs, finish
}

// isCommonFlag reports a driver flag that learnerFlags adds.
func isCommonFlag(name string) bool { return slices.Contains(commonFlags, name) }

// discardValue accepts any value of a flag and keeps nothing.
type discardValue struct{ isBool bool }

func (discardValue) String() string     { return "" }
func (discardValue) Set(string) error   { return nil }
func (d discardValue) IsBoolFlag() bool { return d.isBool }
