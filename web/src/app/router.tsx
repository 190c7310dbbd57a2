import { lazy } from 'react';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { initialLocation } from '../navigation/redirect';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

// Every screen is its own chunk: public pages stay light, and the session, the shell and each protected
// screen load only when visited.
const NotFoundPage = lazy(() => import('../pages/not-found'));
const LandingPage = lazy(() => import('../pages/landing'));
const PricingPage = lazy(() => import('../pages/pricing'));
const PrivacyPage = lazy(() => import('../pages/legal/privacy-page'));
const TermsPage = lazy(() => import('../pages/legal/terms-page'));
const LoginPage = lazy(() => import('../pages/login'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password'));
const RegisterPage = lazy(() => import('../pages/invites/register-page'));
const PublicDirectoryPage = lazy(() => import('../pages/directory/public-directory-page'));
const OnboardingPage = lazy(() => import('../pages/onboarding'));
// The public pages that call the API get the configuration and an anonymous client only (no Amplify).
const PublicApiLayout = lazy(() => import('./public-api-layout'));
// Configuration, Amplify and the API client (with zod and the contract) come with the session layout.
const SessionLayout = lazy(() => import('./session-layout'));
const SignedInLayout = lazy(() => import('./signed-in-layout'));
const RequireSetup = lazy(() => import('./require-setup'));
const ShellLayout = lazy(() => import('./shell/shell-layout'));
const DashboardPage = lazy(() => import('../pages/dashboard'));
const MessagesPage = lazy(() => import('../pages/messages'));
const ActionsPage = lazy(() => import('../pages/actions'));
const AnalyticsPage = lazy(() => import('../pages/analytics'));
const EnhancedAnalyticsPage = lazy(() => import('../pages/analytics-enhanced'));
const TodayPage = lazy(() => import('../pages/today'));
const BusinessIntelligencePage = lazy(() => import('../pages/bi'));
const SuppliersPage = lazy(() => import('../pages/suppliers'));
const MembersPage = lazy(() => import('../pages/members'));
const SettingsPage = lazy(() => import('../pages/settings'));

/** The S1 §2 route table. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      {
        element: <PublicApiLayout />,
        children: [
          { path: '/register/:inviteCode', element: <RegisterPage /> },
          { path: '/directory/public/:token', element: <PublicDirectoryPage /> },
        ],
      },
      {
        element: <SessionLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          {
            // S1 §4: signed-out → /login; signed-in → the community-setup check, the paywall, then the shell.
            element: <RequireAuth />,
            children: [
              {
                element: <SignedInLayout />,
                children: [
                  { path: '/onboarding', element: <OnboardingPage /> },
                  {
                    element: <RequireSetup />,
                    children: [
                      {
                        element: <ShellLayout />,
                        children: [
                          { path: '/dashboard', element: <DashboardPage /> },
                          { path: '/community-helper', element: <DashboardPage /> },
                          // the superseded dashboard's address (S1, S3 route tables) opens today's dashboard
                          { path: '/old-dashboard', element: <DashboardPage /> },
                          { path: '/messages', element: <MessagesPage /> },
                          { path: '/actions', element: <ActionsPage /> },
                          { path: '/analytics', element: <AnalyticsPage /> },
                          { path: '/analytics/enhanced', element: <EnhancedAnalyticsPage /> },
                          { path: '/today', element: <TodayPage /> },
                          { path: '/business-intelligence', element: <BusinessIntelligencePage /> },
                          { path: '/suppliers', element: <SuppliersPage /> },
                          { path: '/members', element: <MembersPage /> },
                          { path: '/settings', element: <SettingsPage /> },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The router of the running app (browser history) or of a test (memory history). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Creates the router, first consuming the stored `redirect` path (S1 §2) so the first screen rendered is
 * already the one the user is sent to.
 */
export function createAppRouter(
  history: { kind: 'browser' } | { kind: 'memory'; initialPath: string },
  storage: Storage = window.sessionStorage,
): AppRouter {
  if (history.kind === 'memory') {
    return createMemoryRouter(appRoutes, { initialEntries: [initialLocation(history.initialPath, storage)] });
  }
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const start = initialLocation(current, storage);
  if (start !== current) window.history.replaceState(window.history.state, '', start);
  return createBrowserRouter(appRoutes);
}
