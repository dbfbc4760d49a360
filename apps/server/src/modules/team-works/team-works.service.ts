import {
  type Page,
  TEAM_WORK_IMAGE_MAX_BYTES,
  TEAM_WORK_MAX_IMAGES,
  TEAM_WORK_TEXT_MAX,
  type TeamWorkComment,
  type TeamWorkCommentListQuery,
  type TeamWorkDetail,
  type TeamWorkImage,
  type TeamWorkLikeResult,
  type TeamWorkListQuery,
  type TeamWorkSummary,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { StoreFolder } from '../../platform/file-store.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { type RateLimiter, RateLimits } from '../../platform/rate-limit.ts';
import { toPlainText } from '../../platform/sanitize-html.ts';
import type { SideEffects } from '../../platform/side-effects.ts';
import { sniffMime } from '../../platform/sniff-mime.ts';
import type { ReceivedFile, UploadStore } from '../../platform/upload-store.ts';
import { requireLeader, requireMember, teamAccess } from '../teams/team-roles.ts';
import {
  BrokenImage,
  removeWorkImages,
  type WrittenImage,
  writeWorkImage,
} from './team-work-images.ts';
import {
  addLike,
  countTeamWorks,
  deleteComment,
  findComment,
  findCommentCount,
  findLikeCount,
  findWork,
  insertComment,
  insertWork,
  listComments,
  listLikedWorkIds,
  listTeamWorks,
  listWorkImages,
  markWorkDeleted,
  removeLike,
  setWorkFeatured,
  touchTeam,
  type WorkRow,
} from './team-works.queries.ts';

/** Where received pictures wait (private) before the resized copies are made. */
export const TEAM_WORK_INCOMING_AREA = 'team-work-incoming';

/** The Chinese answers of the area (tests compare with them). */
export const TeamWorkMessages = {
  tooManyImages: `图片最多上传 ${TEAM_WORK_MAX_IMAGES} 张`,
  empty: '请填写作品内容或上传图片',
  textTooLong: `作品内容不能超过 ${TEAM_WORK_TEXT_MAX} 字`,
  commentEmpty: '评论内容不能为空',
  notImage: (name: string) => `「${name}」不是图片，只能上传 JPG、PNG 或 WebP 图片`,
  tooLarge: (name: string) =>
    `图片「${name}」超过 ${TEAM_WORK_IMAGE_MAX_BYTES / 1024 / 1024} MB，请压缩后再上传`,
  emptyFile: (name: string) => `图片「${name}」是空文件`,
  broken: (name: string) => `图片「${name}」已损坏或无法识别，请换一张`,
  deleteWork: '只有作者或团队负责人可以删除作品',
  deleteComment: '只有评论者或团队负责人可以删除评论',
};

/** What a work is posted with: its text (raw) and received picture files. */
export interface NewWork {
  teamId: number;
  content: string;
  files: readonly ReceivedFile[];
}

const bool = (value: number | string | boolean) => Number(value) === 1 || value === true;

/**
 * Team works (团队作品): members post text with up to 9 pictures; anyone may read them; any
 * learner may like and comment (works are public like the team page, and so is their
 * conversation); the author or the team's leader deletes a work, a comment's author or the leader
 * a comment; the leader features works.
 */
export class TeamWorkService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limiter: RateLimiter,
    private readonly effects: SideEffects,
    readonly uploads: UploadStore,
    /** Where kept pictures live (`files/team-works/`), served publicly under random names. */
    private readonly images: StoreFolder,
    private readonly now: () => number = Date.now,
    /** Visitors' kept answers: a deleted work leaves them at once. */
    private readonly publicCache?: PublicCache,
  ) {}

  /** A team's works (public): featured first, then newest; `liked` for a learner. */
  async list(
    siteKey: string,
    query: TeamWorkListQuery,
    viewerId: number | null,
  ): Promise<Page<TeamWorkSummary>> {
    await teamAccess(this.db, siteKey, query.teamId, null);
    return readPage(
      query,
      {
        count: () => countTeamWorks(this.db, query.teamId),
        rows: (window) => listTeamWorks(this.db, query.teamId, window),
      },
      (rows) => this.summaries(rows, viewerId),
    );
  }

  /** One work (public), with what the viewer may do. */
  async detail(siteKey: string, workId: number, viewerId: number | null): Promise<TeamWorkDetail> {
    const row = await this.liveWork(siteKey, workId);
    const access = await teamAccess(this.db, siteKey, row.team_id, viewerId);
    const [summary] = await this.summaries([row], viewerId);
    if (!summary) throw notFound('作品');
    const isLeader = access.role === 'leader';
    return {
      ...summary,
      teamName: row.team_name,
      permissions: {
        canDelete: viewerId !== null && (isLeader || row.author_id === viewerId),
        canFeature: isLeader,
      },
      viewerIsMember: access.role !== null,
    };
  }

  /**
   * Posts a work for a member of the team: the text made plain and checked, every picture checked
   * by its content (JPG, PNG or WebP that decodes, within the size limit) and resized before
   * anything is written; the work, its pictures, the team's activity time and the points award
   * are one transaction. A refused post leaves no row and no file.
   */
  async post(siteKey: string, userId: number, input: NewWork): Promise<TeamWorkDetail> {
    await requireMember(this.db, siteKey, input.teamId, userId);
    if (input.files.length > TEAM_WORK_MAX_IMAGES) throw invalid(TeamWorkMessages.tooManyImages);
    const text = toPlainText(input.content);
    if ([...text].length > TEAM_WORK_TEXT_MAX) throw invalid(TeamWorkMessages.textTooLong);
    if (text === '' && input.files.length === 0) throw invalid(TeamWorkMessages.empty);
    for (const file of input.files) checkImageFile(file);
    // Counted once the post is checked: a learner fixing a refused post is not held back.
    await this.limiter.consume(RateLimits.teamWorkPost, userId);

    const written: WrittenImage[] = [];
    try {
      for (const file of input.files) {
        try {
          written.push(await writeWorkImage(file.tempPath, this.images));
        } catch (error) {
          throw error instanceof BrokenImage ? invalid(TeamWorkMessages.broken(file.name)) : error;
        }
      }
      const at = this.now();
      const workId = await this.db.transaction().execute(async (trx) => {
        const id = await insertWork(
          trx,
          { teamId: input.teamId, authorId: userId, body: text, at },
          written.map((image, sort) => ({
            sort,
            image_key: image.imageKey,
            thumb_key: image.thumbKey,
            width: image.width,
            height: image.height,
          })),
        );
        await touchTeam(trx, input.teamId, at);
        await this.effects.record(trx, {
          kind: 'team_work.post',
          siteKey,
          learnerId: userId,
          key: `team_work.post:${id}`,
          detail: { workId: id, title: titleOf(text), at },
        });
        return id;
      });
      return await this.detail(siteKey, workId, userId);
    } catch (error) {
      await removeWorkImages(
        this.images,
        written.flatMap((image) => [image.imageKey, image.thumbKey]),
      ).catch(() => undefined);
      throw error;
    }
  }

  /** Deletes a work: its author or the team's leader (403 for anyone else); its pictures go too. */
  async remove(siteKey: string, userId: number, workId: number): Promise<void> {
    const row = await this.liveWork(siteKey, workId);
    if (row.author_id !== userId && row.leader_id !== userId) {
      throw forbidden(TeamWorkMessages.deleteWork);
    }
    const images = await listWorkImages(this.db, [workId]);
    if (!(await markWorkDeleted(this.db, workId, this.now()))) throw notFound('作品');
    await this.publicCache?.invalidate(siteKey);
    await removeWorkImages(
      this.images,
      images.flatMap((image) => [image.image_key, image.thumb_key]),
    );
  }

  /** Features or unfeatures a work (the team's leader only). */
  async feature(siteKey: string, userId: number, workId: number, featured: boolean) {
    const row = await this.liveWork(siteKey, workId);
    await requireLeader(this.db, siteKey, row.team_id, userId);
    await setWorkFeatured(this.db, workId, featured, this.now());
    return this.detail(siteKey, workId, userId);
  }

  /** Likes a work (any learner); liking twice is one like. */
  async like(siteKey: string, userId: number, workId: number): Promise<TeamWorkLikeResult> {
    await this.liveWork(siteKey, workId);
    const at = this.now();
    await this.db.transaction().execute((trx) => addLike(trx, workId, userId, at));
    return { liked: true, likeCount: await findLikeCount(this.db, workId) };
  }

  /** Takes back a like; taking back a like that is not there changes nothing. */
  async unlike(siteKey: string, userId: number, workId: number): Promise<TeamWorkLikeResult> {
    await this.liveWork(siteKey, workId);
    await this.db.transaction().execute((trx) => removeLike(trx, workId, userId));
    return { liked: false, likeCount: await findLikeCount(this.db, workId) };
  }

  /** A work's comments (public), oldest first; `canDelete` for their author and the leader. */
  async comments(
    siteKey: string,
    query: TeamWorkCommentListQuery,
    viewerId: number | null,
  ): Promise<Page<TeamWorkComment>> {
    const work = await this.liveWork(siteKey, query.workId);
    return readPage(
      query,
      {
        count: () => findCommentCount(this.db, query.workId),
        rows: (window) => listComments(this.db, query.workId, window),
      },
      (rows) =>
        rows.map((row) => ({
          id: row.id,
          author: { id: row.author_id, nickname: row.nickname, avatar: row.avatar },
          text: row.body,
          createdAt: Number(row.created_at),
          canDelete:
            viewerId !== null && (row.author_id === viewerId || work.leader_id === viewerId),
        })),
    );
  }

  /** Comments on a work (any learner of the site): plain text, length-limited, rate-limited. */
  async comment(
    siteKey: string,
    userId: number,
    workId: number,
    content: string,
  ): Promise<TeamWorkComment> {
    await this.liveWork(siteKey, workId);
    const text = toPlainText(content);
    if (text === '') throw invalid(TeamWorkMessages.commentEmpty);
    await this.limiter.consume(RateLimits.teamWorkComment, userId);
    const at = this.now();
    const id = await this.db
      .transaction()
      .execute((trx) => insertComment(trx, { workId, authorId: userId, body: text, at }));
    const author = await this.db
      .selectFrom('users')
      .select(['nickname', 'avatar'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      id,
      author: { id: userId, nickname: author.nickname, avatar: author.avatar },
      text,
      createdAt: at,
      canDelete: true,
    };
  }

  /** Deletes a comment: its author or the work's team's leader (403 for anyone else). */
  async removeComment(siteKey: string, userId: number, commentId: number): Promise<void> {
    const comment = await findComment(this.db, commentId);
    if (!comment) throw notFound('评论');
    const work = await this.liveWork(siteKey, comment.work_id);
    if (comment.author_id !== userId && work.leader_id !== userId) {
      throw forbidden(TeamWorkMessages.deleteComment);
    }
    await this.db.transaction().execute((trx) => deleteComment(trx, commentId, comment.work_id));
  }

  /** A live work of a live team of the site; 404 otherwise. */
  private async liveWork(siteKey: string, workId: number): Promise<WorkRow> {
    const row = await findWork(this.db, siteKey, workId);
    if (!row) throw notFound('作品');
    return row;
  }

  private imageOf(image: { image_key: string; thumb_key: string; width: number; height: number }) {
    const out: TeamWorkImage = {
      url: `/${this.images.folder}${image.image_key}`,
      thumbUrl: `/${this.images.folder}${image.thumb_key}`,
      width: Number(image.width),
      height: Number(image.height),
    };
    return out;
  }

  private async summaries(
    rows: ReadonlyArray<Omit<WorkRow, 'team_name' | 'leader_id'>>,
    viewerId: number | null,
  ): Promise<TeamWorkSummary[]> {
    const ids = rows.map((row) => row.id);
    const [images, liked] = await Promise.all([
      listWorkImages(this.db, ids),
      viewerId === null ? new Set<number>() : listLikedWorkIds(this.db, viewerId, ids),
    ]);
    return rows.map((row) => ({
      id: row.id,
      teamId: row.team_id,
      author: { id: row.author_id, nickname: row.nickname, avatar: row.avatar },
      text: row.body,
      images: images
        .filter((image) => Number(image.work_id) === row.id)
        .map((image) => this.imageOf(image)),
      featured: bool(row.featured),
      likeCount: Number(row.like_count),
      commentCount: Number(row.comment_count),
      liked: liked.has(row.id),
      createdAt: Number(row.created_at),
    }));
  }
}

/** Checks a received picture before it is decoded: not empty, within the limit, an image by its content. */
function checkImageFile(file: ReceivedFile) {
  if (file.size === 0) throw invalid(TeamWorkMessages.emptyFile(file.name));
  if (file.tooLarge) throw invalid(TeamWorkMessages.tooLarge(file.name));
  const mime = sniffMime(file.head);
  if (mime === null || mime === 'application/pdf') {
    throw invalid(TeamWorkMessages.notImage(file.name));
  }
}

/** The ledger's title of a work: its first words. */
function titleOf(text: string): string {
  const first = [...(text.split('\n')[0]?.trim() ?? '')];
  if (first.length === 0) return '团队作品';
  return first.length > 20 ? `${first.slice(0, 20).join('')}…` : first.join('');
}
