import { createStore } from 'jotai';

/**
 * The one jotai store. React reads it through <Provider store={store}>; code outside React
 * (route guards, the API reachability listener) reads and writes through it directly.
 */
export const store = createStore();
