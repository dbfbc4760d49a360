import type { CampaignAudienceQuery, CampaignCreateBody, CampaignRow } from '@portal/contract';
import {
  CAMPAIGN_AHEAD_DAYS,
  CAMPAIGN_AUDIENCES,
  type CampaignAudienceType,
  PARTICIPANT_KINDS,
  type ParticipantKind,
} from '@portal/contract/constants';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Whether a notice goes at once or waits for a time. */
export type SendWhen = 'now' | 'later';

/** The compose form's values, as antd holds them. */
export interface ComposeForm {
  title: string;
  body: string;
  audience: CampaignAudienceType;
  /** With `item`: the kind of item and which one. */
  kind?: ParticipantKind;
  itemId?: number;
  /** With `team`: which team. */
  teamId?: number;
  when: SendWhen;
  /** With `later`: the time (a Dayjs in the form; anything with `toDate`). */
  sendAt?: { toDate(): Date } | null;
}

/** The audience the form names, or null while it is not complete (an item or team to choose). */
export function audienceOf(values: Partial<ComposeForm>): CampaignAudienceQuery | null {
  switch (values.audience) {
    case 'site':
    case 'inactive':
      return { type: values.audience };
    case 'item':
      return values.kind && values.itemId
        ? { type: 'item', kind: values.kind, id: values.itemId }
        : null;
    case 'team':
      return values.teamId ? { type: 'team', id: values.teamId } : null;
    default:
      return null;
  }
}

/** Why a scheduled time cannot be taken (as the server checks it), or undefined when it can. */
export function sendAtProblem(at: Date | null | undefined, now: Date = new Date()) {
  if (!at) return '请选择发送时间';
  if (at.getTime() < now.getTime() + MINUTE) return '请选择 1 分钟之后的时间，或选择立即发送';
  if (at.getTime() > now.getTime() + CAMPAIGN_AHEAD_DAYS * DAY) {
    return `最多可以提前 ${CAMPAIGN_AHEAD_DAYS} 天定时发送`;
  }
  return undefined;
}

/** The body sent for the form's values (its audience complete: the form checked it). */
export function campaignBody(values: ComposeForm): CampaignCreateBody {
  const audience = audienceOf(values);
  if (!audience) throw new Error('请选择发送对象');
  return {
    title: values.title.trim(),
    body: values.body.trim(),
    audience,
    sendAt: values.when === 'later' && values.sendAt ? values.sendAt.toDate().toISOString() : null,
  };
}

/** The field a server refusal is about, by how its message starts; undefined for the whole form. */
export function fieldOfRefusal(message: string): keyof ComposeForm | undefined {
  if (message.startsWith('标题')) return 'title';
  if (message.startsWith('正文')) return 'body';
  if (message.startsWith('发送时间')) return 'sendAt';
  if (message.includes('团队')) return 'teamId';
  if (message.includes('项目')) return 'itemId';
  return undefined;
}

/** The field's own words of a refusal: `发送时间：请选择…` shows `请选择…` under the time. */
export const refusalText = (message: string) => message.replace(/^发送时间：/, '');

/** `已读 / 发送` with its share, or a dash before it is sent. */
export function readShare(row: Pick<CampaignRow, 'read' | 'recipients'>): string {
  if (row.recipients === null || row.read === null) return '—';
  if (row.recipients === 0) return '0 / 0';
  const percent = Math.round((row.read / row.recipients) * 100);
  return `${row.read} / ${row.recipients}（${percent}%）`;
}

/** The compose page's address, its audience chosen (the participants of an item, from its list). */
export const composePath = (audience?: { kind: ParticipantKind; id: number }) =>
  audience
    ? `/messages/new?audience=item&kind=${audience.kind}&id=${audience.id}`
    : '/messages/new';

/** The form's first values from the compose page's address (`composePath`). */
export function initialCompose(params: URLSearchParams): Partial<ComposeForm> {
  const audience = params.get('audience');
  const kind = params.get('kind');
  const id = Number(params.get('id'));
  const base: Partial<ComposeForm> = { audience: 'site', kind: 'class', when: 'now' };
  if (!(CAMPAIGN_AUDIENCES as readonly string[]).includes(audience ?? '')) return base;
  if (audience === 'item') {
    if (!(PARTICIPANT_KINDS as readonly string[]).includes(kind ?? '')) return base;
    if (!Number.isSafeInteger(id) || id < 1) return base;
    return { ...base, audience, kind: kind as ParticipantKind, itemId: id };
  }
  return { ...base, audience: audience as CampaignAudienceType };
}

/** What the participants list hands the compose page with its address: the item's title. */
export interface FromItem {
  itemTitle: string;
}

/** The item's title from the compose page's location state, when its list handed one. */
export const titleFrom = (state: unknown) =>
  typeof state === 'object' && state !== null && 'itemTitle' in state
    ? String((state as FromItem).itemTitle)
    : undefined;
