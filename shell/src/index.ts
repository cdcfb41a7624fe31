// The shell's entry. The shell bundles React and common itself and lends them to remotes through
// the federation runtime, which loads only when a signed-in page opens a remote (app/federation.ts),
// so the start-up needs no async boundary.
import './bootstrap';
