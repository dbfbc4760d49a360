import { z } from 'zod';
import { LIST_MAX_SIZE } from './limits.ts';

/** The body of every `/api` response: `{ code, message, data }`. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Schema of an envelope whose `data` follows `data`. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

/** Query of every list endpoint: `page` from 1, `size` at most {@link LIST_MAX_SIZE}. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(LIST_MAX_SIZE).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Schema of one page of a list: `{ list, total, page, size }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}
