import { dirname, join } from 'node:path'
import { type AnyElysia, Elysia } from 'elysia'
import type { OpenAPIV3_1 } from 'openapi-types'
import { z } from 'zod'
import { SESSION_COOKIE } from '../modules/accounts/index'

export const OPENAPI_PATH = '/api/openapi.json'
export const API_DOCS_PATH = '/api/docs'

const OPENAPI_VERSION = '3.1.1'

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' })

/** What every refusal looks like (modules/shared/error-plugin.ts); some add fields a screen reads. */
const errorBodySchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional().describe('The first message of each failing field.'),
  })
  .loose()

type Operation = OpenAPIV3_1.OperationObject

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

/** The PWA's pages (/welcome, the shell for every other path) are no part of the API; Prometheus's /metrics is. */
const NOT_API = /^(?!\/api\/|\/metrics$)/

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType

/**
 * The API described from its routes: @elysiajs/openapi turns each route's zod schemas into the
 * paths, and this adds what it cannot see: request bodies (our JSON parser hides their content
 * type from it), the one error shape for every 4xx, and the session cookie. The generator is
 * loaded here, at the first request for the description, not with the server (150 ms of a start).
 */
export async function describeApi(app: AnyElysia): Promise<OpenAPIV3_1.Document> {
  const { toOpenAPISchema } = await import('@elysiajs/openapi')
  const generated = toOpenAPISchema(app, { paths: [NOT_API] }, undefined, { zod: toJsonSchema }, OPENAPI_VERSION)
  const paths = generated.paths as OpenAPIV3_1.PathsObject
  // A plugin's own `routes` are its own; getGlobalRoutes (protected, and what the generator reads too) are the whole app's.
  for (const route of (app as unknown as { getGlobalRoutes(): AnyElysia['routes'] }).getGlobalRoutes()) {
    const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase() as OpenAPIV3_1.HttpMethods] as Operation | undefined
    if (!operation) continue
    const body = route.hooks?.body
    if (isZod(body) && operation.requestBody && 'content' in operation.requestBody && Object.keys(operation.requestBody.content).length === 0) {
      operation.requestBody.content = { 'application/json': { schema: toJsonSchema(body, 'input') as OpenAPIV3_1.SchemaObject } }
    }
    operation.responses = { ...operation.responses, '4XX': { $ref: '#/components/responses/Error' } }
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Kirana API',
      version: '1',
      description: 'Community grocery delivery. Signed-in routes need the session cookie that /api/login and /api/register set.',
    },
    paths,
    components: {
      schemas: { ...generated.components.schemas, Error: toJsonSchema(errorBodySchema) as OpenAPIV3_1.SchemaObject },
      responses: {
        Error: {
          description: 'Refused: `message` says why, `code` names the reason, `errors` holds the message of each failing field.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  }
}

const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'))

/** Swagger UI from the package on our own origin, started by a script file: the CSP allows no inline script. */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Kirana API</title>
  <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${API_DOCS_PATH}/start.js"></script>
</body>
</html>`

const START_SCRIPT = `SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui' })`

/**
 * GET /api/openapi.json and a readable reference at /api/docs, from the routes of the app this is
 * used in (the description is made on the first request, once every route is registered).
 */
export function apiDocs({ enabled }: { enabled: boolean }) {
  const docs = new Elysia({ name: 'api-docs' })
  if (!enabled) return docs
  let document: Promise<OpenAPIV3_1.Document> | undefined
  const hidden = { detail: { hide: true } }
  return docs
    .get(OPENAPI_PATH, () => (document ??= describeApi(docs)), hidden)
    .get(API_DOCS_PATH, () => new Response(DOCS_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } }), hidden)
    .get(`${API_DOCS_PATH}/start.js`, () => new Response(START_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } }), hidden)
    .get(`${API_DOCS_PATH}/swagger-ui-bundle.js`, () => Bun.file(join(SWAGGER_UI, 'swagger-ui-bundle.js')), hidden)
    .get(`${API_DOCS_PATH}/swagger-ui.css`, () => Bun.file(join(SWAGGER_UI, 'swagger-ui.css')), hidden)
}
