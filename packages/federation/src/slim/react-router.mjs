// The shared 'react-router' singleton as the apps provide it: the names they use, not the whole
// package. A shared module is never tree-shaken (any remote may ask it for anything), and the
// whole of react-router — data routers, server rendering, cookies, sessions — is 50 KB compressed
// on a respondent's first load. shared.test.ts checks that every name the apps import is here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-package';
