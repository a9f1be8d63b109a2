/**
 * What the first page's state needs of the server and of this browser's offline copy, loaded when
 * first used rather than with the app's code. Both bring the route table's zod schemas, and
 * building them is a fifth of the script that runs before the first render: loaded here, that work
 * is a task of its own after React and the router are ready, not part of the one long task that
 * evaluates the app (Lighthouse's Total Blocking Time on a slow phone, issue 34 item 3). The page's
 * own chunks load the same modules directly; a module is only ever evaluated once.
 */
export const authCalls = () => import('../api/auth').then((m) => m.authApi);
export const contactCalls = () => import('../api/contact').then((m) => m.contactApi);
export const offlineCopy = () => import('./offline-cache').then((m) => m.offlineCache);
