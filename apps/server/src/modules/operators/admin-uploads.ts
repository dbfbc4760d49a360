import type { AdminUpload } from '@portal/contract';
import { ADMIN_IMAGE_MAX_BYTES } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { keepImage, makePicture } from '../../platform/avatar-image.ts';
import type { FileStore } from '../../platform/file-store.ts';
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
}
