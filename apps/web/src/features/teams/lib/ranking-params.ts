import type { RankingPeriod, RankingScope } from '@portal/contract';

/** The board an address names: learners (学员) unless `scope=team`. */
export const rankingScopeOf = (value: string | null): RankingScope =>
  value === 'team' ? 'team' : 'learner';

/** The period an address names: this week unless `period=month` or `period=all`. */
export const rankingPeriodOf = (value: string | null): RankingPeriod =>
  value === 'month' || value === 'all' ? value : 'week';
