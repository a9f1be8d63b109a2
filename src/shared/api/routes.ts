import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { chatRoutes } from './chat';
import type { RouteDef } from './contract';
import { projectRoutes } from './projects';
import { reviewRoutes } from './review';
import { systemRoutes } from './system';

/**
 * The REST contract (issue 15, CONVENTIONS 15): every call the server registers, by name. Add a
 * route here first (in its domain's file), then register it with `route` on the server and call it
 * with `call` in the app; the contract test fails until both sides agree.
 */
export const routes = {
  ...authRoutes,
  ...chatRoutes,
  ...adminRoutes,
  ...projectRoutes,
  ...reviewRoutes,
  ...systemRoutes,
} as const;

export type RouteName = keyof typeof routes;

export const allRoutes: readonly RouteDef[] = Object.values(routes);

export * from './contract';
