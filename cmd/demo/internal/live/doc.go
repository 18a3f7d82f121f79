// Package live computes the states of the site's pages (docs/live.md):
// Run fits a page's model with the library for the parameters of the
// page's address, draws its figures as SVG with the tour's plot package and
// returns them with the numbers the page shows and the equivalent demo
// command line, whose -json output has the same numbers under the same
// names. The livewasm program exposes Run to the browser; the tests of
// cmd/demo run every page's command natively against it.
package live
