// The app's /api client: the stored bearer token and the browser's online flag.
import { accessToken } from './session';
import { createHttpClient } from './http';

export const api = createHttpClient({
  getToken: accessToken,
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
});
