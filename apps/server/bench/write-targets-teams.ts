import { RateLimits } from '../src/platform/rate-limit.ts';
import { callApi, type HttpClient } from './http-client.ts';
import {
  bearer,
  isRecord,
  type Learner,
  pick,
  READ_P99_MS,
  READ_RATE,
  sendApi,
  WRITE_P99_MS,
  WRITE_RATE,
} from './open-targets.ts';
import {
  accountIds,
  aPage,
  cycle,
  expect,
  get,
  learnerSlice,
  multipartBody,
  noData,
  pngPicture,
  post,
  type Step,
  type WriteTarget,
} from './write-support.ts';

// Learning teams: a team's life from its creation to its dissolution, the works its members
// post (liked, commented, featured, deleted), and the resources its leader links.

/** The seed's teams (all on the first site). */
const SEED_TEAMS = 40;

/**
 * Learners who lead no team of the seed (its leaders are the first 38): a learner may lead three
 * teams, and here leads at most two at a time, the one they made and the one handed to them.
 */
const LIFE_LEARNERS = { from: 40, to: 200 };

interface LifeState {
  slot: number;
  leader: Learner & { id: number };
  /** Joins by the invitation code; becomes the leader, then dissolves the team. */
  deputy: Learner & { id: number };
  /** Asks to join, is approved, leaves. */
  asker: Learner & { id: number };
  teams: number;
  avatar: string;
  team: number;
  name: string;
  code: string;
  request: number;
}

/** Steps of a team's life, one team a cycle. */
const LIFE_STEPS = 12;

/**
 * A team's life: its leader uploads an avatar, creates the team (by approval), changes its
 * intro, makes a new invitation code; a learner joins by the code, another asks to join and is
 * approved, then leaves; the leader hands the team over to the first, who removes the former
 * leader and dissolves the team. Leaders may create 10 teams an hour, which bounds a run.
 */
const teamLife: WriteTarget = {
  name: `team life: create … dissolve (${LIFE_LEARNERS.to - LIFE_LEARNERS.from} leaders)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: [
    'POST /api/teams/avatar',
    'POST /api/teams',
    'POST /api/teams/update',
    'POST /api/teams/invite-code',
    'POST /api/teams/join-by-code',
    'POST /api/teams/join',
    'GET /api/teams/requests',
    'POST /api/teams/requests/decide',
    'POST /api/teams/leave',
    'POST /api/teams/hand-over',
    'POST /api/teams/members/remove',
    'POST /api/teams/dissolve',
  ],
  budget: (LIFE_LEARNERS.to - LIFE_LEARNERS.from) * (RateLimits.teamCreate.max - 1) * LIFE_STEPS,
  setup: async (context) => {
    const { http } = context;
    const [learners, picture] = await Promise.all([
      learnerSlice(context, LIFE_LEARNERS.from, LIFE_LEARNERS.to),
      pngPicture(),
    ]);
    const ids = await accountIds(http, learners);
    const pool = learners.map((learner, n) => ({ ...learner, id: ids[n] as number }));
    const states: LifeState[] = pool.map((leader, slot) => ({
      slot,
      leader,
      deputy: pick(pool, slot + 1),
      asker: pick(pool, slot + 2),
      teams: 0,
      avatar: '',
      team: 0,
      name: '',
      code: '',
      request: 0,
    }));
    const manage =
      (
        who: (state: LifeState) => Learner,
        path: string,
        body: (state: LifeState) => unknown,
      ): Step<LifeState> =>
      (state) =>
        post(http, who(state), path, body(state), noData);
    const steps: Step<LifeState>[] = [
      (state) =>
        sendApi(
          http,
          {
            method: 'POST',
            path: '/api/teams/avatar',
            headers: bearer(state.leader),
            body: multipartBody({}, [{ name: 'team.png', content: picture, field: 'file' }]),
          },
          (data) => {
            state.avatar = isRecord(data) && typeof data.url === 'string' ? data.url : '';
            return expect(state.avatar.startsWith('/files/team-avatars/'), 'an avatar URL');
          },
        ),
      (state) => {
        state.teams += 1;
        state.name = `压测团队${state.slot}-${state.teams}`;
        const body = { name: state.name, avatar: state.avatar, joinMode: 'approval', capacity: 10 };
        return post(http, state.leader, '/api/teams', body, (data) => {
          state.team = isRecord(data) && typeof data.id === 'number' ? data.id : 0;
          return expect(isRecord(data) && data.myState === 'leader', 'my new team');
        });
      },
      (state) =>
        post(
          http,
          state.leader,
          '/api/teams/update',
          { teamId: state.team, intro: '压测' },
          (data) => expect(isRecord(data) && data.intro === '压测', 'the new intro'),
        ),
      (state) =>
        post(http, state.leader, '/api/teams/invite-code', { teamId: state.team }, (data) => {
          state.code = isRecord(data) && typeof data.code === 'string' ? data.code : '';
          return expect(state.code !== '', 'a code');
        }),
      (state) =>
        post(http, state.deputy, '/api/teams/join-by-code', { code: state.code }, (data) =>
          expect(isRecord(data) && data.state === 'member', 'joined'),
        ),
      (state) =>
        post(http, state.asker, '/api/teams/join', { teamId: state.team }, (data) =>
          expect(isRecord(data) && data.state === 'pending', 'a request'),
        ),
      (state) =>
        get(http, state.leader, `/api/teams/requests?id=${state.team}&page=1&size=20`, (data) => {
          const list = isRecord(data) && Array.isArray(data.list) ? data.list : [];
          const mine = list.find((item) => isRecord(item) && item.userId === state.asker.id);
          state.request = isRecord(mine) && typeof mine.id === 'number' ? mine.id : 0;
          return expect(state.request !== 0, "the asker's request");
        }),
      manage(
        (state) => state.leader,
        '/api/teams/requests/decide',
        (state) => ({ requestId: state.request, approve: true }),
      ),
      manage(
        (state) => state.asker,
        '/api/teams/leave',
        (state) => ({ teamId: state.team }),
      ),
      manage(
        (state) => state.leader,
        '/api/teams/hand-over',
        (state) => ({ teamId: state.team, userId: state.deputy.id }),
      ),
      manage(
        (state) => state.deputy,
        '/api/teams/members/remove',
        (state) => ({ teamId: state.team, userId: state.leader.id }),
      ),
      manage(
        (state) => state.deputy,
        '/api/teams/dissolve',
        (state) => ({ teamId: state.team, confirmName: state.name }),
      ),
    ];
    if (steps.length !== LIFE_STEPS) throw new Error('LIFE_STEPS is out of date');
    return cycle(states, steps, 'leaders');
  },
};

/** The seed's teams whose leader and members are among the generated learners. */
async function seedTeams(http: HttpClient, pool: ReadonlyArray<Learner & { id: number }>) {
  const byId = new Map(pool.map((learner) => [learner.id, learner]));
  const teams: Array<{ id: number; leader: Learner; members: Learner[] }> = [];
  for (let id = 1; id <= SEED_TEAMS; id += 1) {
    const detail = await callApi<{ leaderId: number }>(http, {
      path: `/api/teams/detail?id=${id}`,
    });
    const leader = byId.get(detail.leaderId);
    if (!leader) continue;
    const members = await callApi<{ list: Array<{ userId: number; isLeader: boolean }> }>(http, {
      path: `/api/teams/members?id=${id}&page=1&size=50`,
    });
    const found = members.list
      .filter((member) => !member.isLeader)
      .flatMap((member) => byId.get(member.userId) ?? []);
    teams.push({ id, leader, members: found });
  }
  return teams;
}

/** Works each author posts in a run: 5 in 10 minutes are allowed, one is spared. */
const POSTS_PER_AUTHOR = RateLimits.teamWorkPost.max - 1;

interface WorkState {
  author: Learner;
  team: number;
  leader: Learner;
  /** Likes, comments, unlikes: another learner of the site. */
  visitor: Learner;
  work: number;
  comment: number;
}

/** Steps of a work's life. */
const WORK_STEPS = 8;

/**
 * Team works from post to deletion: a member posts (text; pictures are the uploads' part), a
 * learner likes it, reads its comments, comments, deletes the comment and unlikes it, the
 * team's leader features it, the author deletes it. Members may post 5 works in 10 minutes.
 */
const teamWorks: WriteTarget = {
  name: 'team works: post … delete',
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: [
    'POST /api/team-works',
    'POST /api/team-works/like',
    'GET /api/team-works/comments',
    'POST /api/team-works/comment',
    'POST /api/team-works/comment/delete',
    'POST /api/team-works/unlike',
    'POST /api/team-works/feature',
    'POST /api/team-works/delete',
  ],
  // One key an author (about 150 of the seed's members are generated learners).
  budget: 140 * POSTS_PER_AUTHOR * WORK_STEPS,
  setup: async (context) => {
    const { http } = context;
    const learners = await learnerSlice(context);
    const ids = await accountIds(http, learners);
    const pool = learners.map((learner, n) => ({ ...learner, id: ids[n] as number }));
    const teams = await seedTeams(http, pool);
    // Each member once, in the first team of theirs.
    const seen = new Set<string>();
    const authors = teams.flatMap((team) =>
      team.members
        .filter((member) => !seen.has(member.username) && seen.add(member.username))
        .map((author) => ({ author, team: team.id, leader: team.leader })),
    );
    const states: WorkState[] = authors.map((entry, n) => ({
      ...entry,
      visitor: pick(pool, n + 7),
      work: 0,
      comment: 0,
    }));
    const workAction =
      (who: (state: WorkState) => Learner, path: string, liked?: boolean): Step<WorkState> =>
      (state) =>
        post(http, who(state), path, { workId: state.work }, (data) =>
          liked === undefined
            ? noData(data)
            : expect(isRecord(data) && data.liked === liked, `liked: ${liked}`),
        );
    const steps: Step<WorkState>[] = [
      (state) =>
        sendApi(
          http,
          {
            method: 'POST',
            path: '/api/team-works',
            headers: bearer(state.author),
            body: multipartBody(
              { teamId: String(state.team), content: '压测作品：社区学习小记' },
              [],
            ),
          },
          (data) => {
            state.work = isRecord(data) && typeof data.id === 'number' ? data.id : 0;
            return expect(isRecord(data) && data.teamId === state.team, 'the new work');
          },
        ),
      workAction((state) => state.visitor, '/api/team-works/like', true),
      (state) =>
        get(http, null, `/api/team-works/comments?workId=${state.work}&page=1&size=20`, aPage),
      (state) =>
        post(
          http,
          state.visitor,
          '/api/team-works/comment',
          { workId: state.work, content: '学到了' },
          (data) => {
            state.comment = isRecord(data) && typeof data.id === 'number' ? data.id : 0;
            return expect(state.comment !== 0, 'the new comment');
          },
        ),
      (state) =>
        post(
          http,
          state.visitor,
          '/api/team-works/comment/delete',
          { commentId: state.comment },
          noData,
        ),
      workAction((state) => state.visitor, '/api/team-works/unlike', false),
      (state) =>
        post(
          http,
          state.leader,
          '/api/team-works/feature',
          { workId: state.work, featured: true },
          (data) => expect(isRecord(data) && data.featured === true, 'featured'),
        ),
      workAction((state) => state.author, '/api/team-works/delete'),
    ];
    if (steps.length !== WORK_STEPS) throw new Error('WORK_STEPS is out of date');
    // The authors found, not the budget's guess: a district's teams have other members.
    return Object.assign(cycle(states, steps, 'authors'), {
      budget: states.length * POSTS_PER_AUTHOR * WORK_STEPS,
    });
  },
};

/**
 * Courses a leader links and unlinks in turn (a team links 50 at most; the seed's link a few):
 * about MAX_PAIRS pairs over the seed's teams.
 */
const LINKS_PER_TEAM = 10;

/**
 * The leaders of the seed's teams link resources to their team and unlink them again (a
 * leader may manage their team 120 times a minute).
 */
const teamResources: WriteTarget = {
  name: 'team resources link/unlink',
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/team-resources/link', 'POST /api/team-resources/unlink'],
  // 38 of the seed's leaders are generated learners.
  budget: 38 * (RateLimits.teamManage.max - 5),
  setup: async (context) => {
    const { http } = context;
    const learners = await learnerSlice(context);
    const ids = await accountIds(http, learners);
    const teams = await seedTeams(
      http,
      learners.map((learner, n) => ({ ...learner, id: ids[n] as number })),
    );
    const courses = await callApi<{ list: Array<{ id: number }> }>(http, {
      path: '/api/courses?page=1&size=50',
    });
    const states: Array<{ leader: Learner; teamId: number; kind: string; resourceId: number }> = [];
    for (const team of teams) {
      const linked = await callApi<{ list: Array<{ kind: string; resourceId: number }> }>(http, {
        path: `/api/team-resources?teamId=${team.id}`,
      });
      const taken = new Set(linked.list.map((item) => `${item.kind}:${item.resourceId}`));
      const free = courses.list.filter(({ id }) => !taken.has(`course:${id}`));
      for (const { id } of free.slice(0, LINKS_PER_TEAM)) {
        states.push({ leader: team.leader, teamId: team.id, kind: 'course', resourceId: id });
      }
    }
    // Team-major order would send one leader's requests in a row: interleave the teams.
    states.sort((a, b) => a.resourceId - b.resourceId || a.teamId - b.teamId);
    type State = (typeof states)[number];
    const link =
      (linked: boolean): Step<State> =>
      ({ leader, ...ref }) =>
        post(
          http,
          leader,
          linked ? '/api/team-resources/link' : '/api/team-resources/unlink',
          ref,
          (data) => expect(isRecord(data) && data.linked === linked, `linked: ${linked}`),
        );
    return cycle(states, [link(true), link(false)], '(team, resource) pairs');
  },
};

/** The leaders looking for resources to link: a search of the site's courses. */
const teamResourceCandidates: WriteTarget = {
  name: 'team resources: candidates (leaders)',
  rate: READ_RATE,
  p99Ms: READ_P99_MS,
  operations: ['GET /api/team-resources/candidates'],
  setup: async (context) => {
    const { http } = context;
    const learners = await learnerSlice(context);
    const ids = await accountIds(http, learners);
    const teams = await seedTeams(
      http,
      learners.map((learner, n) => ({ ...learner, id: ids[n] as number })),
    );
    const q = encodeURIComponent('入门');
    return (index) => {
      const team = pick(teams, index);
      return get(
        http,
        team.leader,
        `/api/team-resources/candidates?teamId=${team.id}&kind=course&q=${q}&page=1&size=20`,
        aPage,
      );
    };
  },
};

/** Visitors reading the comments of the seed's works. */
const workComments: WriteTarget = {
  name: 'team work comments',
  rate: READ_RATE,
  p99Ms: READ_P99_MS,
  operations: ['GET /api/team-works/comments'],
  setup: async ({ http }) => {
    const page = await callApi<{ list: Array<{ id: number }> }>(http, {
      path: '/api/team-works?teamId=1&page=1&size=20',
    });
    const works = page.list.map((work) => work.id);
    if (works.length === 0) throw new Error('the first team has no works');
    return (index) =>
      get(
        http,
        null,
        `/api/team-works/comments?workId=${pick(works, index)}&page=1&size=20`,
        aPage,
      );
  },
};

export const TEAM_TARGETS: WriteTarget[] = [
  teamLife,
  teamWorks,
  teamResources,
  teamResourceCandidates,
  workComments,
];
