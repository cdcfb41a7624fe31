/**
 * The portal's router API. react-router is deliberately not a federation shared module: a shared
 * module ships whole (about 60 KB gzipped), while this module is shared and re-exports only what
 * the apps use, so the one router instance is tree-shaken. The
 * declarative BrowserRouter is used rather than the data router, which adds about 15 KB the
 * portal does not use. Every app imports routing from here,
 * never from react-router directly (lint enforces it), so the shell's router context reaches
 * every remote. See docs/decisions/0002-share-small-facades.md.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavLinkProps } from 'react-router-dom';
