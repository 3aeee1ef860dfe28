// Public pre-registration calls (spec 2 §7 "Pre-registration and visits"), all under /api
// (DESIGN ruling 10), no token, rate-limited per address, answering 404 for unknown links.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  checkUserBody,
  confirmVisitBody,
  createExpectedVisitBody,
  hostSearchBody,
  validateExpectedVisitBody,
} from '../../domain/preregistration-schemas';
import { onlineCertificateBody, onlineComplianceBody } from '../../domain/online-compliance';
import { DOCUMENT_BODY_LIMIT } from '../compliance/compliance.routes';
import { t } from '../http/i18n';
import { parseOrThrow } from '../http/validate';
import type { Services } from '../services';
import { readForm } from './multipart';
import {
  baseUrlOf,
  HOST_SEARCH_LIMIT,
  langParam,
  PERSON_LOOKUP_LIMIT,
  READ_LIMIT,
  visitExistsAware,
  WRITE_LIMIT,
} from './public-http';

interface Options {
  services: Services;
  publicUrl?: string;
  passportUrl?: string;
}
type P = Record<string, string>;
const UPLOAD_LIMIT = 4 * 1024 * 1024;
const confirmRegistrationBody = v.object({
  token: v.pipe(v.string('validation.required'), v.maxLength(64, 'validation.too_long')),
});
const flowQuery = v.object({ journey_id: v.optional(v.string()), journeyFlowId: v.optional(v.string()) });

export async function preregistrationRoutes(app: FastifyInstance, { services, publicUrl, passportUrl }: Options) {
  const pre = services.preregistration;
  await app.register(multipart);
  const read = { public: true, rateLimit: READ_LIMIT };
  const write = { public: true, rateLimit: WRITE_LIMIT };

  app.get(
    '/api/check_image_qr_compliance_status_in_pre_registration/:lang/:journeyFlowId',
    { config: { ...read, openapi: { summary: 'Pre-registration: photo, QR and compliance steps of a flow' } } },
    async (request) => {
      langParam(request);
      return { status: true, data: await pre.flags((request.params as P).journeyFlowId!) };
    },
  );

  app.get(
    '/api/get_pre_registration_user_type/:lang/:id',
    { config: { ...read, openapi: { summary: 'Pre-registration: user types of a journey' } } },
    async (request) => {
      langParam(request);
      return { data: await pre.userTypes((request.params as P).id!) };
    },
  );

  // {id} is the user type; the flow in ?journey_id= scopes it to the link's entity.
  app.get(
    '/api/check-change-userType-registration-method/:lang/:id',
    {
      config: {
        ...read,
        openapi: { summary: "Pre-registration: a user type's registration method", query: flowQuery },
      },
    },
    async (request) => {
      langParam(request);
      const q = parseOrThrow(flowQuery, request.query);
      return { data: await pre.userTypeMethod(q.journey_id ?? q.journeyFlowId ?? '', (request.params as P).id!) };
    },
  );

  app.get(
    '/api/get_custom_fields_to_expected_visit/:lang',
    { config: { ...read, openapi: { summary: 'Pre-registration: custom fields to fill', query: flowQuery } } },
    async (request) => {
      const lang = langParam(request);
      const q = parseOrThrow(flowQuery, request.query);
      return { data: await pre.customFields(q.journey_id ?? q.journeyFlowId ?? '', lang) };
    },
  );

  app.get(
    '/api/hosts/settings/:journeyId/:userTypeId',
    { config: { ...read, openapi: { summary: 'Pre-registration: host selection settings' } } },
    async (request) => {
      const p = request.params as P;
      return { data: await pre.hostSettings(p.journeyId!, p.userTypeId!) };
    },
  );

  app.post(
    '/api/hosts/search',
    {
      config: {
        ...read,
        rateLimit: HOST_SEARCH_LIMIT,
        openapi: { summary: 'Pre-registration: search hosts', body: hostSearchBody },
      },
    },
    async (request) => {
      const b = parseOrThrow(hostSearchBody, request.body);
      return { data: await pre.hostSearch(b.journey_id, b.search) };
    },
  );

  app.post(
    '/api/validate_user_type_pre_registration/:lang',
    {
      config: {
        ...write,
        rateLimit: PERSON_LOOKUP_LIMIT,
        openapi: { summary: 'Pre-registration: may this person register as this type', body: checkUserBody },
      },
    },
    async (request) => {
      langParam(request);
      const b = parseOrThrow(checkUserBody, request.body);
      return { data: await pre.validateUserType(b.journey_id, b.email, b.phone) };
    },
  );

  app.post(
    '/api/check_user_entity/:lang',
    {
      config: {
        ...write,
        rateLimit: PERSON_LOOKUP_LIMIT,
        openapi: { summary: 'Pre-registration: is this person known to the company', body: checkUserBody },
      },
    },
    async (request) => {
      langParam(request);
      const b = parseOrThrow(checkUserBody, request.body);
      return { data: await pre.userEntity(b.journey_id, b.email, b.phone) };
    },
  );

  app.post(
    '/api/check_user_found/:lang',
    {
      config: {
        ...write,
        rateLimit: PERSON_LOOKUP_LIMIT,
        openapi: { summary: 'Pre-registration: find the person', body: checkUserBody },
      },
    },
    async (request) => {
      langParam(request);
      const b = parseOrThrow(checkUserBody, request.body);
      return { data: await pre.userFound(b.journey_id, b.email, b.phone) };
    },
  );

  app.post(
    '/api/validate-expected-visit/:lang',
    {
      config: {
        ...write,
        rateLimit: PERSON_LOOKUP_LIMIT,
        openapi: { summary: 'Pre-registration: check a visit before creating it', body: validateExpectedVisitBody },
      },
    },
    async (request, reply) => {
      const lang = langParam(request);
      const b = parseOrThrow(validateExpectedVisitBody, request.body);
      return visitExistsAware(reply, lang, async () => ({ data: await pre.validateVisit(b.journey_id, b) }));
    },
  );

  // The photo may be 3 MB; the app's 1 MB default would refuse it before it is checked.
  app.post(
    '/api/create-expected-visit/:lang',
    {
      config: {
        ...write,
        openapi: {
          summary: 'Pre-registration: create the expected visit (multipart, with photo)',
          body: createExpectedVisitBody,
          status: 201,
          multipart: true,
        },
      },
      bodyLimit: UPLOAD_LIMIT,
    },
    async (request, reply) => {
      const lang = langParam(request);
      const form = await readForm(request);
      const b = parseOrThrow(createExpectedVisitBody, form.fields);
      return visitExistsAware(reply, lang, async () => {
        const data = await pre.create(b, form.photo, { lang, baseUrl: baseUrlOf(request, publicUrl) });
        return reply.code(201).send({ data });
      });
    },
  );

  // The one-time link a held registration mailed to the person on file (visit-hold.ts).
  app.post(
    '/api/confirm-registration/:lang',
    {
      config: {
        ...write,
        openapi: { summary: 'Pre-registration: confirm by emailed token', body: confirmRegistrationBody },
      },
    },
    async (request) => {
      const lang = langParam(request);
      const b = parseOrThrow(confirmRegistrationBody, request.body);
      const data = await pre.confirmHold(b.token, { lang, baseUrl: baseUrlOf(request, publicUrl) });
      return { data: { ...data, message: t(lang, 'visitHold.confirmed') } };
    },
  );

  app.get(
    '/api/visit-by-visit-url/:lang/:visitUrl',
    { config: { ...read, openapi: { summary: "A visitor's visit by its link" } } },
    async (request) => {
      langParam(request);
      const code = (request.query as { code?: string }).code;
      return {
        data: await pre.details(
          (request.params as P).visitUrl!,
          typeof code === 'string' ? code : undefined,
          passportUrl ?? '',
        ),
      };
    },
  );

  // /online-compliance/:visitUrl (no login; the random url is the secret, as for /c/{visitUrl}).
  app.get(
    '/api/online-compliance/:lang/:visitUrl',
    { config: { ...read, openapi: { summary: 'Online compliance of a visit link' } } },
    async (request) => {
      langParam(request);
      const tz = Number((request.query as { tz_offset?: string }).tz_offset ?? 0);
      return {
        data: await pre.onlineCompliance(
          (request.params as P).visitUrl!,
          Number.isInteger(tz) && Math.abs(tz) <= 900 ? tz : 0,
        ),
      };
    },
  );
  app.post(
    '/api/online-compliance/:lang/:visitUrl',
    {
      config: {
        ...write,
        openapi: { summary: 'Answer online compliance for a visit link', body: onlineComplianceBody, status: 201 },
      },
    },
    async (request, reply) => {
      langParam(request);
      const b = parseOrThrow(onlineComplianceBody, request.body);
      return reply.code(201).send({ data: await pre.answerOnlineCompliance((request.params as P).visitUrl!, b) });
    },
  );

  app.post(
    '/api/online-compliance/:lang/:visitUrl/certificate',
    {
      config: {
        ...write,
        openapi: {
          summary: 'Send a vaccination or test certificate for a visit link',
          body: onlineCertificateBody,
          status: 201,
        },
      },
      bodyLimit: DOCUMENT_BODY_LIMIT,
    },
    async (request, reply) => {
      langParam(request);
      const b = parseOrThrow(onlineCertificateBody, request.body);
      return reply.code(201).send({ data: await pre.attachCertificate((request.params as P).visitUrl!, b) });
    },
  );

  // Sent as POST with a PUT override (spec 2 §7); both methods land here.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/confirm/visit/:lang',
      config: {
        ...write,
        openapi: {
          summary: `Confirm a visit (multipart, with photo; ${method})`,
          body: confirmVisitBody,
          multipart: true,
        },
      },
      bodyLimit: UPLOAD_LIMIT,
      handler: async (request) => {
        langParam(request);
        const form = await readForm(request);
        const fields = { ...form.fields };
        for (const key of ['user', 'custom_fields']) {
          if (typeof fields[key] === 'string' && key === 'user') {
            try {
              fields[key] = JSON.parse(fields[key] as string);
            } catch {
              fields[key] = null;
            }
          }
        }
        const b = parseOrThrow(confirmVisitBody, fields);
        return { data: await pre.confirm(b, form.photo) };
      },
    });
  }
}
