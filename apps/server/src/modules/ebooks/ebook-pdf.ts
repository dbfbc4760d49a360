import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AdminPdfUpload } from '@portal/contract';
import { ADMIN_IMAGE_MAX_BYTES, ADMIN_PDF_MAX_BYTES } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import type { Database } from '../../db/schema.ts';
import { keepImage, makePicture } from '../../platform/avatar-image.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { type FileStore, keyOfUrlPath } from '../../platform/file-store.ts';
import { SNIFF_BYTES, sniffMime } from '../../platform/sniff-mime.ts';
import type { ReceivedFile } from '../../platform/upload-store.ts';
import type { AuditLog } from '../operators/audit.ts';
import type { Operator } from '../operators/operators.service.ts';

const run = promisify(execFile);

/** The field every refusal of a PDF names. */
const FIELD = 'PDF 文件';

/** The console's uploads of a site, in the file store: `files/admin/<site>/`. */
const siteFolder = (siteKey: string) => `files/admin/${siteKey}/`;

/** How long the first page may take to render before the upload goes on without a cover. */
const RENDER_TIMEOUT_MS = 30_000;
/** The longest side of the page rendered for a cover, in pixels (a 3:4 page: 450 × 600). */
const COVER_SIDE = 600;

/**
 * The pages of a PDF, read with pdf-lib from its bytes: a file that is not a PDF by its content
 * (`%PDF-`), an encrypted one (the portal's reader could not open it) and one that does not
 * parse or has no page are refused with a 400 naming the field.
 */
export async function countPdfPages(bytes: Uint8Array, field = FIELD): Promise<number> {
  if (sniffMime(bytes.subarray(0, SNIFF_BYTES)) !== 'application/pdf') {
    throw invalid(`${field}：只能上传 PDF 文件`);
  }
  let pdf: PDFDocument;
  let pages: number;
  try {
    // Parsed a thousand objects at a time, so a large book does not hold up other requests;
    // opened even when encrypted, to say so (pdf-lib's own refusal is a bare Error).
    pdf = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
      parseSpeed: 1000,
    });
    pages = pdf.getPageCount();
  } catch {
    throw invalid(`${field}：文件已损坏或无法打开，请换一个`);
  }
  if (pdf.isEncrypted) {
    throw invalid(`${field}：文件已加密，学员无法阅读，请上传未加密的 PDF`);
  }
  if (pages < 1) throw invalid(`${field}：文件没有页面，请换一个`);
  return pages;
}

/**
 * Renders the first page of a PDF on this machine to a PNG with poppler's `pdftoppm` (no
 * shell, one page, {@link COVER_SIDE} pixels, under a time limit); answers the PNG's path in a
 * fresh folder the caller removes, or null when it could not be made (no `pdftoppm` on the
 * machine, a page poppler cannot draw, too slow).
 */
export async function renderFirstPage(pdfPath: string): Promise<string | null> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ebook-cover-'));
  const prefix = path.join(folder, 'cover');
  try {
    await run(
      'pdftoppm',
      [
        '-png',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        '-scale-to',
        String(COVER_SIDE),
        pdfPath,
        prefix,
      ],
      { timeout: RENDER_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 },
    );
    const png = `${prefix}.png`;
    await fs.promises.access(png);
    return png;
  } catch {
    await fs.promises.rm(folder, { recursive: true, force: true });
    return null;
  }
}

/**
 * The key of an e-book PDF of the site at `url`, or null when it is not one: a file the
 * console uploaded to the site's folder (`/files/admin/<site>/….pdf`), or one of the site's
 * demo books (`/files/ebooks/<site>-….pdf`).
 */
export function sitePdfKey(siteKey: string, url: string): string | null {
  const key = keyOfUrlPath(url, ['/files/']);
  if (!key?.endsWith('.pdf')) return null;
  const ours = key.startsWith(siteFolder(siteKey)) || key.startsWith(`files/ebooks/${siteKey}-`);
  return ours ? key : null;
}

/**
 * The pages and size of the site's PDF at `url` (an e-book's or a PDF lesson's), read from the
 * file in the store (never taken from the form): a path that is not the site's, a file that is
 * not there or not a PDF that opens answers 400 naming `field` (e.g. `第 1 章第 2 节`).
 */
export async function storedPdf(
  files: FileStore,
  siteKey: string,
  url: string,
  field = FIELD,
): Promise<{ pageCount: number; fileSize: number }> {
  const key = sitePdfKey(siteKey, url);
  if (!key) throw invalid(`${field}：不是本站上传的文件，请重新上传`);
  const opened = await files.open(key);
  if (!opened) throw invalid(`${field}：文件不存在，请重新上传`);
  if (opened.size > ADMIN_PDF_MAX_BYTES) {
    opened.body.destroy();
    throw invalid(`${field}：文件不能超过 ${ADMIN_PDF_MAX_BYTES / 1024 / 1024} MB`);
  }
  const bytes = Buffer.concat(await opened.body.toArray());
  return { pageCount: await countPdfPages(bytes, field), fileSize: bytes.length };
}

/**
 * PDFs operators upload, for e-books and for PDF lessons: checked by content (a PDF that opens,
 * not encrypted), kept as they came under the site's public folder (`/files/admin/<site>/`,
 * served with byte ranges to the portal's reader), an e-book's with a cover made from the first
 * page through the picture pipeline; each upload in the audit log.
 */
export class EbookPdfUploads {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Keeps an uploaded PDF; answers its address, size, pages and, for an e-book, the cover made
   * of it (a lesson's PDF needs none: its cover stays null).
   */
  async keepPdf(
    operator: Operator,
    received: readonly ReceivedFile[],
    use: 'ebook' | 'lesson' = 'ebook',
  ): Promise<AdminPdfUpload> {
    const [file] = received;
    if (!file) throw invalid(`${FIELD}：请选择一个 PDF 文件`);
    if (file.tooLarge) {
      throw invalid(`${FIELD}：文件不能超过 ${ADMIN_PDF_MAX_BYTES / 1024 / 1024} MB`);
    }
    if (sniffMime(file.head) !== 'application/pdf') throw invalid(`${FIELD}：只能上传 PDF 文件`);
    const pageCount = await countPdfPages(await fs.promises.readFile(file.tempPath));
    const cover = use === 'ebook' ? await this.coverOf(operator.siteKey, file.tempPath) : null;
    const key = `${siteFolder(operator.siteKey)}${randomBytes(16).toString('base64url')}.pdf`;
    await this.files.moveIn(key, file.tempPath);
    const url = `/${key}`;
    const kept: AdminPdfUpload = { url, bytes: file.size, pageCount, cover };
    await this.db.transaction().execute((trx) =>
      this.audit.record(trx, operator, {
        action: 'upload',
        entity: 'upload',
        entityId: null,
        summary: `${file.name} → ${url}`,
        before: null,
        after: kept,
      }),
    );
    return kept;
  }

  /** A cover kept as the other covers are, from the PDF's first page; null when none was made. */
  private async coverOf(siteKey: string, pdfPath: string): Promise<string | null> {
    const png = await renderFirstPage(pdfPath);
    if (!png) return null;
    try {
      const stat = await fs.promises.stat(png);
      const handle = await fs.promises.open(png);
      const head = Buffer.alloc(SNIFF_BYTES);
      try {
        await handle.read(head, 0, SNIFF_BYTES, 0);
      } finally {
        await handle.close();
      }
      const rendered: ReceivedFile = {
        name: 'cover.png',
        size: stat.size,
        tooLarge: stat.size > ADMIN_IMAGE_MAX_BYTES,
        head,
        tempPath: png,
      };
      const kept = await keepImage(
        [rendered],
        { files: this.files, folder: siteFolder(siteKey) },
        '封面',
        { make: makePicture, maxBytes: ADMIN_IMAGE_MAX_BYTES },
      );
      return kept.url;
    } catch (error) {
      // A page poppler drew but the picture pipeline refused: the operator uploads a cover.
      if (error instanceof AppError) return null;
      throw error;
    } finally {
      await fs.promises.rm(path.dirname(png), { recursive: true, force: true });
    }
  }
}
