import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertMessage } from '../messages/messages.queries.ts';

/** A title quoted in a message, cut so the message title stays short. */
const quoted = (name: string) => `「${name}」`;

/** The Chinese texts of the team messages (kind `team`, opening `/teamDetails`). */
export const TeamMessageTexts = {
  request: (team: string, nickname: string) => ({
    title: `入队申请：${quoted(team)}`,
    body: `${nickname}申请加入您的团队${quoted(team)}，请到“成员管理”中审核。`,
  }),
  approved: (team: string) => ({
    title: `申请已通过：${quoted(team)}`,
    body: `负责人已同意您加入团队${quoted(team)}，欢迎一起学习！`,
  }),
  refused: (team: string) => ({
    title: `申请未通过：${quoted(team)}`,
    body: `很抱歉，团队${quoted(team)}的负责人未同意您的入队申请，您可以看看其他团队。`,
  }),
  removed: (team: string) => ({
    title: `您已被移出团队：${quoted(team)}`,
    body: `团队${quoted(team)}的负责人已将您移出团队。`,
  }),
  handedOver: (team: string) => ({
    title: `您已成为负责人：${quoted(team)}`,
    body: `您已成为团队${quoted(team)}的负责人，可以审核申请、管理成员和修改团队设置。`,
  }),
  dissolved: (team: string) => ({
    title: `团队已解散：${quoted(team)}`,
    body: `团队${quoted(team)}已被负责人解散，感谢您的参与。`,
  }),
} as const;

/** Writes one team message to a learner, in the caller's transaction; `key` makes it idempotent. */
export async function sendTeamMessage(
  db: Kysely<Database>,
  message: {
    siteKey: string;
    userId: number;
    teamId: number;
    text: { title: string; body: string };
    key: string;
    at: number;
  },
) {
  await insertMessage(db, {
    site_key: message.siteKey,
    user_id: message.userId,
    kind: 'team',
    title: message.text.title,
    body: message.text.body,
    dedupe_key: `team:${message.key}`,
    link_type: 'team',
    link_id: message.teamId,
    created_at: message.at,
    read_at: null,
  });
}
