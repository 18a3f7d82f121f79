package matrix

import (
	"strings"
	"testing"
)

func TestQuoteCell(t *testing.T) {
	if got := QuoteCell("abc"); got != `"abc"` {
		t.Errorf("short cell: %s", got)
	}
	long := strings.Repeat("é", 5_000_000)
	got := QuoteCell(long)
	want := `"` + strings.Repeat("é", 60) + `"… (5000000 characters)`
	if got != want {
		t.Errorf("long cell quoted as %.80s… (%d bytes)", got, len(got))
	}
}

func TestReadCSVLongCellError(t *testing.T) {
	cell := strings.Repeat("9", 5_000_000)
	_, err := ReadCSV(strings.NewReader("1,2\n" + cell + ",3\n"))
	if err == nil || len(err.Error()) > 200 || !strings.Contains(err.Error(), "line 2, column 1") {
		t.Errorf("error of a 5 MB cell: %.300v (%d bytes)", err, len(err.Error()))
	}
}
