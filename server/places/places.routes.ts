// Sites and areas: `GET|POST /api/sites`, `GET|PUT|DELETE /api/sites/:id`,
// `GET|POST /api/sites/:id/areas`, `GET|PUT|DELETE /api/areas/:id`, plus the area QR and the
// geofence preview's positions. Ids are checked for ownership (404) before the body.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { areaRequest, siteRequest } from '../../domain/places';
import { contextOf, declarePermission, requireLogin, requirePermission } from '../http/context';
import { mapTilesOf } from '../http/map-tiles';
import { parseOrThrow } from '../http/validate';
import type { PlacesService } from './places.service';

const idParam = v.object({ id: v.pipe(v.string(), v.uuid('validation.uuid')) });
const doc = (summary: string, extra: { body?: v.GenericSchema; status?: number } = {}) => ({
  openapi: { summary, params: idParam, tag: 'sites', ...extra },
});

export async function placesRoutes(app: FastifyInstance, { places }: { places: PlacesService }) {
  const admin = { preHandler: requirePermission('sites_devices') };
  // The service checks ownership (404) before the permission and the caller's site access.
  const own = { preHandler: declarePermission('sites_devices') };
  const id = (request: { params: unknown }) => parseOrThrow(idParam, request.params).id;

  app.get(
    '/api/sites',
    { ...admin, config: { openapi: { summary: 'The sites the caller may act on, with their areas' } } },
    async (request) => ({ data: await places.list(contextOf(request)) }),
  );

  app.post(
    '/api/sites',
    { ...admin, config: { openapi: { summary: 'Add a site', body: siteRequest, status: 201 } } },
    async (request, reply) => {
      const body = parseOrThrow(siteRequest, request.body);
      reply.code(201);
      return { data: await places.create(contextOf(request), body), message: 'Site Added' };
    },
  );

  app.get('/api/sites/:id', { ...own, config: doc('One site with its areas') }, async (request) => ({
    data: await places.get(contextOf(request), id(request)),
  }));

  app.put('/api/sites/:id', { ...own, config: doc('Change a site', { body: siteRequest }) }, async (request) => {
    const ctx = contextOf(request);
    const siteId = id(request);
    await places.get(ctx, siteId);
    return { data: await places.update(ctx, siteId, parseOrThrow(siteRequest, request.body)), message: 'Site Updated' };
  });

  app.delete('/api/sites/:id', { ...own, config: doc('Remove a site that is not in use') }, async (request) => {
    await places.remove(contextOf(request), id(request));
    return { message: 'Site Deleted' };
  });

  app.get(
    '/api/sites/:id/positions',
    { ...own, config: doc('Positions of people signed in at the site, for the geofence preview') },
    async (request) => ({ data: await places.positions(contextOf(request), id(request)) }),
  );

  // MAP_TILE_URL for the geofence preview's tiles; null when none is configured.
  app.get(
    '/api/map-tiles',
    {
      preHandler: requireLogin(),
      config: { openapi: { summary: 'The map tile server for the geofence preview, if any', tag: 'sites' } },
    },
    async () => {
      const tiles = mapTilesOf();
      return { data: tiles && { url: tiles.url, attribution: tiles.attribution } };
    },
  );

  app.get('/api/sites/:id/areas', { ...own, config: doc("A site's areas") }, async (request) => ({
    data: await places.areasOfSite(contextOf(request), id(request)),
  }));

  app.post(
    '/api/sites/:id/areas',
    { ...own, config: doc('Add an area to a site', { body: areaRequest, status: 201 }) },
    async (request, reply) => {
      const ctx = contextOf(request);
      const siteId = id(request);
      await places.get(ctx, siteId);
      const body = parseOrThrow(areaRequest, request.body);
      reply.code(201);
      return { data: await places.createArea(ctx, siteId, body), message: 'Area Added' };
    },
  );

  app.get('/api/areas/:id', { ...own, config: doc('One area') }, async (request) => ({
    data: await places.getArea(contextOf(request), id(request)),
  }));

  app.put('/api/areas/:id', { ...own, config: doc('Change an area', { body: areaRequest }) }, async (request) => {
    const ctx = contextOf(request);
    const areaId = id(request);
    await places.getArea(ctx, areaId);
    return {
      data: await places.updateArea(ctx, areaId, parseOrThrow(areaRequest, request.body)),
      message: 'Area Updated',
    };
  });

  app.delete('/api/areas/:id', { ...own, config: doc('Remove an area that is not in use') }, async (request) => {
    await places.removeArea(contextOf(request), id(request));
    return { message: 'Area Deleted' };
  });

  app.get(
    '/api/areas/:id/qr',
    { ...own, config: doc("The area's signed QR token, for printing") },
    async (request) => ({ data: await places.areaQr(contextOf(request), id(request)) }),
  );
}
