import { randomBytes } from 'node:crypto';
import type { AdminUpload, AdminVideoUpload } from '@portal/contract';
import { ADMIN_IMAGE_MAX_BYTES, ADMIN_VIDEO_MAX_BYTES } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { keepImage, makePicture } from '../../platform/avatar-image.ts';
import { invalid } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/file-store.ts';
import { sniffVideo } from '../../platform/sniff-mime.ts';
import type { ReceivedFile } from '../../platform/upload-store.ts';
import type { AuditLog } from './audit.ts';
import type { Operator } from './operators.service.ts';

/** Where received console uploads wait (private) before the kept copy is made. */
export const ADMIN_INCOMING_AREA = 'admin-incoming';

/**
 * Pictures operators upload for covers and article bodies: checked by content, resized and kept
 * as WebP under the site's public folder (`/files/admin/<site>/`), each upload in the audit log.
 */
export class AdminUploads {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
    private readonly audit: AuditLog,
  ) {}

  async keepPicture(operator: Operator, received: readonly ReceivedFile[]): Promise<AdminUpload> {
    const kept = await keepImage(
      received,
      { files: this.files, folder: `files/admin/${operator.siteKey}/` },
      '图片',
      { make: makePicture, maxBytes: ADMIN_IMAGE_MAX_BYTES },
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
   * site's media folder (`/media/uploads/<site>/`), served with byte ranges; it plays as
   * uploaded until the media pipeline transcodes it.
   */
  async keepVideo(
    operator: Operator,
    received: readonly ReceivedFile[],
  ): Promise<AdminVideoUpload> {
    const [file] = received;
    if (!file) throw invalid('视频：请选择一个视频文件');
    if (file.tooLarge) {
      throw invalid(`视频：文件不能超过 ${ADMIN_VIDEO_MAX_BYTES / 1024 / 1024} MB`);
    }
    const extension = sniffVideo(file.head);
    if (!extension) throw invalid('视频：只能上传 MP4 或 WebM 视频');
    const key = `media/uploads/${operator.siteKey}/${randomBytes(16).toString('base64url')}.${extension}`;
    await this.files.moveIn(key, file.tempPath);
    const url = `/${key}`;
    await this.db.transaction().execute((trx) =>
      this.audit.record(trx, operator, {
        action: 'upload',
        entity: 'upload',
        entityId: null,
        summary: `${file.name} → ${url}`,
        before: null,
        after: { url, bytes: file.size },
      }),
    );
    return { url, bytes: file.size };
  }
}
