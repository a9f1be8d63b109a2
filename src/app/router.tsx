import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { checkCurrentUser } from './state/auth';
import { RootLayout } from './ui/RootLayout';
import { NotFoundPage } from './features/notfound/NotFoundPage';

/*
 * Every screen is a chunk of its own (issue 34 item 2): a page loads the router, React and its own
 * screen, not the others' (the dashboard's input bar and microphone are not in the login page).
 */
const LoginPage = lazyRouteComponent(() => import('./features/auth/LoginPage'), 'LoginPage');
const OtpLoginPage = lazyRouteComponent(() => import('./features/auth/OtpLoginPage'), 'OtpLoginPage');

interface RedirectSearch {
  redirect?: string;
}

const validateRedirect = (search: Record<string, unknown>): RedirectSearch =>
  typeof search.redirect === 'string' ? { redirect: search.redirect } : {};

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./features/landing/LandingPage'), 'LandingPage'),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: validateRedirect,
  // The page's chunk is loaded with the route (the component below only wraps it), so the first
  // render has the page and never shows an empty one (main.tsx).
  loader: () => LoginPage.preload?.(),
  component: function Login() {
    return <LoginPage redirect={loginRoute.useSearch().redirect} />;
  },
});

const otpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/loginviaOTP',
  validateSearch: validateRedirect,
  loader: () => OtpLoginPage.preload?.(),
  component: function LoginViaOtp() {
    return <OtpLoginPage redirect={otpRoute.useSearch().redirect} />;
  },
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: lazyRouteComponent(() => import('./features/auth/RegisterPage'), 'RegisterPage'),
});

/** Signed-in users only; anyone else goes to /login, which remembers where they were going. */
const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  beforeLoad: async ({ location }) => {
    const user = await checkCurrentUser();
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { user };
  },
});

const dashboardRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/dashboard',
  component: lazyRouteComponent(() => import('./features/dashboard/DashboardPage'), 'DashboardPage'),
});

/** The chat brings markdown and the socket bridge: it loads when opened, not with the landing page. */
const chatRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/chatpage',
  component: lazyRouteComponent(() => import('./features/chat/ChatPage'), 'ChatPage'),
});

/**
 * Admins only (DECISIONS §3): others are sent to their own dashboard. The admin screens and their
 * data cache (react-query) load when first opened, never with the landing page.
 */
const adminRoute = createRoute({
  getParentRoute: () => protectedRoute,
  id: 'admin',
  beforeLoad: ({ context }) => {
    if (!context.user.isAdmin) throw redirect({ to: '/dashboard' });
  },
  component: lazyRouteComponent(() => import('./features/admin/AdminLayout'), 'AdminLayout'),
});

const ADMIN_TABS = ['users', 'questions', 'data', 'prompts', 'projects', 'reviewed', 'gaps'] as const;
const DATA_SCREENS = ['pending', 'ingested'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin's place (issue 14 item 5): the tab, and on the Data tab the data screen and its source. */
interface AdminDashboardSearch {
  tab?: (typeof ADMIN_TABS)[number];
  screen?: (typeof DATA_SCREENS)[number];
  source?: string;
}

const adminDashboardRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/admindashboard',
  validateSearch: (search: Record<string, unknown>): AdminDashboardSearch => {
    const tab = ADMIN_TABS.find((t) => t === search.tab);
    if (!tab) return {};
    const screen = tab === 'data' ? DATA_SCREENS.find((s) => s === search.screen) : undefined;
    if (!screen) return { tab };
    const source = typeof search.source === 'string' && UUID.test(search.source) ? search.source : undefined;
    return source ? { tab, screen, source } : { tab, screen };
  },
  component: lazyRouteComponent(() => import('./features/admin/AdminDashboardPage'), 'AdminDashboardPage'),
});

/** Add Data for a project chosen beforehand (the Knowledge gaps tab's "Add data"). */
interface AddDataSearch {
  project?: string;
}

const addDataRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/adminadddata',
  validateSearch: (search: Record<string, unknown>): AddDataSearch =>
    typeof search.project === 'string' && /^[\w-]{1,100}$/.test(search.project)
      ? { project: search.project }
      : {},
  component: lazyRouteComponent(() => import('./features/admin/AddDataPage'), 'AddDataPage'),
});

/** SPEC §6: anyone but a super admin is sent to /admindashboard if admin, else to /dashboard. */
const addProjectRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/superadminaddproject',
  beforeLoad: ({ context }) => {
    if (context.user.adminType !== 'super') {
      throw redirect({ to: context.user.isAdmin ? '/admindashboard' : '/dashboard' });
    }
  },
  component: lazyRouteComponent(() => import('./features/admin/AddProjectPage'), 'AddProjectPage'),
});

const routeTree = rootRoute.addChildren([
  landingRoute,
  loginRoute,
  otpRoute,
  registerRoute,
  protectedRoute.addChildren([
    dashboardRoute,
    chatRoute,
    adminRoute.addChildren([adminDashboardRoute, addDataRoute, addProjectRoute]),
  ]),
]);

/** The browser's history by default; tests pass a memory history to open any path. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
