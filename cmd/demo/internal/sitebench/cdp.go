package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// browser is a headless Chromium driven over the DevTools protocol on
// --remote-debugging-pipe: the browser reads JSON messages, each ended by
// a NUL byte, on its file descriptor 3 and writes its answers and events
// the same way on descriptor 4.
type browser struct {
	cmd     *exec.Cmd
	profile string
	w       io.WriteCloser
	r       *bufio.Reader
	id      int
	session string // the page's session (Target.attachToTarget, flat)
}

// chromiumFlags are .ci/browser's (docs/live.md), without virtual time:
// the page runs on the real clock.
var chromiumFlags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
	"--no-first-run", "--disable-background-networking", "--disable-component-update",
	"--disable-sync", "--remote-debugging-pipe", "--window-size=1280,1400"}

// startBrowser starts chromium with a fresh profile and opens one blank
// page, attached.
func startBrowser(bin string) (*browser, error) {
	profile, err := os.MkdirTemp("", "sitebench-profile")
	if err != nil {
		return nil, err
	}
	toBrowser, ours, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	theirs, fromBrowser, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, append(chromiumFlags, "--user-data-dir="+profile, "about:blank")...)
	cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // descriptors 3 and 4
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	toBrowser.Close()
	fromBrowser.Close()
	b := &browser{cmd: cmd, profile: profile, w: ours, r: bufio.NewReader(theirs)}
	var created struct{ TargetID string }
	if err := b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &created); err != nil {
		b.close()
		return nil, err
	}
	var attached struct{ SessionID string }
	if err := b.call("", "Target.attachToTarget", map[string]any{"targetId": created.TargetID, "flatten": true}, &attached); err != nil {
		b.close()
		return nil, err
	}
	b.session = attached.SessionID
	return b, nil
}

// close ends the browser and removes its profile.
func (b *browser) close() {
	b.w.Close()
	done := make(chan struct{})
	go func() { b.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		b.cmd.Process.Kill()
		<-done
	}
	os.RemoveAll(b.profile)
}

// call sends one command (to the page's session, or to the browser when
// session is empty) and decodes its result into out, skipping events.
func (b *browser) call(session, method string, params, out any) error {
	b.id++
	msg := map[string]any{"id": b.id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := b.w.Write(append(data, 0)); err != nil {
		return fmt.Errorf("%s: %v", method, err)
	}
	for {
		line, err := b.r.ReadBytes(0)
		if err != nil {
			return fmt.Errorf("%s: the browser closed its pipe: %v", method, err)
		}
		var reply struct {
			ID     int
			Result json.RawMessage
			Error  *struct{ Message string }
		}
		if err := json.Unmarshal(line[:len(line)-1], &reply); err != nil {
			return fmt.Errorf("%s: %v", method, err)
		}
		if reply.ID != b.id {
			continue // an event, or the answer to nothing we wait for
		}
		if reply.Error != nil {
			return fmt.Errorf("%s: %s", method, reply.Error.Message)
		}
		if out == nil {
			return nil
		}
		return json.Unmarshal(reply.Result, out)
	}
}

// eval evaluates a JavaScript expression in the page, waiting for it if
// it is a promise, and decodes its value (JSON) into out.
func (b *browser) eval(expr string, out any) error {
	var r struct {
		Result           struct{ Value json.RawMessage }
		ExceptionDetails *struct {
			Text      string
			Exception struct{ Description string }
		}
	}
	err := b.call(b.session, "Runtime.evaluate", map[string]any{
		"expression": expr, "awaitPromise": true, "returnByValue": true}, &r)
	if err != nil {
		return err
	}
	if e := r.ExceptionDetails; e != nil {
		return fmt.Errorf("%s: %s %s", expr, e.Text, e.Exception.Description)
	}
	if out == nil || len(r.Result.Value) == 0 {
		return nil
	}
	if err := json.Unmarshal(r.Result.Value, out); err != nil {
		return fmt.Errorf("%s: %v", expr, err)
	}
	return nil
}

var errTimeout = errors.New("timed out")
