import { randomBytes } from 'node:crypto';
import type { AdminAudioUpload, AdminUpload, AdminVideoUpload } from '@portal/contract';
import {
  ADMIN_AUDIO_MAX_BYTES,
  ADMIN_IMAGE_MAX_BYTES,
  ADMIN_VIDEO_MAX_BYTES,
  sizeText,
} from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { keepImage, makePicture } from '../../platform/avatar-image.ts';
import { invalid } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/file-store.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { sniffAudio, sniffVideo } from '../../platform/sniff-mime.ts';
import type { ReceivedFile } from '../../platform/upload-store.ts';
import { queueVideoLadder } from '../media/video-ladder.ts';
import type { AuditLog } from './audit.ts';
import type { Operator } from './operators.service.ts';

/** Where received console uploads wait (private) before the kept copy is made. */
export const ADMIN_INCOMING_AREA = 'admin-incoming';

/** The store folder of a site's lesson media (videos, audios), served at `/media/uploads/<site>/`. */
export const siteMediaFolder = (siteKey: string) => `media/uploads/${siteKey}/`;

/**
 * Pictures operators upload for covers and article bodies: checked by content, kept as WebP at
 * each width of `PICTURE_WIDTHS` it reaches under the site's public folder (`/files/admin/<site>/`),
 * the original privately beside them, each upload in the audit log.
 */
export class AdminUploads {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
    private readonly audit: AuditLog,
    private readonly jobs: JobQueue,
    private readonly now: () => number = Date.now,
  ) {}

  async keepPicture(operator: Operator, received: readonly ReceivedFile[]): Promise<AdminUpload> {
    const kept = await keepImage(
      received,
      { files: this.files, folder: `files/admin/${operator.siteKey}/` },
      '图片',
      { make: makePicture, maxBytes: ADMIN_IMAGE_MAX_BYTES, keepOriginal: true },
    );
    await this.db.transaction().execute((trx) =>
      this.audit.record(trx, operator, {
        action: 'upload',
        entity: 'upload',
        entityId: null,
        summary: `${received[0]?.name ?? '图片'} → ${kept.url}`,
        before: null,
        after: { url: kept.url, width: kept.width, height: kept.height },
      }),
    );
    return { url: kept.url, width: kept.width, height: kept.height };
  }

  /**
   * Keeps an uploaded lesson video as it came (MP4 or WebM, told by its content) under the
   * site's media folder (`/media/uploads/<site>/`), served with byte ranges, and queues its
   * transcoding into an HLS ladder (`modules/media/video-ladder.ts`) with the upload's record:
   * its lesson may be published once the ladder is ready.
   */
  keepVideo(operator: Operator, received: readonly ReceivedFile[]): Promise<AdminVideoUpload> {
    return this.keepMedia(
      operator,
      received,
      {
        field: '视频',
        pick: '请选择一个视频文件',
        maxBytes: ADMIN_VIDEO_MAX_BYTES,
        sniff: sniffVideo,
        refused: '只能上传 MP4 或 WebM 视频',
      },
      (trx, url) =>
        queueVideoLadder(this.jobs, trx, { siteKey: operator.siteKey, url }, this.now()),
    );
  }

  /**
   * Keeps an uploaded lesson audio as it came (MP3 or M4A, told by its content, whatever its
   * name) beside the videos, under the site's media folder, served with byte ranges.
   */
  keepAudio(operator: Operator, received: readonly ReceivedFile[]): Promise<AdminAudioUpload> {
    return this.keepMedia(operator, received, {
      field: '音频',
      pick: '请选择一个音频文件',
      maxBytes: ADMIN_AUDIO_MAX_BYTES,
      sniff: sniffAudio,
      refused: '只能上传 MP3 或 M4A 音频',
    });
  }

  /** Checks a lesson's media file by size and content, moves it into the site's media folder and audits it. */
  private async keepMedia(
    operator: Operator,
    received: readonly ReceivedFile[],
    kind: {
      field: string;
      pick: string;
      maxBytes: number;
      sniff: (head: Uint8Array) => string | null;
      refused: string;
    },
    /** More to write with the upload's record (in its transaction). */
    alsoWrite?: (trx: Kysely<Database>, url: string) => Promise<void>,
  ): Promise<{ url: string; bytes: number }> {
    const [file] = received;
    if (!file) throw invalid(`${kind.field}：${kind.pick}`);
    if (file.tooLarge) {
      throw invalid(`${kind.field}：文件不能超过 ${sizeText(kind.maxBytes)}`);
    }
    const extension = kind.sniff(file.head);
    if (!extension) throw invalid(`${kind.field}：${kind.refused}`);
    const key = `${siteMediaFolder(operator.siteKey)}${randomBytes(16).toString('base64url')}.${extension}`;
    await this.files.moveIn(key, file.tempPath);
    const url = `/${key}`;
    await this.db.transaction().execute(async (trx) => {
      await this.audit.record(trx, operator, {
        action: 'upload',
        entity: 'upload',
        entityId: null,
        summary: `${file.name} → ${url}`,
        before: null,
        after: { url, bytes: file.size },
      });
      await alsoWrite?.(trx, url);
    });
    return { url, bytes: file.size };
  }
}
