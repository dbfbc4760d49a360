/**
 * The zod-free values of the teams, team resources and rankings contracts (the web imports them
 * through `constants`, so zod stays out of its bundle).
 */

/** How learners get into a team: at once, by the leader's approval, or with its invitation code. */
export const TEAM_JOIN_MODES = ['open', 'approval', 'code'] as const;
export type TeamJoinMode = (typeof TEAM_JOIN_MODES)[number];

/** Teams a learner may lead at once. */
export const TEAM_LEAD_LIMIT = 3;
export const TEAM_NAME_MAX = 20;
export const TEAM_INTRO_MAX = 300;
export const TEAM_CAPACITY_MIN = 2;
export const TEAM_CAPACITY_MAX = 500;
/** How long an invitation code stays valid after it is (re)generated, in days. */
export const TEAM_CODE_DAYS = 30;

/** The learner's relation to a team, as the team page shows it. */
export const TEAM_MY_STATES = ['leader', 'member', 'pending', 'none'] as const;
export type TeamMyState = (typeof TEAM_MY_STATES)[number];

/** How the team list is ordered: most active, newest. */
export const TEAM_SORTS = ['active', 'newest'] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

/** Who a ranking ranks: learners (学员) or teams (团队). */
export const RANKING_SCOPES = ['learner', 'team'] as const;
export type RankingScope = (typeof RANKING_SCOPES)[number];

/** The period a ranking counts: this week (本周, from Monday), this month (本月), all time (总榜). */
export const RANKING_PERIODS = ['week', 'month', 'all'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

/** How many places a ranking lists; a learner or team below still gets its own place. */
export const RANKING_TOP = 100;

/** What a team's leader can link to the team: 课程, 班级, 活动, 电子书. */
export const TEAM_RESOURCE_KINDS = ['course', 'class', 'activity', 'ebook'] as const;

/** How `/learningProgress` orders the members (each descending). */
export const TEAM_PROGRESS_SORTS = [
  'minutes',
  'lessons',
  'activities',
  'pages',
  'classes',
] as const;
export type TeamProgressSort = (typeof TEAM_PROGRESS_SORTS)[number];
