package live

import (
	"hash/fnv"
	"sync"
	"unsafe"
)

// The fits a page state needs are deterministic functions of its
// parameters and data, so the module keeps the latest ones: stepping
// replays a recorded trace and refits only what the new step needs, and a
// redraw after a control changes back reuses the earlier fit.

// maxCached is the number of fits kept; when it is reached the cache is
// emptied (the states a page moves between are few at a time).
const maxCached = 32

var cache = struct {
	sync.Mutex
	m map[string]any
}{m: map[string]any{}}

// memo returns the value cached under key, or computes, caches and
// returns it. Values must not be changed by their users. Errors are not
// cached.
func memo[T any](key string, compute func() (T, error)) (T, error) {
	cache.Lock()
	v, ok := cache.m[key]
	cache.Unlock()
	if ok {
		return v.(T), nil
	}
	t, err := compute()
	if err != nil {
		return t, err
	}
	cache.Lock()
	if len(cache.m) >= maxCached {
		clear(cache.m)
	}
	cache.m[key] = t
	cache.Unlock()
	return t, nil
}

// dataKey identifies a data file's text in cache keys: its name and a
// hash of the text. The key of the latest text of each file is kept with
// the text, and found again when the text is the same string (the same
// bytes in memory: a string never changes, the text kept cannot be freed
// and its memory reused, and the module passes the same string at every
// call): hashing the digits' 400 kB at every redraw cost a millisecond or
// two in the browser.
func dataKey(files map[string]string, name string) string {
	text := files[dataPath(name)]
	dataKeys.Lock()
	defer dataKeys.Unlock()
	if k, ok := dataKeys.m[name]; ok && len(k.text) == len(text) && unsafe.StringData(k.text) == unsafe.StringData(text) {
		return k.key
	}
	h := fnv.New64a()
	h.Write([]byte(text))
	key := name + "#" + string(h.Sum(nil))
	dataKeys.m[name] = textKey{text, key}
	return key
}

// textKey is a text and its key.
type textKey struct{ text, key string }

var dataKeys = struct {
	sync.Mutex
	m map[string]textKey
}{m: map[string]textKey{}}

// Forget empties the kept fits: the next Run computes everything again.
// The WebAssembly program calls it to warm its code (mlnotes.warm).
func Forget() {
	cache.Lock()
	clear(cache.m)
	cache.Unlock()
}
