/**
 * The router, for every app, only through here. Module Federation shares a package whole and untrimmed (react-router 7
 * is 61 KB gzip, most of it data routers and server rendering that CampusCare does not use); re-exported from the
 * shared package, which every app gets as one singleton, webpack keeps just these parts and there is still one router.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
