/** Routes that show the site header (SPEC §2 table); the rest are full-screen forms or dashboards. */
const HEADER_ROUTES = new Set(['/', '/dashboard', '/chatpage']);

export const hasSiteHeader = (pathname: string): boolean => HEADER_ROUTES.has(pathname);
