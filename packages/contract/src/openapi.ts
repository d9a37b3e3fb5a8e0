import { z } from 'zod';
import { type CallAccess, type CallDefinition, calls } from './calls/registry';
import { ERROR_CODE_DESCRIPTIONS } from './errors';

const ACCESS_NOTES: Record<CallAccess, string> = {
  public: 'No Website-ID header needed.',
  website: 'Needs the Website-ID header.',
  session: 'Needs the Website-ID header and a session token (visitor or customer).',
  customer: 'Needs the Website-ID header and the session token of a logged-in customer (login_type 1).',
  staff: "Needs the Website-ID header and a staff session token of the website's company (staff_login).",
};

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

/** The OpenAPI document of the whole /api, generated from the contract schemas. */
export function buildOpenApiDocument(serverUrl = '/'): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const codes = Object.entries(ERROR_CODE_DESCRIPTIONS)
    .map(([code, text]) => `- \`${code}\`: ${text}`)
    .join('\n');
  for (const def of Object.values(calls) as CallDefinition[]) {
    const needsWebsite = def.access !== 'public';
    const needsSession = def.access === 'session' || def.access === 'customer' || def.access === 'staff';
    paths[`/api/${def.name}`] = {
      post: {
        operationId: def.name,
        tags: [def.tag],
        summary: def.summary,
        description: def.roles
          ? `${ACCESS_NOTES[def.access]} Roles: ${def.roles.join(', ')}.`
          : ACCESS_NOTES[def.access],
        parameters: needsWebsite
          ? [{ name: 'Website-ID', in: 'header', required: true, schema: { type: 'integer' } }]
          : [],
        security: needsSession ? [{ bearer: [] }] : [],
        requestBody: {
          required: false,
          content: { 'application/json': { schema: toSchema(def.request, 'input') } },
        },
        responses: {
          200: {
            description: 'Always HTTP 200; `code` tells success (0) from failure.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['code', 'data', 'tip'],
                  properties: {
                    code: { type: 'integer' },
                    data: { oneOf: [toSchema(def.response, 'output'), { type: 'object', nullable: true }] },
                    tip: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Vitrine showroom API',
      version: '1',
      description:
        'Every call is `POST /api/<name>` with a JSON body and answers HTTP 200 with `{code, data, tip}`. ' +
        'Add `lang` (11201001..11201016) to the body to get tips and names in that language.\n\nError codes:\n' +
        codes,
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
