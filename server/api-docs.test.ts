import { describe, expect, test } from 'bun:test'
import { Validator } from '@seriousme/openapi-schema-validator'
import type { OpenAPIV3_1 } from 'openapi-types'
import { testApi } from '../testing/test-api'
import { API_DOCS_PATH, OPENAPI_PATH } from './api-docs'

const { app, call } = await testApi()
const document = (await call('GET', OPENAPI_PATH)).body as unknown as OpenAPIV3_1.Document

/** Every route the app answers, but the description and its reference page themselves. */
const routes = app.routes
  .filter((route) => route.path !== OPENAPI_PATH && route.path !== API_DOCS_PATH && !route.path.startsWith(`${API_DOCS_PATH}/`))
  .map((route) => ({ method: route.method.toLowerCase(), path: route.path.replace(/:(\w+)/g, '{$1}') }))
const operationOf = ({ method, path }: { method: string; path: string }) =>
  (document.paths?.[path] as Record<string, OpenAPIV3_1.OperationObject> | undefined)?.[method]

describe('GET /api/openapi.json', () => {
  test('is a valid OpenAPI 3 document', async () => {
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0])
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(document.openapi).toStartWith('3.')
  })

  test('describes every route the app registers', () => {
    expect(routes.length).toBeGreaterThan(40)
    expect(routes.filter((route) => !operationOf(route)).map((route) => `${route.method} ${route.path}`)).toEqual([])
  })

  test('every route documents what it answers when it succeeds, from its own schema', () => {
    const undocumented = routes.filter((route) => !Object.keys(operationOf(route)?.responses ?? {}).some((status) => /^[23]/.test(status)))
    expect(undocumented.map((route) => `${route.method} ${route.path}`)).toEqual([])
    const verify = operationOf({ method: 'patch', path: '/api/user/verify-phone' })!
    const answer = (verify.responses!['200'] as OpenAPIV3_1.ResponseObject).content!['application/json']!.schema as OpenAPIV3_1.SchemaObject
    expect(Object.keys(answer.properties!)).toEqual(['message', 'user'])
    // A pre-encoded answer is described from its contract's schema, made when the description is asked for.
    const shelf = operationOf({ method: 'get', path: '/api/items' })!
    const items = (shelf.responses!['200'] as OpenAPIV3_1.ResponseObject).content!['application/json']!.schema as OpenAPIV3_1.SchemaObject
    expect(items.type).toBe('array')
  })

  test('every body is described, and every 4xx answers the one error shape', () => {
    const login = operationOf({ method: 'post', path: '/api/login' })!
    const body = (login.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']!.schema as OpenAPIV3_1.SchemaObject
    expect(Object.keys(body.properties!)).toContain('password')
    for (const route of routes) {
      const operation = operationOf(route)!
      if (operation.requestBody) expect(Object.keys((operation.requestBody as OpenAPIV3_1.RequestBodyObject).content)).toEqual(['application/json'])
      expect(operation.responses!['4XX']).toEqual({ $ref: '#/components/responses/Error' })
    }
    const error = document.components!.schemas!.Error!
    expect(error.required).toEqual(['message'])
    expect(Object.keys(error.properties!)).toEqual(['message', 'code', 'errors'])
  })

  test('the session cookie is the security scheme of the signed-in routes', () => {
    expect(document.components!.securitySchemes).toEqual({ session: { type: 'apiKey', in: 'cookie', name: 'kirana_sid' } })
    expect(operationOf({ method: 'get', path: '/api/auth/user' })!.security).toEqual([{ session: [] }])
    expect(operationOf({ method: 'post', path: '/api/login' })!.security).toBeUndefined()
  })
})

describe('GET /api/docs', () => {
  test('is a reference page whose scripts come from this origin', async () => {
    const page = await app.handle(new Request(`http://localhost${API_DOCS_PATH}`))
    expect(page.status).toBe(200)
    const html = await page.text()
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1])
    expect(scripts.every((attributes) => /src="\/api\/docs\//.test(attributes ?? ''))).toBe(true)
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'start.js']) {
      expect((await app.handle(new Request(`http://localhost${API_DOCS_PATH}/${asset}`))).status).toBe(200)
    }
  })

  test('is off in production unless API_DOCS=true', async () => {
    const production = await testApi({ env: { NODE_ENV: 'production' } })
    expect((await production.call('GET', OPENAPI_PATH)).status).toBe(404)
    expect((await production.call('GET', API_DOCS_PATH)).status).toBe(404)
    const opted = await testApi({ env: { NODE_ENV: 'production', API_DOCS: 'true' } })
    expect((await opted.call('GET', OPENAPI_PATH)).status).toBe(200)
  })
})
