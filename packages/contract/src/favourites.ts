import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { contentRowShape, idParam } from './parts.ts';

/**
 * The kinds of content a learner can favourite and whose views are kept in the history. Adding a
 * kind is one line here, plus its entry in the server's content registry
 * (`modules/content/content-kinds.ts`) and a migration that widens the tables' CHECK
 * (`allowContentTypes` of `20261122_1730_create_favourites.ts`).
 */
export const CONTENT_TYPES = [
  'course',
  'class',
  'activity',
  'ebook',
  'live',
  'article',
  'place',
  'walk',
] as const;
export const contentTypeSchema = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof contentTypeSchema>;

/** One piece of content: `{ contentType, contentId }` (body of add, remove and record). */
export const contentRefSchema = z.object({
  contentType: contentTypeSchema,
  contentId: idParam,
});
export type ContentRef = z.infer<typeof contentRefSchema>;

/** `GET /api/favourites/state?contentType=&contentId=`. */
export const favouriteStateQuerySchema = contentRefSchema;

/** Whether the learner has favourited a piece of content (answer of state, add and remove). */
export const favouriteStateSchema = z.object({ favourited: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

/** `GET /api/favourites` and `GET /api/history`: one page, newest first, of one kind or all. */
export const contentListQuerySchema = pageQuery.extend({
  contentType: contentTypeSchema.optional(),
});
export type ContentListQuery = z.infer<typeof contentListQuerySchema>;

/** A piece of content as a list row: title, cover and a line under the title. */
export const contentCardSchema = z.object({
  contentType: contentTypeSchema,
  contentId: z.number().int(),
  ...contentRowShape(),
});
export type ContentCard = z.infer<typeof contentCardSchema>;

/** A favourite; `createdAt` (ISO 8601) is when it was favourited. */
export const favouriteItemSchema = contentCardSchema.extend({ createdAt: z.string() });
export type FavouriteItem = z.infer<typeof favouriteItemSchema>;

/** A history entry; `viewedAt` (ISO 8601) is the latest view, `viewCount` counts them all. */
export const historyItemSchema = contentCardSchema.extend({
  viewedAt: z.string(),
  viewCount: z.number().int(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** `POST /api/history`: the view as stored (a history entry without the row's text). */
export const viewRecordSchema = historyItemSchema.pick({
  contentType: true,
  contentId: true,
  viewedAt: true,
  viewCount: true,
});
export type ViewRecord = z.infer<typeof viewRecordSchema>;

/** Answer of the remove and clear endpoints: how many rows went. */
export const removedSchema = z.object({ removed: z.number().int() });
export type Removed = z.infer<typeof removedSchema>;
