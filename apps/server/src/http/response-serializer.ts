import { isDeepStrictEqual } from 'node:util';
import { ErrorCode } from '@portal/contract';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The property every branch of a union names with a `const` (a discriminated union), if any. */
function discriminatorOf(branches: JsonSchema[]): string | null {
  const first = branches[0]?.properties;
  if (!isSchema(first)) return null;
  for (const key of Object.keys(first)) {
    const tagged = branches.every((branch) => {
      const property = isSchema(branch.properties) ? branch.properties[key] : undefined;
      return (
        isSchema(property) &&
        property.const !== undefined &&
        Array.isArray(branch.required) &&
        branch.required.includes(key)
      );
    });
    if (tagged) return key;
  }
  return null;
}

/**
 * A union for fast-json-stringify: `X | null` as `X` marked nullable, and a discriminated union
 * as `if kind = a then A else if kind = b then B ...`, whose test reads only the discriminator
 * (a plain `anyOf`/`oneOf` checks the whole value against each branch in turn: several times
 * slower). Other unions stay as they are.
 */
function simplifyUnion(branches: JsonSchema[], keyword: 'anyOf' | 'oneOf'): JsonSchema {
  const others = branches.filter((branch) => branch.type !== 'null');
  const only = others[0];
  if (others.length === 1 && only && branches.length === 2 && typeof only.type === 'string') {
    return { ...(forSerializer(only) as JsonSchema), nullable: true };
  }
  const key = discriminatorOf(branches);
  if (!key || branches.length < 2) return { [keyword]: forSerializer(branches) };
  const chain = (index: number): JsonSchema => {
    const branch = branches[index] as JsonSchema;
    if (index === branches.length - 1) return forSerializer(branch) as JsonSchema;
    const value = (branch.properties as JsonSchema)[key] as JsonSchema;
    // JSON Schema's own keyword names; `then` here is not a promise's.
    return Object.fromEntries([
      ['if', { type: 'object', properties: { [key]: { const: value.const } }, required: [key] }],
      ['then', forSerializer(branch)],
      ['else', chain(index + 1)],
    ]);
  };
  return chain(0);
}

/** Rewrites the JSON Schema zod emits into the shapes fast-json-stringify serializes fastest. */
function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (!isSchema(schema)) return schema;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const { [keyword]: branches, ...rest } = schema;
    if (Array.isArray(branches) && branches.every(isSchema)) {
      return { ...(forSerializer(rest) as JsonSchema), ...simplifyUnion(branches, keyword) };
    }
  }
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    // `const` is checked on every write; a union's `if` has read the discriminator already.
    if (keyword === '$schema' || (keyword === 'const' && typeof schema.type === 'string')) continue;
    out[keyword] =
      keyword === 'properties' && isSchema(value) ? mapValues(value) : forSerializer(value);
  }
  return out;
}

/** `properties` maps names to schemas: each value is a schema, whatever its name. */
function mapValues(properties: JsonSchema): JsonSchema {
  return Object.fromEntries(
    Object.entries(properties).map(([name, value]) => [name, forSerializer(value)]),
  );
}

/** The JSON Schema of the success envelope whose `data` follows `data`. */
export function envelopeJsonSchema(data: z.ZodType): Schema {
  const dataSchema = z.toJSONSchema(data, {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'any',
  });
  return {
    type: 'object',
    properties: {
      code: { type: 'integer' },
      message: { type: 'string' },
      data: forSerializer(dataSchema) as Schema,
    },
    required: ['code', 'message', 'data'],
  };
}

const isSuccess = (payload: unknown): payload is { code: number; message: string; data: unknown } =>
  typeof payload === 'object' &&
  payload !== null &&
  'code' in payload &&
  payload.code === ErrorCode.ok &&
  'data' in payload;

export interface SerializerOptions {
  /**
   * Also parse every success's `data` with its zod schema and require the fast serializer to
   * write exactly the parsed value (tests turn it on): a handler answering outside its schema,
   * or a schema the fast path reads differently, fails loudly.
   */
  check?: boolean;
}

/**
 * Compiles the writer of an `/api` answer whose `data` follows the zod schema `data`: a success
 * envelope goes through fast-json-stringify, compiled from the JSON Schema zod emits, which
 * writes only the properties the schema lists (a row never leaks a column); a failure envelope
 * (its `data` may be anything) through `JSON.stringify`.
 */
export function compileEnvelopeWriter(data: z.ZodType, options: SerializerOptions = {}) {
  const fast = fastJson(envelopeJsonSchema(data));
  if (!options.check) {
    return (payload: unknown): string =>
      isSuccess(payload) ? fast(payload) : JSON.stringify(payload);
  }
  return (payload: unknown): string => {
    if (!isSuccess(payload)) return JSON.stringify(payload);
    const result = data.safeParse(payload.data);
    if (!result.success) {
      throw new Error(`Response does not match its schema: ${result.error.message}`);
    }
    const written = fast(payload);
    // The same values; the order of keys may differ (optional properties come last).
    if (!isDeepStrictEqual(JSON.parse(written), { ...payload, data: result.data })) {
      throw new Error(
        `The fast serializer wrote ${written}, the schema expects ${JSON.stringify(result.data)}`,
      );
    }
    return written;
  };
}
