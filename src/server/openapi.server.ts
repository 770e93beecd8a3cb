import { z } from 'zod'
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiOverride,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi'
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  newPasswordMaxLength,
  newPasswordMinLength,
} from '~/lib/account-api'
import {
  accountTypeSchema,
  apiErrorSchema,
  b2bLoginRequestSchema,
  b2bLoginResponseSchema,
  b2bMeResponseSchema,
  b2cLoginRequestSchema,
  b2cLoginResponseSchema,
  b2cMeResponseSchema,
  logoutResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  tenantResponseSchema,
} from '~/lib/auth-api'
import { buildInfo } from '~/lib/build-info'
import { contactRequestSchema, contactResponseSchema } from '~/lib/contact-api'
import { tenantConfigSchema } from '~/lib/tenant-config'
import { hostSchema } from '~/lib/tenant-host'
import { passwordChangeLimits } from './account.server'
import { loginLimits } from './auth.server'
import { contactLimits } from './contact.server'
import { maxJsonBodyBytes } from './http.server'
import { accessTokenLifetimeSeconds, refreshTokenLifetimeSeconds } from './tokens.server'

/**
 * The OpenAPI 3.1 description of the public REST API, generated from the zod schemas the route
 * handlers validate and answer with; `.meta({ id })` on a schema makes it a component.
 */

export type OpenApiDocument = ReturnType<typeof createDocument>

/** `/api/health` and `/api/version` answer plain objects without a shared schema; described here. */
const healthResponseSchema = z
  .object({ status: z.enum(['ok', 'unavailable']) })
  .meta({ id: 'HealthStatus' })

const versionResponseSchema = z
  .object({
    version: z.string().describe('The application version from package.json.'),
    buildId: z.string().describe('Changes with every build; clients compare it to offer a reload.'),
  })
  .meta({ id: 'BuildInfo' }) satisfies z.ZodType<typeof buildInfo>

const accountTypeParams = z.object({
  accountType: accountTypeSchema.describe(
    '`b2b` for business accounts (organisations), `b2c` for shop customers of one tenant.',
  ),
})

const tenantQuery = z.object({
  host: hostSchema.meta({
    description: 'The host a shop is served on, `host[:port]` as a browser sends it.',
    examples: ['sonnen-apotheke.blattwerk.de'],
  }),
})

const bearerAuth = 'bearerAuth'
const accessTokenMinutes = accessTokenLifetimeSeconds / 60
const refreshTokenHours = Math.round((refreshTokenLifetimeSeconds / 3600) * 10) / 10
const bodyLimitKiB = maxJsonBodyBytes / 1024
const loginFailureLimit = loginLimits.accountAndClient.points
const loginFailureMinutes = loginLimits.accountAndClient.windowSeconds / 60
const { account: accountCeiling, accountPerDay: accountCeilingPerDay } = loginLimits
const longestLoginWindowSeconds = Math.max(
  ...Object.values(loginLimits).map((rule) => rule.windowSeconds),
)

const json = <Schema extends z.ZodType>(schema: Schema) => ({
  content: { 'application/json': { schema } },
})

const errorResponse = (description: string): ZodOpenApiResponseObject => ({
  description,
  ...json(apiErrorSchema),
})

/** The errors every operation can answer with. */
const internalError = {
  '500': errorResponse(
    'Unexpected server error: the generic message `Interner Serverfehler` and a `requestId` ' +
      'to quote when reporting the problem.',
  ),
} satisfies ZodOpenApiResponsesObject

/** The errors of reading a JSON request body. */
const jsonBodyErrors = {
  '400': errorResponse(
    'The body is not valid JSON or fails validation; `errors` maps each invalid field to a ' +
      'message.',
  ),
  '413': errorResponse(`The body is larger than ${bodyLimitKiB} KiB.`),
  '415': errorResponse('The body is not JSON (`Content-Type` must be `application/json`).'),
} satisfies ZodOpenApiResponsesObject

const tooManyLoginAttempts: ZodOpenApiResponseObject = {
  ...errorResponse(
    `Too many failed login attempts (${loginFailureLimit} in a row for one account and client ` +
      `within ${loginFailureMinutes} minutes, too many from one client, or — from a client the ` +
      `account has not logged in from lately — more than ${accountCeiling.points} for the account ` +
      `within ${accountCeiling.windowSeconds / 60} minutes or ${accountCeilingPerDay.points} ` +
      'within a day across all clients); retry after the number of seconds in `Retry-After`.',
  ),
  headers: z.object({
    'Retry-After': z
      .int()
      .min(1)
      .max(longestLoginWindowSeconds)
      .describe('Seconds until the next login attempt is accepted.'),
  }),
}

/** A 429 with the seconds until the next attempt is accepted in `Retry-After`. */
const tooManyRequests = (
  description: string,
  longestWindowSeconds: number,
): ZodOpenApiResponseObject => ({
  ...errorResponse(description),
  headers: z.object({
    'Retry-After': z
      .int()
      .min(1)
      .max(longestWindowSeconds)
      .describe('Seconds until the next attempt is accepted.'),
  }),
})

const wrongAccountType = errorResponse(
  'The access token belongs to the other account type than this endpoint serves.',
)

const unauthorised = errorResponse(
  'No bearer token, or it is invalid or expired, or its session has ended (logout, ' +
    'revocation, or — for `b2c` — a token used on another tenant’s host).',
)

const b2bLogin: ZodOpenApiOperationObject = {
  operationId: 'loginBusinessUser',
  tags: ['Authentication'],
  summary: 'Log in a business user',
  description:
    'Checks username and password of a business account (platform, pharmacy, wholesaler, ' +
    'producer or club) and starts a session. Answers the user, a short-lived access token ' +
    `(JWT, EdDSA, ${accessTokenMinutes} minutes) and a refresh token for ` +
    '`POST /api/auth/b2b/token`.',
  requestBody: { required: true, ...json(b2bLoginRequestSchema) },
  responses: {
    '200': { description: 'Logged in.', ...json(b2bLoginResponseSchema) },
    ...jsonBodyErrors,
    '401': errorResponse('Unknown username, wrong password or deactivated account.'),
    '429': tooManyLoginAttempts,
    ...internalError,
  },
}

const b2cLogin: ZodOpenApiOperationObject = {
  operationId: 'loginShopUser',
  tags: ['Authentication'],
  summary: 'Log in a shop customer',
  description:
    'Checks e-mail and password of a customer account of one shop and starts a session. The ' +
    'shop (tenant) is the first label of the request host, so call it on the shop’s own host ' +
    '(`sonnen-apotheke.blattwerk.de` → `sonnen-apotheke`). Answers the user, a short-lived ' +
    `access token (JWT, EdDSA, ${accessTokenMinutes} minutes) and a refresh token for ` +
    '`POST /api/auth/b2c/token`.',
  requestBody: { required: true, ...json(b2cLoginRequestSchema) },
  responses: {
    '200': { description: 'Logged in.', ...json(b2cLoginResponseSchema) },
    ...jsonBodyErrors,
    '401': errorResponse('Unknown e-mail, wrong password or deactivated account.'),
    '404': errorResponse('The request host names no shop.'),
    '429': tooManyLoginAttempts,
    ...internalError,
  },
}

const logout: ZodOpenApiOperationObject = {
  operationId: 'logout',
  tags: ['Authentication'],
  summary: 'Log out',
  description:
    'Ends the session of the bearer access token: its access tokens stop working and its ' +
    'refresh tokens can no longer be exchanged. `accountType` must match the token.',
  security: [{ [bearerAuth]: [] }],
  requestParams: { path: accountTypeParams },
  responses: {
    '200': { description: 'The session has ended.', ...json(logoutResponseSchema) },
    '401': unauthorised,
    '403': wrongAccountType,
    '404': errorResponse('`accountType` is neither `b2b` nor `b2c`.'),
    ...internalError,
  },
}

const refresh: ZodOpenApiOperationObject = {
  operationId: 'refreshToken',
  tags: ['Authentication'],
  summary: 'Exchange a refresh token',
  description:
    'Exchanges a refresh token for a new access token and a new refresh token (rotation: every ' +
    'call answers a new refresh token, which replaces the presented one). Presenting an ' +
    'already exchanged refresh token again revokes the whole session (token family). Refresh ' +
    `tokens expire after ${refreshTokenHours} hours; \`b2c\` tokens only work on their shop’s ` +
    'host.',
  requestParams: { path: accountTypeParams },
  requestBody: { required: true, ...json(refreshRequestSchema) },
  responses: {
    '200': { description: 'New token pair.', ...json(refreshResponseSchema) },
    ...jsonBodyErrors,
    '401': errorResponse(
      'The refresh token is invalid, expired, reused or its session has ended: log in again.',
    ),
    '403': errorResponse('The refresh token belongs to the other account type.'),
    '404': errorResponse('`accountType` is neither `b2b` nor `b2c`.'),
    ...internalError,
  },
}

const businessMe: ZodOpenApiOperationObject = {
  operationId: 'getBusinessUser',
  tags: ['Users'],
  summary: 'The logged-in business user',
  description: 'Answers the business user of the bearer access token with their organisation.',
  security: [{ [bearerAuth]: [] }],
  responses: {
    '200': { description: 'The user.', ...json(b2bMeResponseSchema) },
    '401': unauthorised,
    '403': errorResponse('The access token is a shop customer’s (`b2c`).'),
    ...internalError,
  },
}

const passwordFailureLimit = passwordChangeLimits.user.points
const passwordFailureMinutes = passwordChangeLimits.user.windowSeconds / 60

const changePassword: ZodOpenApiOperationObject = {
  operationId: 'changeBusinessUserPassword',
  tags: ['Users'],
  summary: 'Change the password of the logged-in business user',
  description:
    'Checks the current password of the business user of the bearer access token and sets the ' +
    `new one (${newPasswordMinLength} to ${newPasswordMaxLength} characters, different from ` +
    'the current one). Every other session of the user ends: their access tokens stop working ' +
    'and their refresh tokens can no longer be exchanged. The calling session stays valid.',
  security: [{ [bearerAuth]: [] }],
  requestBody: { required: true, ...json(changePasswordRequestSchema) },
  responses: {
    '200': { description: 'The password has changed.', ...json(changePasswordResponseSchema) },
    ...jsonBodyErrors,
    '400': errorResponse(
      'The body is not valid JSON or fails validation, or the current password is wrong ' +
        '(`errors.currentPassword`); `errors` maps each invalid field to a message. A wrong ' +
        'current password is no 401: the session itself is fine.',
    ),
    '401': unauthorised,
    '403': errorResponse('The access token is a shop customer’s (`b2c`).'),
    '429': tooManyRequests(
      `Too many wrong current passwords (${passwordFailureLimit} in a row within ` +
        `${passwordFailureMinutes} minutes for one user); retry after the number of seconds in ` +
        '`Retry-After`. Even the right password is refused until then.',
      passwordChangeLimits.user.windowSeconds,
    ),
    ...internalError,
  },
}

const shopMe: ZodOpenApiOperationObject = {
  operationId: 'getShopUser',
  tags: ['Users'],
  summary: 'The logged-in shop customer',
  description:
    'Answers the shop customer of the bearer access token. Call it on the shop’s own host; ' +
    'a token of another shop is refused.',
  security: [{ [bearerAuth]: [] }],
  responses: {
    '200': { description: 'The customer.', ...json(b2cMeResponseSchema) },
    '401': unauthorised,
    '403': errorResponse('The access token is a business user’s (`b2b`).'),
    ...internalError,
  },
}

const tenant: ZodOpenApiOperationObject = {
  operationId: 'getTenant',
  tags: ['Tenants'],
  summary: 'The shop of a host',
  description:
    'Resolves a host to its shop (tenant): the slug and the branding and legal configuration ' +
    '(`null` while the shop is not configured yet). Cached publicly for 60 seconds.',
  requestParams: { query: tenantQuery },
  responses: {
    '200': { description: 'The shop.', ...json(tenantResponseSchema) },
    '400': errorResponse('`host` is missing or not a valid `host[:port]`.'),
    '404': errorResponse('No shop is served on this host.'),
    ...internalError,
  },
}

const contactMessageLimit = contactLimits.client.points
const contactWindowMinutes = contactLimits.client.windowSeconds / 60

const contact: ZodOpenApiOperationObject = {
  operationId: 'sendContactMessage',
  tags: ['Contact'],
  summary: 'Send a contact message',
  description:
    'Stores a message of the public contact form; no login needed. Sent on a shop’s host, the ' +
    'message belongs to that shop (tenant), on the main domain to the platform. All fields are ' +
    `trimmed. One client address may send ${contactMessageLimit} messages within ` +
    `${contactWindowMinutes} minutes.`,
  requestBody: { required: true, ...json(contactRequestSchema) },
  responses: {
    '201': { description: 'The message is stored.', ...json(contactResponseSchema) },
    ...jsonBodyErrors,
    '429': tooManyRequests(
      `Too many messages from this client address (${contactMessageLimit} within ` +
        `${contactWindowMinutes} minutes); retry after the number of seconds in \`Retry-After\`.`,
      contactLimits.client.windowSeconds,
    ),
    ...internalError,
  },
}

const health: ZodOpenApiOperationObject = {
  operationId: 'getHealth',
  tags: ['Operations'],
  summary: 'Health check',
  description: 'Answers whether the server can reach its database; for load balancers.',
  responses: {
    '200': { description: 'Healthy: `{"status":"ok"}`.', ...json(healthResponseSchema) },
    '503': {
      description: 'The database does not answer: `{"status":"unavailable"}`.',
      ...json(healthResponseSchema),
    },
  },
}

const version: ZodOpenApiOperationObject = {
  operationId: 'getVersion',
  tags: ['Operations'],
  summary: 'Version and build',
  description: 'Answers the running version and build id.',
  responses: { '200': { description: 'Version and build.', ...json(versionResponseSchema) } },
}

const description = [
  'The REST API of Blattwerk. Request and response bodies are JSON; request bodies may be at ' +
    `most ${bodyLimitKiB} KiB and must be sent as \`Content-Type: application/json\`.`,
  'Errors answer an `ApiError` body `{ status, message, errors?, requestId? }` with a German ' +
    '`message` for people: 400 invalid input (with `errors` per field), 401 missing or bad ' +
    'credentials or token, 403 wrong account type for the endpoint, 404 unknown path, tenant ' +
    'or account type, 405 method not allowed (with `Allow`), 413 body too large, 415 body not ' +
    'JSON, 429 too many attempts (with `Retry-After`), 500 `Interner Serverfehler` with ' +
    'a `requestId`.',
  `Authenticated endpoints take the access token of a login as \`Authorization: Bearer …\`. ` +
    `Access tokens live ${accessTokenMinutes} minutes; exchange the refresh token for a new ` +
    'pair before then.',
].join('\n\n')

function buildDocument(): OpenApiDocument {
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: 'Blattwerk API', version: buildInfo.version, description },
      tags: [
        { name: 'Authentication', description: 'Log in, refresh tokens and log out.' },
        { name: 'Users', description: 'The logged-in account.' },
        { name: 'Tenants', description: 'Shops and their configuration.' },
        { name: 'Contact', description: 'The public contact form.' },
        { name: 'Operations', description: 'Health and version for operators.' },
      ],
      paths: {
        '/api/auth/b2b/login': { post: b2bLogin },
        '/api/auth/b2c/login': { post: b2cLogin },
        '/api/auth/{accountType}/logout': { delete: logout },
        '/api/auth/{accountType}/token': { post: refresh },
        '/api/users/me': { get: businessMe },
        '/api/users/me/password': { put: changePassword },
        '/api/shop_users/me': { get: shopMe },
        '/api/tenant': { get: tenant },
        '/api/contact': { post: contact },
        '/api/health': { get: health },
        '/api/version': { get: version },
      },
      components: {
        // Registered by name: it has no `.meta({ id })` of its own.
        schemas: { TenantConfig: tenantConfigSchema },
        securitySchemes: {
          [bearerAuth]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: `Access token of a login (JWT signed with EdDSA, ${accessTokenMinutes} minutes).`,
          },
        },
      },
    },
    { override: dropSafeIntegerBounds },
  )
}

/** zod bounds every integer by ±2^53−1; that is JSON's limit anyway and only adds noise. */
const dropSafeIntegerBounds: ZodOpenApiOverride = ({ jsonSchema }) => {
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum
}

let document: OpenApiDocument | undefined

/** The document; built once per process (the schemas and the version do not change at runtime). */
export function getOpenApiDocument(): OpenApiDocument {
  document ??= buildDocument()
  return document
}
