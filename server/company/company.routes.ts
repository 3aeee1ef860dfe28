// Company details and the entity calls of spec 2 §7 "Entities" (paths not given there; chosen in
// docs/decisions.md): subdomain check, entity subdomain check, list, create, update, get by id,
// plus the logo, the API integration token and the tech team's plan/package change.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  companyCreateInput,
  companyUpdateInput,
  logoInput,
  planChangeInput,
  subdomainQuery,
} from '../../domain/company';
import { contextOf, declarePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { baseUrlOf } from '../preregistration/public-http';
import type { CompanyService } from './company.service';
import { INTEGRATION_PERMISSION } from './integration-auth';

type IdParams = { Params: { id: string } };
// A 2 MB logo as base64 in JSON is about 2.7 MB.
const LOGO_BODY_LIMIT = 3 * 1024 * 1024;
const versionQuery = v.object({
  version: v.pipe(
    v.string('validation.required'),
    v.transform(Number),
    v.integer('validation.number'),
    v.minValue(1, 'validation.number'),
  ),
});

export async function companyRoutes(
  app: FastifyInstance,
  { company, publicUrl }: { company: CompanyService; publicUrl?: string },
) {
  // Every check (tenancy first, then company_details, then tech team) is in the service.
  const details = { preHandler: declarePermission('company_details') };

  app.get(
    '/api/subdomain/check',
    { ...details, config: { openapi: { summary: 'Check a subdomain for a new company', query: subdomainQuery } } },
    async (request) => ({
      data: await company.checkSubdomain(contextOf(request), request.query),
    }),
  );

  app.get<IdParams>(
    '/api/entity/:id/subdomain/check',
    {
      ...details,
      config: {
        openapi: { summary: 'Check a subdomain for this company (its own counts as available)', query: subdomainQuery },
      },
    },
    async (request) => ({
      data: await company.checkEntitySubdomain(contextOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/entities',
    { ...details, config: { openapi: { summary: 'List companies (the tech team sees all)' } } },
    async (request) => ({ data: await company.list(contextOf(request)) }),
  );

  app.post(
    '/api/entity',
    {
      ...details,
      config: {
        openapi: { summary: 'Create a company with its owner (tech team)', body: companyCreateInput, status: 201 },
      },
    },
    async (request, reply) => {
      const data = await company.create(contextOf(request), request.body, baseUrlOf(request, publicUrl));
      return reply.code(201).send({ data });
    },
  );

  // The one entity call an integration token may make: reading its own company.
  app.get<IdParams>(
    '/api/entity/:id',
    {
      preHandler: declarePermission('company_details', INTEGRATION_PERMISSION),
      config: {
        integrationToken: true,
        openapi: { summary: 'Get a company by id (also with its API integration token)' },
      },
    },
    async (request) => ({ data: await company.get(contextOf(request), request.params.id) }),
  );

  app.put<IdParams>(
    '/api/entity/:id',
    {
      ...details,
      config: { openapi: { summary: 'Update name, subdomain and two-step policy', body: companyUpdateInput } },
    },
    async (request) => ({
      data: await company.update(contextOf(request), request.params.id, request.body),
    }),
  );

  app.put<IdParams>(
    '/api/entity/:id/logo',
    {
      ...details,
      bodyLimit: LOGO_BODY_LIMIT,
      config: { openapi: { summary: 'Replace the logo (PNG, JPG or SVG as base64)', body: logoInput } },
    },
    async (request) => ({
      data: await company.setLogo(contextOf(request), request.params.id, request.body),
    }),
  );

  app.delete<IdParams>(
    '/api/entity/:id/logo',
    { ...details, config: { openapi: { summary: 'Remove the logo', query: versionQuery } } },
    async (request) => {
      const ctx = contextOf(request);
      await company.get(ctx, request.params.id);
      const { version } = parseOrThrow(versionQuery, request.query);
      return { data: await company.removeLogo(ctx, request.params.id, version) };
    },
  );

  app.post<IdParams>(
    '/api/entity/:id/api-token',
    {
      ...details,
      config: { openapi: { summary: 'Generate the API integration token (shown once; revokes the old one)' } },
    },
    async (request) => ({
      data: await company.generateToken(contextOf(request), request.params.id),
    }),
  );

  app.put<IdParams>(
    '/api/entity/:id/plan',
    { ...details, config: { openapi: { summary: 'Change plan and package (tech team)', body: planChangeInput } } },
    async (request) => ({
      data: await company.changePlan(contextOf(request), request.params.id, request.body),
    }),
  );

  // Public: logos show in <img> on kiosks and badges. An SVG may not run anything even if opened.
  app.get<{ Params: { entityId: string; id: string } }>(
    '/api/company-logo/:entityId/:id',
    { config: { public: true, openapi: { summary: 'A company logo (public, for img)', produces: 'image/*' } } },
    async (request, reply) => {
      const logo = await company.logoFile(request.params.entityId, request.params.id);
      return reply
        .header('content-type', logo.mime)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(logo.bytes);
    },
  );
}
