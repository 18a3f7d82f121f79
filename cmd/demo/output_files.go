package main

// The files a command writes (-save, predict -out, autoencoder -codes):
// nothing is lost when a command fails. Each file is written whole to a
// temporary file in the folder of its target and renamed over the target
// only when the whole command has succeeded, its stdout written without
// error (docs/cli.md, "Output files"): a failed write (a full disk, a
// file-size limit) or a failed command leaves the old file as it was, and
// a rename within one folder replaces the target at once. A path that is
// also one of the command's inputs is refused before anything runs.

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// stagedFile is a file written in full to tmp, to be renamed to path.
type stagedFile struct {
	path, tmp string
}

// outputFiles are the files staged during one command.
type outputFiles struct {
	staged []stagedFile
}

// commandStdout is the stdout that run gives a command: the real writer,
// and the command's staged files, so that a command stages its files
// through the writer it already has (writeOutputFile).
type commandStdout struct {
	io.Writer
	files *outputFiles
}

// writeOutputFile writes data as the file at path: staged until the
// command succeeds when stdout is the one run gave, written (through a
// temporary file and a rename) at once otherwise.
func writeOutputFile(stdout io.Writer, path string, data []byte) error {
	tmp, err := writeTemp(path, data)
	if err != nil {
		return err
	}
	if cs, ok := stdout.(*commandStdout); ok && cs.files != nil {
		cs.files.staged = append(cs.files.staged, stagedFile{path, tmp})
		return nil
	}
	return commitFile(stagedFile{path, tmp})
}

// writeTemp writes data to a new temporary file next to path and returns
// its name; on any failure the temporary file is removed.
func writeTemp(path string, data []byte) (string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("%s: %w (the file is unchanged)", path, err)
	}
	return f.Name(), nil
}

// commitFile renames the staged file over its target.
func commitFile(s stagedFile) error {
	if err := os.Rename(s.tmp, s.path); err != nil {
		os.Remove(s.tmp)
		return fmt.Errorf("%s: %w (the file is unchanged)", s.path, err)
	}
	return nil
}

// finish renames every staged file over its target when the command
// succeeded (err == nil) and removes them otherwise; it returns the
// command's error, or the first failed rename.
func (o *outputFiles) finish(err error) error {
	for _, s := range o.staged {
		if err != nil {
			os.Remove(s.tmp)
			continue
		}
		err = commitFile(s)
	}
	o.staged = nil
	return err
}

// checkOutputPath refuses (a usage error) an output file that is one of
// the command's inputs, by name or by identity (os.SameFile: a link, a
// path spelt differently): writing it would destroy the data the command
// reads. Empty names are skipped.
func checkOutputPath(flagName, out string, inputs ...string) error {
	if out == "" {
		return nil
	}
	outAbs, _ := filepath.Abs(out)
	outInfo, outErr := os.Stat(out)
	for _, in := range inputs {
		if in == "" {
			continue
		}
		inAbs, _ := filepath.Abs(in)
		same := outAbs == inAbs
		if !same && outErr == nil {
			if inInfo, err := os.Stat(in); err == nil {
				same = os.SameFile(outInfo, inInfo)
			}
		}
		if same {
			return &usageError{msg: fmt.Sprintf("-%s %s: the output is also an input of the command (%s); write it elsewhere", flagName, out, in)}
		}
	}
	return nil
}

// errFailed stands for a command that did not finish (a panic): its
// staged files are removed.
var errFailed = fmt.Errorf("the command did not finish")
