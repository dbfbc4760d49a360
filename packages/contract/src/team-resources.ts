import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { contentRowShape, idParam, idQuery, memberShape } from './parts.ts';
import { TEAM_PROGRESS_SORTS, TEAM_RESOURCE_KINDS } from './team-values.ts';

export const teamResourceKindSchema = z.enum(TEAM_RESOURCE_KINDS);
export type TeamResourceKind = z.infer<typeof teamResourceKindSchema>;

/** The most resources one team links (the database holds it too). */
export const TEAM_RESOURCE_LIMIT = 50;

/** `GET /api/team-resources?teamId=` (public): the team's linked resources, newest first. */
export const teamIdQuerySchema = idQuery('teamId');
export type TeamIdQuery = z.infer<typeof teamIdQuerySchema>;

/** A resource as a list row: its kind and id, title, cover (or null) and a line under the title. */
const resourceRowShape = () => ({
  kind: teamResourceKindSchema,
  resourceId: z.number().int(),
  ...contentRowShape(),
});

/** One linked resource as a list row. */
export const teamResourceSchema = z.object({
  ...resourceRowShape(),
  /** ISO 8601. */
  linkedAt: z.string(),
});
export type TeamResource = z.infer<typeof teamResourceSchema>;

export const teamResourcesSchema = z.object({
  list: z.array(teamResourceSchema),
  limit: z.number().int(),
});
export type TeamResources = z.infer<typeof teamResourcesSchema>;

/** Body of `POST /api/team-resources/link` and `/unlink` (the team's leader). */
export const teamResourceRefSchema = z.object({
  teamId: idParam,
  kind: teamResourceKindSchema,
  resourceId: idParam,
});
export type TeamResourceRef = z.infer<typeof teamResourceRefSchema>;

/** Answer of link and unlink: whether it is linked now and how many the team links. */
export const teamResourceStateSchema = z.object({ linked: z.boolean(), count: z.number().int() });
export type TeamResourceState = z.infer<typeof teamResourceStateSchema>;

/** Where the leader picks resources from: a search of the site, or their own favourites. */
export const TEAM_RESOURCE_SOURCES = ['search', 'favourites'] as const;

/** `GET /api/team-resources/candidates` (the team's leader): one page of what may be linked. */
export const teamResourceCandidatesQuerySchema = pageQuery.extend({
  teamId: idParam,
  kind: teamResourceKindSchema,
  source: z.enum(TEAM_RESOURCE_SOURCES).default('search'),
  q: z.string().trim().max(50).default(''),
});
export type TeamResourceCandidatesQuery = z.infer<typeof teamResourceCandidatesQuerySchema>;

/** A resource the leader may link; `linked` when the team links it already. */
export const teamResourceCandidateSchema = z.object({
  ...resourceRowShape(),
  linked: z.boolean(),
});
export type TeamResourceCandidate = z.infer<typeof teamResourceCandidateSchema>;

/** `GET /api/team-resources/progress?teamId=&sort=` (the team's members and leader). */
export const teamProgressQuerySchema = z.object({
  teamId: idParam,
  sort: z.enum(TEAM_PROGRESS_SORTS).default('minutes'),
});
export type TeamProgressQuery = z.infer<typeof teamProgressQuerySchema>;

/** Progress on the team's linked resources: one member's, or the team's sum. */
export const teamProgressNumbersSchema = z.object({
  /** Lessons completed in the linked courses. */
  lessons: z.number().int(),
  /** Whole minutes watched in the linked courses. */
  minutes: z.number().int(),
  /** Linked activities checked in at. */
  activities: z.number().int(),
  /** Pages reached in the linked e-books (the last page read of each, summed). */
  pages: z.number().int(),
  /** Linked classes signed up for. */
  classes: z.number().int(),
});
export type TeamProgressNumbers = z.infer<typeof teamProgressNumbersSchema>;

export const teamMemberProgressSchema = teamProgressNumbersSchema.extend({
  ...memberShape(),
  leader: z.boolean(),
});
export type TeamMemberProgress = z.infer<typeof teamMemberProgressSchema>;

export const teamProgressSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  sort: z.enum(TEAM_PROGRESS_SORTS),
  /** What the team links: how many of each kind, and the lessons of its courses. */
  linked: z.object({
    courses: z.number().int(),
    lessons: z.number().int(),
    classes: z.number().int(),
    activities: z.number().int(),
    ebooks: z.number().int(),
  }),
  members: z.array(teamMemberProgressSchema),
  totals: teamProgressNumbersSchema,
});
export type TeamProgress = z.infer<typeof teamProgressSchema>;
