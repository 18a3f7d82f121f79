package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"syscall"
)

func init() {
	register(command{
		name:    "site",
		args:    "-out DIR",
		summary: "write the notes-live site (pages, WebAssembly, data) as static files",
		help:    "Run inside the repository: the pages show the library's source lines (docs/live.md).\n",
		run:     runSite,
	}, command{
		name:    "serve",
		args:    "[-addr HOST:PORT] [-dir DIR]",
		summary: "build the notes-live site and serve it on the loopback address",
		help:    "Without -dir the site is built into a temporary directory first (docs/live.md).\n",
		run:     runServe,
	})
}

func runSite(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("site")
	fs, _ := newFlags(c, stderr)
	out := fs.String("out", "", "the output `DIR` (created)")
	if _, err := parseFlags(c, fs, args, 0, 0); err != nil {
		return err
	}
	if *out == "" {
		return &usageError{msg: "-out DIR is required", usage: "demo site " + c.args}
	}
	root, err := workingModule()
	if err != nil {
		return err
	}
	if err := buildSite(siteOptions{out: *out, root: root, log: stderr}); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "site written to %s (open index.html through a web server: demo serve -dir %s)\n", *out, *out)
	return nil
}

func workingModule() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	return moduleRoot(wd)
}

func runServe(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("serve")
	fs, _ := newFlags(c, stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the `HOST:PORT` to listen on")
	dir := fs.String("dir", "", "serve this already built `DIR` instead of building the site")
	if _, err := parseFlags(c, fs, args, 0, 0); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("%s is in use (give another with -addr)", *addr)
		}
		return fmt.Errorf("cannot listen on %s: %v", *addr, err)
	}
	defer ln.Close()
	root := *dir
	if root == "" {
		mod, err := workingModule()
		if err != nil {
			return err
		}
		tmp, err := os.MkdirTemp("", "mlnotes-site-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		if err := buildSite(siteOptions{out: tmp, root: mod, log: stderr}); err != nil {
			return err
		}
		root = tmp
	} else if _, err := os.Stat(filepath.Join(root, "index.html")); err != nil {
		return fmt.Errorf("-dir %s: no index.html there (build it with demo site -out %s)", root, root)
	}
	fmt.Fprintf(stdout, "serving the notes, live, at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	return http.Serve(ln, http.FileServer(http.Dir(root)))
}
