import type {
  LearnerDetail,
  LearnerDisableBody,
  LearnerEnableBody,
  LearnerLedgerQuery,
  LearnerListQuery,
  LearnerPage,
  LearnerPointsBody,
  LearnerPointsResult,
  LearnerRow,
  Page,
  PointsLedgerEntry,
} from '@portal/contract';
import { get, post } from '@/api/client.ts';

export type LearnerQuery = Partial<LearnerListQuery>;
export type LedgerQuery = Partial<LearnerLedgerQuery> & { id: number };

/** The query keys of the learner pages: all start with `learners`, so one refresh takes them all. */
export const learnerKeys = {
  all: ['learners'] as const,
  list: (query: LearnerQuery) => ['learners', 'list', query] as const,
  detail: (id: number) => ['learners', 'detail', id] as const,
  ledger: (query: LedgerQuery) => ['learners', 'ledger', query] as const,
};

/** A page of the site's learners, the latest to join first, found by name or phone digits. */
export const listLearners = (query: LearnerQuery) => get<LearnerPage>('/api/admin/learners', query);

/** One learner's records on the site, and whether this operator may manage the account. */
export const getLearner = (id: number) => get<LearnerDetail>('/api/admin/learners/detail', { id });

/** A page of the learner's points ledger on the site, newest first. */
export const listLearnerLedger = (query: LedgerQuery) =>
  get<Page<PointsLedgerEntry>>('/api/admin/learners/ledger', query);

/** Stops the account on the site (its devices are signed out) with a reason. */
export const disableLearner = (body: LearnerDisableBody) =>
  post<LearnerRow>('/api/admin/learners/disable', body);

/** Lets the learner sign in on the site again. */
export const enableLearner = (body: LearnerEnableBody) =>
  post<LearnerRow>('/api/admin/learners/enable', body);

/** Adds or takes away points with a reason; the same `key` is one adjustment however often sent. */
export const adjustLearnerPoints = (body: LearnerPointsBody) =>
  post<LearnerPointsResult>('/api/admin/learners/points', body);
