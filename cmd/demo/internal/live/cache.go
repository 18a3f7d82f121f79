package live

import (
	"hash/fnv"
	"sync"
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

// dataKey identifies a data file's text in cache keys.
func dataKey(files map[string]string, name string) string {
	h := fnv.New64a()
	h.Write([]byte(files[dataPath(name)]))
	return name + "#" + string(h.Sum(nil))
}

// Forget empties the kept fits: the next Run computes everything again.
// The WebAssembly program calls it to warm its code (mlnotes.warm).
func Forget() {
	cache.Lock()
	clear(cache.m)
	cache.Unlock()
}
