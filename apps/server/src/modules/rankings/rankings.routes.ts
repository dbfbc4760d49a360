import {
  rankingQuerySchema,
  rankingSchema,
  teamRankQuerySchema,
  teamRankSchema,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { RankingsService } from './rankings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rankings: RankingsService;
  }
}

/** Rankings (排行榜): learners and teams of the site by points earned in a week, a month, in all. */
export const rankingsModule = portalModule({
  name: 'rankings',
  tag: 'rankings',
  create: (app) => new RankingsService(app.database.db, app.clock),
  routes(api, rankings) {
    api.get('/api/rankings', {
      operationId: 'getRankings',
      summary: '排行榜',
      description:
        '学员或团队按本周、本月或总积分排名，前 100 名；带有效登录凭证时含我的名次与我的团队的名次。',
      login: 'optional',
      query: rankingQuerySchema,
      response: rankingSchema,
      handle: ({ site, learner, query }) => rankings.ranking(site.key, learner?.id ?? null, query),
    });
    api.get('/api/rankings/team', {
      operationId: 'getTeamRanking',
      summary: '团队的名次',
      description: '一个团队在本周、本月与总榜的积分和名次（公开）。',
      login: 'none',
      query: teamRankQuerySchema,
      response: teamRankSchema,
      handle: ({ site, query }) => rankings.teamRank(site.key, query.teamId),
    });
  },
});
