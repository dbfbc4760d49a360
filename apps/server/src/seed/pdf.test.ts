import zlib from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { generateBookPdf } from './pdf.ts';

const OPTIONS = {
  title: '家庭教育的智慧',
  author: '陈思远',
  publisher: '上海教育出版社',
  pageCount: 30,
  publishedYear: 2023,
  chapters: ['沟通的艺术', '习惯的养成'],
};

/** The decoded content streams of a page, joined. */
function pageText(doc: PDFDocument, index: number): string {
  const page = doc.getPage(index);
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [];
  return refs
    .map((ref) => {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) return '';
      return zlib.inflateSync(stream.getContents()).toString('latin1');
    })
    .join('\n');
}

/** How many form XObjects a page's resources name (Chinese glyphs and body text). */
function xObjectCount(doc: PDFDocument, index: number): number {
  const resources = doc.getPage(index).node.Resources();
  const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return xObjects ? xObjects.keys().length : 0;
}

describe('generateBookPdf', () => {
  it('makes a PDF of exactly the asked page count, with the book as its metadata', async () => {
    const bytes = await generateBookPdf(OPTIONS);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(30);
    expect(doc.getTitle()).toBe('家庭教育的智慧');
    expect(doc.getAuthor()).toBe('陈思远');
    for (const n of [1, 2, 3, 30]) {
      expect(
        await generateBookPdf({ ...OPTIONS, pageCount: n }).then(async (b) =>
          (await PDFDocument.load(b)).getPageCount(),
        ),
      ).toBe(n);
    }
  });

  it('draws the Chinese title page as outlines and numbers every page', async () => {
    const doc = await PDFDocument.load(await generateBookPdf(OPTIONS));
    // Title (7 distinct characters), author line and publisher: one glyph form each.
    expect(xObjectCount(doc, 0)).toBeGreaterThanOrEqual(15);
    const title = pageText(doc, 0);
    // 家庭教育的智慧 (7), 陈思远 著 (4, the space is not drawn), 上海教育出版社 (7).
    expect(title.match(/ Do\b/g)?.length ?? 0).toBe(18);
    for (const n of [1, 2, 17, 30]) {
      // Helvetica's hex strings: "Page n of 30".
      const label = Buffer.from(`Page ${n} of 30`, 'latin1').toString('hex').toUpperCase();
      expect(pageText(doc, n - 1), `page ${n}`).toContain(`<${label}>`);
    }
  });

  it('gives the same bytes for the same options, and other bytes for others', async () => {
    const a = await generateBookPdf(OPTIONS);
    const b = await generateBookPdf(OPTIONS);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    const c = await generateBookPdf({ ...OPTIONS, title: '另一本书' });
    expect(Buffer.compare(Buffer.from(a), Buffer.from(c))).not.toBe(0);
  });

  it('keeps a long book small, without object streams (a classic xref table)', async () => {
    const bytes = await generateBookPdf({ ...OPTIONS, pageCount: 160 });
    expect(bytes.length).toBeLessThan(400_000);
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).not.toContain('/ObjStm');
    expect(text.lastIndexOf('\nxref\n')).toBeGreaterThan(text.length - 20_000);
  });
});
