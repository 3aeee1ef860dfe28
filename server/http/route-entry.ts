// One registered route as the app's onRoute hook records it (server/app.ts), read by the
// permission and tenancy walks and the API document.
import type { RouteDoc } from '../openapi/route-doc';
import type { RouteAccess } from './context';

/** `access`: what the route declared (server/http/context.ts); null fails the permission walk. */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  access: RouteAccess | null;
  /** Its entry in the API document (config.openapi); null fails server/openapi/openapi.test.ts. */
  doc: RouteDoc | null;
}
