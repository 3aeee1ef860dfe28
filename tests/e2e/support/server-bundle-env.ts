/** Where the run's server bundle is (set by ./server-bundle.ts, read by ./server.ts). */
export const SERVER_BUNDLE_ENV = 'GATEHOUSE_SERVER_BUNDLE';
