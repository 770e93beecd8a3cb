import { compileErrors, validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../support/api-client'
import { startTestServer, type TestServer } from '../support/server'

/** Every operation the REST API serves; the document must describe each one. */
const operations = [
  ['post', '/api/auth/b2b/login'],
  ['post', '/api/auth/b2c/login'],
  ['delete', '/api/auth/{accountType}/logout'],
  ['post', '/api/auth/{accountType}/token'],
  ['get', '/api/users/me'],
  ['put', '/api/users/me/password'],
  ['get', '/api/shop_users/me'],
  ['get', '/api/tenant'],
  ['post', '/api/contact'],
  ['get', '/api/health'],
  ['get', '/api/version'],
] as const

// The document does not depend on the database, so one embedded server is enough.
describe('API description', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('GET /api/openapi.json answers a valid OpenAPI 3.1 document of every operation', async () => {
    const answer = await callApi(server.baseUrl, '/api/openapi.json')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.body.openapi).toBe('3.1.0')

    const result = await validate(structuredClone(answer.body))
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)

    for (const [method, path] of operations) {
      expect(answer.body.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined()
    }
  })

  it('describes bodies with the schemas the handlers validate', async () => {
    const { body } = await callApi(server.baseUrl, '/api/openapi.json')
    const loginRequest = body.components.schemas.B2bLoginRequest
    expect(loginRequest.required).toEqual(expect.arrayContaining(['username', 'password']))

    // A body the document calls invalid is refused by the handler with the documented 400.
    const tooLong = 'x'.repeat((loginRequest.properties.username.maxLength as number) + 1)
    const refused = await callApi(server.baseUrl, '/api/auth/b2b/login', {
      method: 'POST',
      body: { username: tooLong, password: 'irrelevant' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.username).toEqual(expect.any(String))
    expect(body.paths['/api/auth/b2b/login'].post.responses['400']).toBeDefined()
  })

  it('GET /api/docs renders a reference page of every operation', async () => {
    const answer = await callApi<string>(server.baseUrl, '/api/docs')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/html')
    for (const [, path] of operations) expect(answer.body).toContain(path)
    expect(answer.body).toContain('href="/api/openapi.json"')
  })

  it("GET /api/docs/scalar.js answers Scalar's browser bundle from node_modules, cached", async () => {
    const answer = await callApi<string>(server.baseUrl, '/api/docs/scalar.js')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(answer.headers.get('cache-control')).toContain('immutable')
    expect(answer.body).toContain('window.Scalar=')
  })
})
