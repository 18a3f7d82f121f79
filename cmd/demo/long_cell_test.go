package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A 5 MB cell or LIBSVM item is quoted by its first characters only: the
// error stays one readable line (issue 25, item 7).
func TestLongCellErrorLine(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("x", 5_000_000)
	files := map[string]string{
		"cell.csv":  "1,2,0\n" + long + ",3,1\n1,1,1\n",
		"item.svm":  "1 1:" + long + "\n",
		"label.svm": long + ":1 1:1\n",
		"index.svm": "1 " + long + ":1\n",
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		if status := run([]string{"knn", path}, &out, &errb); status != 1 || errb.Len() > 300 || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%s: status %d, stderr %d bytes: %.300s", name, status, errb.Len(), errb.String())
		}
	}
}
