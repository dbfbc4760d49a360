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
      summary: '排行榜：学员或团队按本周、本月、总积分排名，前100名及我的名次、我的团队名次',
      login: 'optional',
      query: rankingQuerySchema,
      response: rankingSchema,
      handle: ({ site, learner, query }) => rankings.ranking(site.key, learner?.id ?? null, query),
    });
    api.get('/api/rankings/team', {
      summary: '一个团队本周、本月与总榜的积分和名次（公开）',
      login: 'none',
      query: teamRankQuerySchema,
      response: teamRankSchema,
      handle: ({ site, query }) => rankings.teamRank(site.key, query.teamId),
    });
  },
});
