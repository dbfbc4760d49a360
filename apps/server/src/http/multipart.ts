import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { labelOf } from '@portal/contract';
import { MULTIPART_BODY_LIMIT, MULTIPART_FORM_OVERHEAD } from '@portal/contract/constants';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, invalid } from '../platform/errors.ts';
import type { ReceivedFile } from '../platform/upload-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The largest multipart body the route takes, in bytes, when larger than the server's
     * `MULTIPART_BODY_LIMIT` (a lesson's video): see {@link uploadLimitOf}.
     */
    uploadLimit?: number;
  }
}

/**
 * The largest multipart body `request`'s route takes (`bytes`), and the size told to the caller
 * (`shown`): its own `uploadLimit` (with room for the form around the file), else
 * `MULTIPART_BODY_LIMIT`. A larger `Content-Length` is refused before the body is read, and no
 * file of the form may stream past it.
 */
export function uploadLimitOf(request: FastifyRequest): { bytes: number; shown: number } {
  const own = request.routeOptions.config?.uploadLimit;
  return own === undefined
    ? { bytes: MULTIPART_BODY_LIMIT, shown: MULTIPART_BODY_LIMIT }
    : { bytes: own + MULTIPART_FORM_OVERHEAD, shown: own };
}

/** How a multipart form is read: its text fields' schema and where its files go. */
export interface MultipartSpec<F extends z.ZodType> {
  /** The text fields (each a string; the first of a repeated name counts), as one object. */
  fields: F;
  /** The answer to a request that is not multipart at all. */
  notMultipart: string;
  /** The only field files may come in; a file in any other field answers `strayFile`. */
  fileField: string;
  strayFile: string;
  /** Most files one request may carry. */
  maxFiles: number;
  /** Stores one received file (size and type checks belong here). */
  receive: (stream: Readable, filename: string) => Promise<ReceivedFile>;
  /** Removes received files the handler did not keep (it keeps a file by moving it away). */
  discard: (files: readonly ReceivedFile[]) => Promise<void>;
}

/** A text field that carries JSON checked by `schema`; text that is not JSON answers `badJson`. */
export function jsonField<S extends z.ZodType>(schema: S, badJson: string) {
  return z
    .string()
    .transform((text, context): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: badJson, params: { whole: true } });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** The first problem of the fields in Chinese: `缺少<field>`, `<field>：格式不正确`, or a whole message. */
function firstProblem(error: z.ZodError, fields: Map<string, string>): string {
  const issue = error.issues[0];
  if (!issue) return '请求格式不正确';
  if (issue.code === 'custom' && issue.params?.whole) return issue.message;
  const label = labelOf(issue.path);
  const name = issue.path[0];
  return typeof name === 'string' && !fields.has(name) ? `缺少${label}` : `${label}：格式不正确`;
}

/**
 * What a failure while reading the form means to the caller: a body that ends before its closing
 * boundary (or is otherwise malformed) is the client's, answered 400; our own refusals and the
 * parser's limits (they carry a status) pass as they are, and a failure of the disk (a system
 * call's) stays unexpected.
 */
function unreadableForm(error: unknown): unknown {
  if (error instanceof AppError || typeof error !== 'object' || error === null) return error;
  if ('statusCode' in error || 'syscall' in error) return error;
  return invalid('上传内容不完整或格式不正确，请重新上传');
}

/**
 * Reads a multipart request: files are received as they stream in, text fields are checked by
 * the spec's schema (400 naming the field), then `handle` runs; files it did not keep are removed
 * whatever happens, so a refused or failed request leaves nothing behind.
 */
export async function withMultipart<F extends z.ZodType, T>(
  request: FastifyRequest,
  spec: MultipartSpec<F>,
  handle: (form: { fields: z.output<F>; files: ReceivedFile[] }) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw invalid(spec.notMultipart);
  const files: ReceivedFile[] = [];
  try {
    const fields = new Map<string, string>();
    let strayFile = false;
    try {
      for await (const part of request.parts({
        limits: { files: spec.maxFiles, fileSize: uploadLimitOf(request).bytes },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== spec.fileField) {
            // Read it to the end (nothing kept) so the rest of the request still arrives; a body
            // cut short ends it with an error instead of its end (waiting for the end would hang).
            part.file.resume();
            await finished(part.file);
            strayFile = true;
            continue;
          }
          files.push(await spec.receive(part.file, part.filename || '未命名文件'));
        } else if (!fields.has(part.fieldname)) {
          fields.set(part.fieldname, String(part.value));
        }
      }
    } catch (error) {
      throw unreadableForm(error);
    }
    if (strayFile) throw invalid(spec.strayFile);
    const parsed = spec.fields.safeParse(Object.fromEntries(fields));
    if (!parsed.success) throw invalid(firstProblem(parsed.error, fields));
    return await handle({ fields: parsed.data, files });
  } finally {
    await spec.discard(files);
  }
}
