package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

var (
	bodyTag    = regexp.MustCompile(`<body[^>]*>`)
	stateAttr  = regexp.MustCompile(`data-state="([a-z]*)"`)
	resultTag  = regexp.MustCompile(`(?s)<script type="application/json" id="result">(.*?)</script>`)
	messageTag = regexp.MustCompile(`(?s)<p id="message"[^>]*>(.*?)</p>`)
	figureTag  = regexp.MustCompile(`(?s)<div id="figure"[^>]*>(.*?)</div>\s*</section>`)
	marks      = regexp.MustCompile(`<(circle|path|polyline|polygon|rect|image)\b`)
	downloadA  = regexp.MustCompile(`<a class="download" download="([^"/\\]+)" href="data:text/csv;charset=utf-8,([^"]*)"`)
)

// pageFiles returns the files the page offers for download beside its
// command (the data with points added and moved, a loss matrix): name →
// text, as a user saving them would get them.
func pageFiles(dom string) (map[string]string, error) {
	files := map[string]string{}
	for _, m := range downloadA.FindAllStringSubmatch(dom, -1) {
		name := html.UnescapeString(m[1])
		text, err := url.PathUnescape(html.UnescapeString(m[2]))
		if err != nil || name == "data" || strings.HasPrefix(name, ".") {
			return nil, fmt.Errorf("download link %q: %v", name, err)
		}
		files[name] = text
	}
	return files, nil
}

// checkPage checks one dumped page.
func checkPage(path, site, demo, want string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	dom := string(b)
	body := bodyTag.FindString(dom)
	st := stateAttr.FindStringSubmatch(body)
	if st == nil {
		return "", errors.New("no data-state on <body>")
	}
	msg := ""
	if m := messageTag.FindStringSubmatch(dom); m != nil {
		msg = html.UnescapeString(m[1])
	}
	if st[1] != want {
		return "", fmt.Errorf("data-state=%q, want %q (message %q)", st[1], want, msg)
	}
	if want == "error" {
		if strings.TrimSpace(msg) == "" || strings.Contains(msg, "uncaught") {
			return "", fmt.Errorf("state error without a clear message (%q)", msg)
		}
		return "error shown: " + msg, nil
	}
	if strings.Contains(body, `data-topic="index"`) {
		return "index", nil
	}
	fig := figureTag.FindStringSubmatch(dom)
	if fig == nil || len(marks.FindAllString(fig[1], -1)) < 10 {
		return "", errors.New("the figure is empty")
	}
	res := resultTag.FindStringSubmatch(dom)
	if res == nil {
		return "", errors.New("no result block")
	}
	files, err := pageFiles(dom)
	if err != nil {
		return "", err
	}
	worst := 0.0
	n, err := compareResult(res[1], site, demo, files, &worst)
	if err != nil {
		return "", err
	}
	out := fmt.Sprintf("ready, %d figure marks, %d fields agree with the commands (largest difference %.2g of the tolerance)", len(marks.FindAllString(fig[1], -1)), n, worst)
	if len(files) > 0 {
		out += fmt.Sprintf(" (reading %d downloaded files)", len(files))
	}
	return out, nil
}

// compareResult runs the block's command natively in the site (in a
// folder holding the page's files and the site's data/ when the page
// offers files) and compares every field the two share; the entries of
// the block's "also" (the other commands of a page that shows more than
// one computation, each an object of the same form) are compared with
// their commands in turn. It returns how many fields it compared.
func compareResult(block, site, demo string, files map[string]string, worst *float64) (int, error) {
	var page map[string]any
	if err := json.Unmarshal([]byte(block), &page); err != nil {
		return 0, fmt.Errorf("result block: %v", err)
	}
	return compareCommand(page, site, demo, files, worst)
}

// compareCommand compares one object of the result block (command and
// fields) with its command's output, then the entries of its also.
func compareCommand(page map[string]any, site, demo string, files map[string]string, worst *float64) (int, error) {
	line, _ := page["command"].(string)
	words := strings.Fields(line)
	if len(words) < 2 || words[0] != "demo" {
		return 0, fmt.Errorf("result block: command %q is not a demo command", line)
	}
	cmd := exec.Command(demo, words[1:]...)
	cmd.Dir = site
	if len(files) > 0 {
		dir, err := os.MkdirTemp("", "sitecheck")
		if err != nil {
			return 0, err
		}
		defer os.RemoveAll(dir)
		data, err := filepath.Abs(filepath.Join(site, "data"))
		if err != nil {
			return 0, err
		}
		if err := os.Symlink(data, filepath.Join(dir, "data")); err != nil {
			return 0, err
		}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				return 0, err
			}
		}
		cmd.Dir = dir
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s: %v: %s", line, err, strings.TrimSpace(stderr.String()))
	}
	var native map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &native); err != nil {
		return 0, fmt.Errorf("%s: output is not JSON: %v", line, err)
	}
	values, err := dataValues(words[1:], cmd.Dir)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", line, err)
	}
	r, err := roundingOf(page, values)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", line, err)
	}
	n := 0
	for k, v := range page {
		switch k {
		case "command", "rounding":
			continue
		case "also":
			more, ok := v.([]any)
			if !ok {
				return n, fmt.Errorf("result block: also is %T, want a list of objects", v)
			}
			for _, m := range more {
				obj, ok := m.(map[string]any)
				if !ok {
					return n, fmt.Errorf("result block: an entry of also is %T, want an object", m)
				}
				c, err := compareCommand(obj, site, demo, files, worst)
				n += c
				if err != nil {
					return n, err
				}
			}
			continue
		}
		w, ok := native[k]
		if !ok {
			return n, fmt.Errorf("%s: the page shows %s, which the command does not print", line, k)
		}
		scale := map[string]float64{}
		scales(k, v, scale)
		scales(k, w, scale)
		if err := agree(k, k, v, w, r.tolerance(), scale, worst); err != nil {
			return n, fmt.Errorf("%s: %v", line, err)
		}
		n++
	}
	return n, nil
}

// agree compares the page's value of a field with the command's: numbers
// within tol times their field's scale (tolerance.go), anything else
// exactly. path names the field with its indices dropped, the key of
// scale.
// *worst is raised to the largest |page − command| / (tol · scale) met.
func agree(name, path string, page, native any, tol float64, scale map[string]float64, worst *float64) error {
	switch p := page.(type) {
	case float64:
		q, ok := native.(float64)
		if !ok {
			return fmt.Errorf("%s: page %v, command %v", name, page, native)
		}
		if d := abs(p - q); d > 0 {
			*worst = max(*worst, d/(tol*scale[path])) // +Inf for a difference where the scale is 0
		}
		if abs(p-q) > tol*scale[path] {
			return fmt.Errorf("%s: page %.17g, command %.17g: differ by %.3g, more than τ·max|%s| = %.3g·%.3g", name, p, q, abs(p-q), path, tol, scale[path])
		}
	case []any:
		q, ok := native.([]any)
		if !ok || len(q) != len(p) {
			return fmt.Errorf("%s: page %v, command %v", name, page, native)
		}
		for i := range p {
			if err := agree(fmt.Sprintf("%s[%d]", name, i), path+"[]", p[i], q[i], tol, scale, worst); err != nil {
				return err
			}
		}
	case map[string]any:
		q, ok := native.(map[string]any)
		if !ok || len(q) != len(p) {
			return fmt.Errorf("%s: page %v, command %v", name, page, native)
		}
		for k, v := range p {
			if err := agree(name+"."+k, path+"."+k, v, q[k], tol, scale, worst); err != nil {
				return err
			}
		}
	default:
		if fmt.Sprint(page) != fmt.Sprint(native) {
			return fmt.Errorf("%s: page %v, command %v", name, page, native)
		}
	}
	return nil
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
