// Spec 2 §7 "Kiosks": moving kiosks, their settings, and commands to them (restart, pull the
// database again, update, open the door, face library, logging, remote support), the requests
// sent and a kiosk's room data, plus the versions kiosks report. Ids in the path are
// checked for ownership before the body, so another company's kiosk is a 404 whatever is sent.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  kioskCommandRequest,
  kioskLoggingRequest,
  kioskSettingRequest,
  kiosksSettingRequest,
  kioskUpdateRequest,
  moveKioskRequest,
  moveKiosksRequest,
  requestSenderParam,
  type KioskCommandName,
} from '../../domain/kiosk-commands';
import { KIOSK_DEVICE_PERMISSION } from '../../domain/permissions';
import { assertAllowed, contextOf, declarePermission, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { KioskCommandsService } from './kiosk-commands.service';

const uuid = v.pipe(v.string(), v.uuid('validation.uuid'));
const idParam = v.object({ id: uuid });
const kioskRequestsParams = v.object({ kioskId: uuid, userId: requestSenderParam });
const entityRequestsParams = v.object({ entityId: uuid, userId: requestSenderParam });

export async function kioskCommandsRoutes(app: FastifyInstance, { commands }: { commands: KioskCommandsService }) {
  // A kiosk's socket gets its own room and its pending commands when it joins.
  const admin = { preHandler: requirePermission('sites_devices') };
  // Routes with ids: the service checks ownership (404) before the permission.
  const ownKiosk = { preHandler: declarePermission('sites_devices') };
  app.realtimeHub.onJoin((ctx, socket) => commands.joined(ctx, socket));

  app.put(
    '/api/kiosk_move/:id',
    {
      ...ownKiosk,
      config: { openapi: { summary: 'Move a kiosk to another area', params: idParam, body: moveKioskRequest } },
    },
    async (request) => {
      const { id } = parseOrThrow(idParam, request.params);
      const ctx = contextOf(request);
      await commands.ownKiosks(ctx, [id]);
      // Permission before the body: a caller without it learns nothing from validation messages.
      assertAllowed(ctx, 'sites_devices');
      const body = parseOrThrow(moveKioskRequest, request.body);
      await commands.move(ctx, [id], body.area_id);
      return { message: 'Kiosk Moved' };
    },
  );

  app.put(
    '/api/kiosks_move',
    { ...admin, config: { openapi: { summary: 'Move several kiosks to an area', body: moveKiosksRequest } } },
    async (request) => {
      const body = parseOrThrow(moveKiosksRequest, request.body);
      await commands.move(contextOf(request), body.kiosk_ids, body.area_id);
      return { message: 'Kiosks Moved' };
    },
  );

  app.put(
    '/api/kiosk_setting/:id',
    {
      ...ownKiosk,
      config: { openapi: { summary: "Change a kiosk's settings", params: idParam, body: kioskSettingRequest } },
    },
    async (request) => {
      const { id } = parseOrThrow(idParam, request.params);
      const ctx = contextOf(request);
      await commands.ownKiosks(ctx, [id]);
      assertAllowed(ctx, 'sites_devices');
      await commands.setting(ctx, id, parseOrThrow(kioskSettingRequest, request.body));
      return { message: 'Kiosk Settings Updated' };
    },
  );

  app.put(
    '/api/kiosks_setting',
    { ...admin, config: { openapi: { summary: 'Change the settings of several kiosks', body: kiosksSettingRequest } } },
    async (request) => {
      const body = parseOrThrow(kiosksSettingRequest, request.body);
      await commands.settingMany(contextOf(request), body.kiosk_ids, body);
      return { message: 'Kiosk Settings Updated' };
    },
  );

  app.get(
    '/api/get_kiosk_with_setting/:id',
    {
      config: { openapi: { summary: 'A kiosk with its settings (also for the kiosk itself)', params: idParam } },
      preHandler: declarePermission('sites_devices', KIOSK_DEVICE_PERMISSION),
    },
    async (request) => {
      const { id } = parseOrThrow(idParam, request.params);
      return { data: await commands.withSetting(contextOf(request), id) };
    },
  );

  // 201: each call creates one request per kiosk (listed by GET /api/kiosks/requests/…); the
  // dashboard counts only 200 and 201 as success (spec 1 §9), so 202 would read as a failure.
  const commandRoute = (path: string, command: KioskCommandName, payload: Record<string, unknown> = {}) =>
    app.post(
      path,
      {
        ...admin,
        config: { openapi: { summary: `Send kiosks the ${command} command`, body: kioskCommandRequest, status: 201 } },
      },
      async (request, reply) => {
        const { kiosk_ids, ...fields } = parseOrThrow(kioskCommandRequest, request.body);
        reply.code(201);
        return { data: await commands.command(contextOf(request), kiosk_ids, command, payload, fields) };
      },
    );
  commandRoute('/api/kiosks/restart-app', 'restart_app');
  commandRoute('/api/kiosks/push-restart', 'push_restart');
  commandRoute('/api/kiosks/refresh-face-library', 'refresh_face_library');
  commandRoute('/api/kiosks/notify-remote-screen-share-start', 'remote_support', { state: 'start' });
  commandRoute('/api/kiosks/notify-remote-screen-share-end', 'remote_support', { state: 'end' });
  commandRoute('/api/kiosks/pull-database', 'pull_database');
  commandRoute('/api/kiosks/open-door', 'open_door');

  app.post(
    '/api/kiosks/kiosk-logging',
    {
      ...admin,
      config: { openapi: { summary: 'Ask kiosks to send their logs', body: kioskLoggingRequest, status: 201 } },
    },
    async (request, reply) => {
      const { kiosk_ids, enabled, ...fields } = parseOrThrow(kioskLoggingRequest, request.body);
      reply.code(201);
      return { data: await commands.command(contextOf(request), kiosk_ids, 'logging', { enabled }, fields) };
    },
  );

  app.post(
    '/api/kiosks/update-app',
    {
      ...admin,
      config: { openapi: { summary: 'Ask kiosks to update their app', body: kioskUpdateRequest, status: 201 } },
    },
    async (request, reply) => {
      const { kiosk_ids, key, version, kiosk_name, ...fields } = parseOrThrow(kioskUpdateRequest, request.body);
      // Spec 2 §7: "version and kiosk_name for updates" travel with the request.
      const payload = {
        ...(key !== undefined ? { key } : {}),
        ...(version !== undefined ? { version } : {}),
        ...(kiosk_name !== undefined ? { kiosk_name } : {}),
      };
      reply.code(201);
      return { data: await commands.command(contextOf(request), kiosk_ids, 'update_app', payload, fields) };
    },
  );

  // Recorded and sent so the kiosk can say so on screen, but a PWA cannot share its screen
  // unattended: the answer says it, and the kiosk answers the request "failed".
  app.post(
    '/api/kiosks/remote-show-screen',
    {
      ...admin,
      config: {
        openapi: { summary: 'Ask kiosks to show their screen remotely', body: kioskCommandRequest, status: 201 },
      },
    },
    async (request, reply) => {
      const { kiosk_ids, ...fields } = parseOrThrow(kioskCommandRequest, request.body);
      reply.code(201);
      return {
        data: await commands.command(contextOf(request), kiosk_ids, 'remote_show_screen', {}, fields),
        screen_sharing: 'unsupported',
      };
    },
  );

  app.get(
    '/api/kiosks/requests/entity/:entityId/:userId',
    {
      ...ownKiosk,
      config: { openapi: { summary: "The company's kiosk requests by a user", params: entityRequestsParams } },
    },
    async (request) => {
      const { entityId, userId } = parseOrThrow(entityRequestsParams, request.params);
      return { data: await commands.requestsOfEntity(contextOf(request), entityId, userId) };
    },
  );

  app.get(
    '/api/kiosks/requests/:kioskId/:userId',
    { ...ownKiosk, config: { openapi: { summary: "A kiosk's requests by a user", params: kioskRequestsParams } } },
    async (request) => {
      const { kioskId, userId } = parseOrThrow(kioskRequestsParams, request.params);
      return { data: await commands.requestsOfKiosk(contextOf(request), kioskId, userId) };
    },
  );

  // Request states (spec 1 §4): cancel one the kiosk has not received, close one that is done.
  for (const action of ['cancel', 'close'] as const)
    app.post(
      `/api/kiosks/requests/${action}/:id`,
      {
        ...ownKiosk,
        config: {
          openapi: {
            summary:
              action === 'cancel' ? 'Cancel a kiosk request not yet delivered' : 'Close a finished kiosk request',
            params: idParam,
          },
        },
      },
      async (request) => {
        const { id } = parseOrThrow(idParam, request.params);
        const data = await commands.setState(contextOf(request), id, action, new Date(commands.now()));
        return { data, message: action === 'cancel' ? 'Request Canceled' : 'Request Closed' };
      },
    );

  app.get(
    '/api/kiosks/room-data/:id',
    { ...ownKiosk, config: { openapi: { summary: "A kiosk's room data", params: idParam } } },
    async (request) => {
      const { id } = parseOrThrow(idParam, request.params);
      return { data: await commands.roomData(contextOf(request), id) };
    },
  );

  app.get(
    '/api/kiosks/app-versions',
    { ...admin, config: { openapi: { summary: 'Kiosk app versions in use' } } },
    async (request) => ({
      data: await commands.appVersions(contextOf(request)),
    }),
  );
}
