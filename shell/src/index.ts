// The async boundary: shared singletons (React, the router, the store, common) are
// negotiated by the federation runtime before any of them is evaluated.
import('./bootstrap');
