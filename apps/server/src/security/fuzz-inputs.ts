import fc from 'fast-check';
import { multipart, sampleFiles } from '../testing/activity-factory.ts';

/**
 * Generated requests for every operation of the OpenAPI description (issue 17, item 4): the
 * operations as the description lists them, and for each one fast-check arbitraries of requests
 * it should accept (values drawn from its parameter and body schemas, boundaries included) and
 * of requests it must refuse (wrong types, missing fields, huge strings, null bytes, malformed
 * JSON, wrong content types, broken multipart, forged tokens and sites).
 */

/** The part of JSON Schema (as zod and the OpenAPI transform emit it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  /** `POST /api/teams`: how the operation is named in failures and in the coverage check. */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /**
   * Answers as `/api` does (everything but the account center's forms): every failure is the
   * envelope, and so is every success unless it is media (the live playlist, a PDF).
   */
  api: boolean;
  query: Parameter[];
  body: JsonSchema | null;
  /** A multipart upload (the operation's description says so; its body has no schema). */
  multipart: boolean;
  /** Text fields a multipart operation names in its description (`activityId`, `form`, ...). */
  multipartFields: string[];
  /** The schema of `data` in a success answer, when the operation declares one. */
  response: JsonSchema | null;
}

/** Every operation of the description, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') {
        throw new Error(`The fuzzer has no requests for ${upper} ${path}`);
      }
      const description = operation.description ?? '';
      const multipartOperation = /multipart/i.test(description) && !operation.requestBody;
      operations.push({
        name: `${upper} ${path}`,
        method: upper,
        path,
        api: !path.startsWith('/sso/'),
        query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        multipart: multipartOperation,
        multipartFields: multipartOperation
          ? [...new Set(description.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [])].filter(
              (word) => !/^(multipart|JPG|PNG|WebP|JSON|files?)$/i.test(word),
            )
          : [],
        response: operation.responses?.['200']?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** One generated request, as `app.inject` takes it. */
export interface FuzzRequest {
  /** What the generator meant to try, e.g. `body: field "name" = hostile`. */
  kind: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** What the requests may know of the database: ids that exist, so valid ones reach rows. */
export interface FuzzContext {
  ids: number[];
  siteKeys: string[];
}

// ---------------------------------------------------------------------------------------------
// Values

const HUGE = 'a'.repeat(70_000);
const HUGE_UNICODE = '学'.repeat(30_000);

/** Strings that have broken servers: injections, traversal, control and odd unicode. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u0635\u0644\u0627\u0645',
  '\u200b\ufeff',
  'Ｔｅｓｔ１２３',
  '１２',
  '😀'.repeat(100),
  'e\u0301\u0301\u0301',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '$' + '{7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '0x10',
  '-1',
  '0',
  '1.5',
  ' 1',
  '9007199254740993',
  'null',
  'true',
  '[]',
  '{}',
  'javascript:alert(1)',
  '//evil.example/',
  HUGE,
  HUGE_UNICODE,
];

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1e-9,
  -2147483649,
  2147483648,
  4294967296,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** Any JSON value a client might send where something else is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...NASTY_NUMBERS),
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant({ __proto__: null, toString: 1, valueOf: 'x' }),
);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** A value of `schema`: boundaries, ids that exist, and anything else in range. */
export function validValue(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  const value = validNonNull(schema, context);
  return schema.nullable || typesOf(schema).includes('null')
    ? fc.option(value, { nil: null, freq: 6 })
    : value;
}

function validNonNull(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((branch) => validValue(branch, context)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], context);
  const type = typesOf(schema).find((name) => name !== 'null');
  switch (type) {
    case 'integer':
      return integerIn(schema, context);
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      return fc.oneof(
        fc.constantFrom(min, max, (min + max) / 2),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        // Somewhere in the city (the map's operations take coordinates).
        fc.constantFrom(31.23, 121.45).filter((n) => n >= min && n <= max),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringIn(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validValue(schema.items ?? {}, context), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, context);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function integerIn(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const ids = context.ids.filter((id) => id >= min && id <= max);
  const small = fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 300) });
  return fc.oneof(
    { arbitrary: fc.constantFrom(min, max), weight: 1 },
    { arbitrary: small, weight: 3 },
    ...(ids.length > 0 ? [{ arbitrary: fc.constantFrom(...ids), weight: 4 }] : []),
  );
}

function stringIn(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, schema.maxLength ?? 200);
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc
        .stringMatching(pattern)
        .filter((text) => text.length >= minLength && text.length <= maxLength);
    } catch {
      // A pattern fast-check cannot generate from (lookaheads): letters and digits both.
      return fc
        .tuple(fc.stringMatching(/^[A-Za-z]{4,8}$/), fc.stringMatching(/^\d{4,8}$/))
        .map(([letters, digits]) => `${letters}${digits}`.slice(0, maxLength));
    }
  }
  const upTo = Math.min(maxLength, 60);
  return fc.oneof(
    fc.string({ minLength, maxLength: Math.max(minLength, upTo) }),
    fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, upTo) }),
    // The boundary: exactly the longest allowed, in Chinese.
    fc.constant('学'.repeat(maxLength)),
    fc.constant('a'.repeat(Math.max(minLength, 1)).slice(0, maxLength)),
  );
}

function objectOf(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    model[key] = validValue(property, context);
  }
  const record = fc.record(model, { requiredKeys: schema.required ?? [] });
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object') return record;
  return fc
    .tuple(
      record,
      fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validValue(extra, context), {
        maxKeys: 3,
      }),
    )
    .map(([known, more]) => ({ ...more, ...known }));
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface Caller {
  /** The learner's bearer token, or null for a visitor. */
  token: string | null;
}

const AUTH_FORGERIES = [
  'Bearer ',
  'Bearer x',
  `Bearer ${'A'.repeat(4096)}`,
  'Bearer null',
  'Bearer undefined',
  'Basic dXNlcjpwYXNz',
  'bearer',
  'Token abc',
];

function headersFor(caller: Caller, site: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'x-site': site, ...extra };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  return headers;
}

/** `?a=1&b=2` of a query object; arrays repeat the name, objects use brackets. */
export function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) add(name, item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) add(`${name}[${key}]`, item);
    } else {
      search.append(name, value === null ? '' : String(value));
    }
  };
  for (const [name, value] of Object.entries(values)) add(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

function validQuery(operation: Operation, context: FuzzContext) {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of operation.query) {
    model[parameter.name] = validValue(parameter.schema, context);
  }
  const required = operation.query.filter((p) => p.required).map((p) => p.name);
  return fc.record(model, { requiredKeys: required });
}

function validBody(operation: Operation, context: FuzzContext): fc.Arbitrary<unknown> {
  return operation.body ? validValue(operation.body, context) : fc.constant({});
}

const json = (value: unknown) => JSON.stringify(value) ?? 'null';

/** Requests the operation may well accept: in-range values, defaults left out, extra fields. */
export function validRequests(
  operation: Operation,
  caller: Caller,
  context: FuzzContext,
): fc.Arbitrary<FuzzRequest> {
  const site = fc.constantFrom(...context.siteKeys);
  const query = validQuery(operation, context);
  if (operation.multipart) {
    return fc.tuple(site, multipartForm(operation, context, 'valid')).map(([siteKey, form]) => ({
      kind: `multipart: ${form.kind}`,
      method: operation.method,
      url: operation.path,
      headers: headersFor(caller, siteKey, form.headers),
      payload: form.payload,
    }));
  }
  if (!operation.api) return ssoRequests(operation, caller, 'valid');
  if (operation.method === 'GET') {
    return fc.tuple(site, query).map(([siteKey, values]) => ({
      kind: 'query: valid',
      method: operation.method,
      url: `${operation.path}${queryString(values)}`,
      headers: headersFor(caller, siteKey),
    }));
  }
  return fc
    .tuple(
      site,
      validBody(operation, context),
      fc.option(fc.dictionary(fc.constantFrom('extra', 'userId', 'id'), hostileValue), {
        freq: 3,
      }),
    )
    .map(([siteKey, value, extra]) => ({
      kind: extra ? 'body: valid plus unknown fields' : 'body: valid',
      method: operation.method,
      url: operation.path,
      headers: headersFor(caller, siteKey, { 'content-type': 'application/json' }),
      payload: json(
        extra && value && typeof value === 'object' && !Array.isArray(value)
          ? { ...extra, ...value }
          : value,
      ),
    }));
}

/** Bodies that are not JSON, or not the JSON asked for, under various content types. */
const MALFORMED_JSON = [
  '',
  '{',
  '{"a":',
  '[',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\ud800"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'1'.repeat(400)}}`,
  '\ufeff{}',
  '"string"',
  '12',
  'true',
  'null',
];

const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json, text/html',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded',
  'image/png',
  '*/*',
  'invalid',
];

const BAD_QUERIES = [
  '?%',
  '?%zz=1',
  '?a=%E0%A4%A',
  '?&&&=&',
  '?=x',
  '?page=1&page=2&page=3',
  '?page[]=1',
  '?page[a]=1',
  '?size=-1',
  '?size=100000000000000000000',
  '?id=1e400',
  '?id=0x10',
  '?id=%00',
  '?id=1%00',
  `?q=${'a'.repeat(100_000)}`,
  `?q=${encodeURIComponent('学'.repeat(20_000))}`,
  '?__proto__[admin]=1',
  '?constructor[prototype][admin]=1',
];

/** Requests the operation must refuse (or at least survive): malformed in every way we know. */
export function hostileRequests(
  operation: Operation,
  caller: Caller,
  context: FuzzContext,
): fc.Arbitrary<FuzzRequest> {
  const site = fc.oneof(
    { arbitrary: fc.constantFrom(...context.siteKeys), weight: 4 },
    { arbitrary: fc.constantFrom('nope', '', '..', 'JINGAN', 'a'.repeat(300), '%00'), weight: 1 },
  );
  const base = (siteKey: string, extra: Record<string, string> = {}) =>
    headersFor(caller, siteKey, extra);
  const forged = fc
    .tuple(site, fc.constantFrom(...AUTH_FORGERIES), validQuery(operation, context))
    .map(([siteKey, authorization, values]) => ({
      kind: `header: authorization ${JSON.stringify(authorization.slice(0, 20))}`,
      method: operation.method,
      url: `${operation.path}${queryString(values)}`,
      headers: { ...base(siteKey), authorization },
      payload: operation.method === 'POST' ? '{}' : undefined,
    }));
  const badQuery = fc.tuple(site, fc.constantFrom(...BAD_QUERIES)).map(([siteKey, text]) => ({
    kind: `query: raw ${JSON.stringify(text.slice(0, 40))}`,
    method: operation.method,
    url: `${operation.path}${text}`,
    headers: base(
      siteKey,
      operation.method === 'POST' ? { 'content-type': 'application/json' } : {},
    ),
    payload: operation.method === 'POST' ? '{}' : undefined,
  }));
  const kinds: fc.Arbitrary<FuzzRequest>[] = [forged, badQuery];
  if (operation.query.length > 0) {
    kinds.push(
      fc
        .tuple(
          site,
          validQuery(operation, context),
          fc.constantFrom(...operation.query.map((p) => p.name)),
          fc.oneof(hostileValue, fc.constant(undefined)),
        )
        .map(([siteKey, values, name, value]) => ({
          kind: `query: ${name} = ${describeValue(value)}`,
          method: operation.method,
          url: `${operation.path}${queryString({ ...values, [name]: value })}`,
          headers: base(siteKey),
        })),
    );
  }
  if (operation.method === 'POST' && !operation.multipart && operation.api) {
    const body = validBody(operation, context);
    const fields = Object.keys(operation.body?.properties ?? {});
    kinds.push(
      fc
        .tuple(site, body, fc.constantFrom(...(fields.length ? fields : ['x'])), hostileValue)
        .map(([siteKey, value, field, wrong]) => ({
          kind: `body: ${field} = ${describeValue(wrong)}`,
          method: operation.method,
          url: operation.path,
          headers: base(siteKey, { 'content-type': 'application/json' }),
          payload: json({ ...(value as object), [field]: wrong }),
        })),
      fc
        .tuple(site, body, fc.constantFrom(...(fields.length ? fields : ['x'])))
        .map(([siteKey, value, field]) => {
          const { [field]: _missing, ...rest } = value as Record<string, unknown>;
          return {
            kind: `body: without ${field}`,
            method: operation.method,
            url: operation.path,
            headers: base(siteKey, { 'content-type': 'application/json' }),
            payload: json(rest),
          };
        }),
      fc.tuple(site, hostileValue, body).map(([siteKey, whole, value]) => ({
        kind: `body: whole = ${describeValue(whole)}`,
        method: operation.method,
        url: operation.path,
        headers: base(siteKey, { 'content-type': 'application/json' }),
        // An array in place of the object (sometimes wrapping the valid one).
        payload: json(Array.isArray(whole) ? [value, ...whole] : whole),
      })),
      fc.tuple(site, fc.constantFrom(...MALFORMED_JSON)).map(([siteKey, text]) => ({
        kind: `body: malformed ${JSON.stringify(text.slice(0, 30))}`,
        method: operation.method,
        url: operation.path,
        headers: base(siteKey, { 'content-type': 'application/json' }),
        payload: text,
      })),
      fc.tuple(site, fc.constantFrom(...WRONG_TYPES), body).map(([siteKey, type, value]) => ({
        kind: `body: content-type ${type}`,
        method: operation.method,
        url: operation.path,
        headers: base(siteKey, { 'content-type': type }),
        payload:
          type === 'application/x-www-form-urlencoded'
            ? queryString(value as Record<string, unknown>).slice(1)
            : json(value),
      })),
      fc.tuple(site).map(([siteKey]) => ({
        kind: 'body: larger than the limit',
        method: operation.method,
        url: operation.path,
        headers: base(siteKey, { 'content-type': 'application/json' }),
        payload: json({ x: 'a'.repeat(1024 * 1024 + 10) }),
      })),
      fc.tuple(site, body).map(([siteKey, value]) => ({
        kind: 'body: no content-type',
        method: operation.method,
        url: operation.path,
        headers: base(siteKey),
        payload: json(value),
      })),
    );
  }
  if (operation.multipart) {
    kinds.push(
      fc.tuple(site, multipartForm(operation, context, 'hostile')).map(([siteKey, form]) => ({
        kind: `multipart: ${form.kind}`,
        method: operation.method,
        url: operation.path,
        headers: base(siteKey, form.headers),
        payload: form.payload,
      })),
      fc.tuple(site, fc.constantFrom(...MALFORMED_JSON.slice(0, 6))).map(([siteKey, text]) => ({
        kind: 'multipart: sent as JSON',
        method: operation.method,
        url: operation.path,
        headers: base(siteKey, { 'content-type': 'application/json' }),
        payload: text,
      })),
    );
  }
  if (!operation.api) kinds.push(ssoRequests(operation, caller, 'hostile'));
  return fc.oneof(...kinds);
}

function describeValue(value: unknown): string {
  if (value === undefined) return '(left out)';
  const text = typeof value === 'string' ? JSON.stringify(value) : json(value);
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
}

// ---------------------------------------------------------------------------------------------
// Multipart

const FILE_KINDS: Record<string, () => Buffer> = {
  png: () => sampleFiles.png(),
  jpeg: () => sampleFiles.jpeg(),
  webp: () => sampleFiles.webp(),
  pdf: () => sampleFiles.pdf(),
  exe: () => sampleFiles.exe(),
  empty: () => Buffer.alloc(0),
  svg: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  html: () => Buffer.from('<html><script>alert(1)</script></html>'),
  'truncated png': () => sampleFiles.png().subarray(0, 9),
  '3 MB png': () => sampleFiles.png(3 * 1024 * 1024),
};

const FILE_NAMES = [
  'a.png',
  '照片.jpg',
  '../../../etc/passwd',
  'a\u0000.png',
  `${'长'.repeat(300)}.png`,
  '',
  '.htaccess',
  'x.svg',
  'CON',
  '"quoted".png',
];

interface Form {
  kind: string;
  headers: Record<string, string>;
  payload: Buffer;
}

function multipartForm(
  operation: Operation,
  context: FuzzContext,
  mode: 'valid' | 'hostile',
): fc.Arbitrary<Form> {
  const fieldValue = fc.oneof(
    fc.constantFrom(...context.ids.map(String)),
    fc.constantFrom('{}', '{"姓名":"王秀兰","手机":"13800000001"}', '作品说明：一起读书'),
    ...(mode === 'hostile'
      ? [
          hostileValue.map((value) => (typeof value === 'string' ? value : json(value))),
          fc.constantFrom('{', '[', '\u0000', 'a'.repeat(70_000)),
        ]
      : []),
  );
  const names = [...operation.multipartFields, ...(mode === 'hostile' ? ['other'] : [])];
  const fields =
    names.length === 0
      ? fc.constant({})
      : fc.dictionary(fc.constantFrom(...names), fieldValue, { maxKeys: names.length });
  const fileField =
    mode === 'valid'
      ? fc.constantFrom('file', 'files')
      : fc.constantFrom('file', 'files', 'avatar', '');
  const file = fc.record({
    kind:
      mode === 'valid'
        ? fc.constantFrom('png', 'jpeg', 'webp', 'pdf')
        : fc.constantFrom(...Object.keys(FILE_KINDS)),
    name: fc.constantFrom(...FILE_NAMES),
    field: fileField,
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', ''),
  });
  const files = fc.array(file, { maxLength: mode === 'valid' ? 2 : 12 });
  const form = fc.tuple(fields, files).map(([values, list]): Form => {
    const built = multipart(
      values,
      list.map((item) => ({
        name: item.name,
        content: FILE_KINDS[item.kind]?.() ?? Buffer.alloc(0),
        type: item.type || 'application/octet-stream',
        field: item.field,
      })),
    );
    return {
      kind: `fields ${Object.keys(values).join(',') || '(none)'}; files ${list.map((item) => `${item.field}:${item.kind}`).join(',') || '(none)'}`,
      headers: built.headers,
      payload: built.payload,
    };
  });
  if (mode === 'valid') return form;
  // Broken framing: no closing boundary, a boundary the body does not use, no boundary at all.
  const broken = form.chain((whole) =>
    fc.constantFrom<Form>(
      {
        ...whole,
        kind: `${whole.kind}; cut short`,
        payload: whole.payload.subarray(0, Math.floor(whole.payload.length / 2)),
      },
      {
        ...whole,
        kind: `${whole.kind}; other boundary`,
        headers: { 'content-type': 'multipart/form-data; boundary=nope' },
      },
      {
        ...whole,
        kind: `${whole.kind}; no boundary`,
        headers: { 'content-type': 'multipart/form-data' },
      },
      {
        ...whole,
        kind: `${whole.kind}; mixed`,
        headers: {
          'content-type': whole.headers['content-type']?.replace('form-data', 'mixed') ?? '',
        },
      },
    ),
  );
  return fc.oneof(form, broken);
}

// ---------------------------------------------------------------------------------------------
// The account center's forms (outside /api: HTML, redirects)

function ssoRequests(
  operation: Operation,
  caller: Caller,
  mode: 'valid' | 'hostile',
): fc.Arbitrary<FuzzRequest> {
  const text =
    mode === 'valid'
      ? fc.string({ maxLength: 20 })
      : fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...NASTY_STRINGS));
  const callback = fc.oneof(
    fc.constantFrom(
      'http://localhost:80/authPage',
      '/authPage',
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
    ),
    text,
  );
  const form = fc.record(
    {
      username: fc.oneof(fc.constantFrom('13800000001', '13700000000'), text),
      password: fc.oneof(fc.constantFrom('Demo@2026', 'wrong'), text),
      confirm: text,
      callback,
    },
    { requiredKeys: [] },
  );
  return fc
    .tuple(
      form,
      fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'),
    )
    .map(([values, type]) => {
      const headers: Record<string, string> = { host: 'localhost:80' };
      if (caller.token) headers.authorization = `Bearer ${caller.token}`;
      if (operation.method === 'GET') {
        return {
          kind: `form: ${Object.keys(values).join(',')} in the query`,
          method: operation.method,
          url: `${operation.path}${queryString(values)}`,
          headers,
        };
      }
      headers['content-type'] = mode === 'valid' ? 'application/x-www-form-urlencoded' : type;
      return {
        kind: `form: ${Object.keys(values).join(',')} as ${headers['content-type']}`,
        method: operation.method,
        url: operation.path,
        headers,
        payload:
          headers['content-type'] === 'application/json'
            ? json(values)
            : queryString(values).slice(1),
      };
    });
}
