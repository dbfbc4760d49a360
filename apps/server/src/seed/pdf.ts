import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fontkit, { type Font, type Glyph } from '@pdf-lib/fontkit';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFFlateStream,
  type PDFFont,
  PDFName,
  type PDFOperator,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
  setFillingRgbColor,
} from 'pdf-lib';
import { Random } from './random.ts';

/**
 * Demo PDFs: a Chinese title page, a contents page and chapters of Latin body text, with a
 * large page number on every page. Chinese is drawn as vector outlines of ZCOOL XiaoWei
 * (OFL-1.1, from `@fontsource/zcool-xiaowei`) instead of an embedded font: embedding and
 * subsetting a CJK font costs seconds per file, outlines cost nothing after one font load.
 */

/** Bump when the output changes, so cached files of the old layout are not reused. */
const LAYOUT_VERSION = 1;
/** A5 in points. */
const PAGE_WIDTH = 420;
const PAGE_HEIGHT = 595;
const MARGIN = 42;
/** A fixed date, so the same options give the same bytes (metadata included). */
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

export interface BookPdfOptions {
  /** Chinese title; wrapped on the title page. */
  title: string;
  author: string;
  /** Shown at the foot of the title page, e.g. 上海教育出版社 or 静安学习网. */
  publisher: string;
  /** At least 1. */
  pageCount: number;
  /** e.g. 2024; shown under the publisher. */
  publishedYear?: number | undefined;
  /** Chinese chapter titles (without 第N章), used in order; cycled when there are more chapters. */
  chapters?: readonly string[] | undefined;
  /** `#rrggbb` of the title page's band; a calm blue by default. */
  accent?: string | undefined;
}

const DEFAULT_CHAPTERS = ['导言', '基础知识', '方法与实践', '案例分析', '常见问题', '延伸阅读'];
const CHINESE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

const LATIN_WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut ' +
  'labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris ' +
  'nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse ' +
  'cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui ' +
  'officia deserunt mollit anim id est laborum learning community family reading practice'
).split(' ');

// ---------------------------------------------------------------------------------------------
// Chinese outlines

const require = createRequire(import.meta.url);
const FONT_FILES = [
  '@fontsource/zcool-xiaowei/files/zcool-xiaowei-chinese-simplified-400-normal.woff',
  '@fontsource/zcool-xiaowei/files/zcool-xiaowei-latin-400-normal.woff',
];

/**
 * A WOFF 1.0 file as the plain sfnt (TTF) it wraps. fontkit reads WOFF directly but inflates
 * the whole `glyf` table again for every glyph (about 75 ms each for this 2.7 MB font);
 * inflating each table once here makes a glyph cost microseconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = [];
  for (let i = 0; i < numTables; i += 1) {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? zlib.inflateSync(raw) : raw,
    });
  }
  const headerSize = 12 + numTables * 16;
  const padded = (n: number) => (n + 3) & ~3;
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerSize);
  const out = Buffer.alloc(total);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    out.writeUInt32BE(table.tag, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}

/** A move, line or cubic curve; `x`/`y` is the end point. */
type Segment =
  | { kind: 'm' | 'l'; x: number; y: number }
  | { kind: 'c'; x1: number; y1: number; x2: number; y2: number; x: number; y: number };

/** One glyph as PDF path operators in font units (y up), with its advance. */
interface Outline {
  advance: number;
  /** Path segments relative to the glyph origin; `x` is shifted when drawn. */
  ops: Segment[];
}

class OutlineFont {
  private readonly outlines = new Map<number, Outline>();

  constructor(
    /** The Chinese subset first, then the Latin one, tried in order for each character. */
    private readonly fonts: Font[],
  ) {}

  get unitsPerEm(): number {
    return (this.fonts[0] as Font).unitsPerEm;
  }

  outline(codePoint: number): Outline {
    let outline = this.outlines.get(codePoint);
    if (!outline) {
      outline = this.load(codePoint);
      this.outlines.set(codePoint, outline);
    }
    return outline;
  }

  /** Width of `text` in font units. */
  measure(text: string): number {
    let width = 0;
    for (const char of text) width += this.outline(char.codePointAt(0) ?? 32).advance;
    return width;
  }

  private load(codePoint: number): Outline {
    let glyph: Glyph | undefined;
    for (const font of this.fonts) {
      const candidate = font.glyphForCodePoint(codePoint);
      if (candidate.id !== 0) {
        glyph = candidate;
        break;
      }
    }
    // A character neither subset has (rare punctuation) becomes a half-width gap.
    if (!glyph) return { advance: this.unitsPerEm / 2, ops: [] };
    return { advance: glyph.advanceWidth, ops: toOps(glyph) };
  }
}

interface PathCommand {
  command: string;
  args: number[];
}

/** fontkit's path commands as PDF segments; TrueType quadratics become cubics. */
function toOps(glyph: Glyph): Outline['ops'] {
  const commands = (glyph.path as unknown as { commands: PathCommand[] }).commands;
  const ops: Outline['ops'] = [];
  let cx = 0;
  let cy = 0;
  for (const { command, args } of commands) {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = args;
    if (command === 'moveTo' || command === 'lineTo') {
      ops.push({ kind: command === 'moveTo' ? 'm' : 'l', x: a, y: b });
      [cx, cy] = [a, b];
    } else if (command === 'quadraticCurveTo') {
      // The cubic through the same end points with control points 2/3 of the way to the
      // quadratic's one; rounded to whole units (a thousandth of an em) to keep the content streams short.
      const round = Math.round;
      ops.push({
        kind: 'c',
        x1: round(cx + (2 / 3) * (a - cx)),
        y1: round(cy + (2 / 3) * (b - cy)),
        x2: round(c + (2 / 3) * (a - c)),
        y2: round(d + (2 / 3) * (b - d)),
        x: c,
        y: d,
      });
      [cx, cy] = [c, d];
    } else if (command === 'bezierCurveTo') {
      ops.push({ kind: 'c', x1: a, y1: b, x2: c, y2: d, x: e, y: f });
      [cx, cy] = [e, f];
    }
  }
  return ops;
}

let outlineFont: OutlineFont | undefined;

/** The outline font, loaded once per process (about 30 ms). */
function chineseFont(): OutlineFont {
  outlineFont ??= new OutlineFont(
    FONT_FILES.map((file) => fontkit.create(woffToSfnt(fs.readFileSync(require.resolve(file))))),
  );
  return outlineFont;
}

/** Glyph content streams (font units, deflated), built once per process and shared by books. */
const glyphStreams = new Map<number, Uint8Array | null>();

/** The deflated form-XObject content of a glyph (its outline, filled); null for a blank one. */
function glyphStream(codePoint: number): Uint8Array | null {
  let stream = glyphStreams.get(codePoint);
  if (stream === undefined) {
    const { ops } = chineseFont().outline(codePoint);
    const parts = ops.map((op) =>
      op.kind === 'c'
        ? `${op.x1} ${op.y1} ${op.x2} ${op.y2} ${op.x} ${op.y} c`
        : `${op.x} ${op.y} ${op.kind}`,
    );
    stream = ops.length === 0 ? null : zlib.deflateSync(`${parts.join('\n')}\nh f`);
    glyphStreams.set(codePoint, stream);
  }
  return stream;
}

type Colour = ReturnType<typeof rgb>;

function hexColour(hex: string): Colour {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/**
 * What one book being written shares between its pages: its fonts, and each Chinese glyph as
 * one form XObject drawn wherever the character appears (a glyph costs its outline once per
 * file, however often it is used).
 */
export class BookWriter {
  private readonly glyphRefs = new Map<number, PDFRef | null>();
  private readonly names = new WeakMap<PDFPage, Map<PDFRef, PDFName>>();

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  /**
   * Draws `text` with its baseline starting at (x, y), `size` points high; answers its width
   * in points.
   */
  drawChinese(page: PDFPage, text: string, x: number, y: number, size: number, colour: Colour) {
    const font = chineseFont();
    const scale = size / font.unitsPerEm;
    const operators: PDFOperator[] = [
      pushGraphicsState(),
      setFillingRgbColor(colour.red, colour.green, colour.blue),
    ];
    let pen = 0;
    for (const char of text) {
      const codePoint = char.codePointAt(0) ?? 32;
      const ref = this.glyphRef(codePoint);
      if (ref) {
        operators.push(
          pushGraphicsState(),
          concatTransformationMatrix(scale, 0, 0, scale, round2(x + pen * scale), round2(y)),
          drawObject(this.nameOn(page, ref)),
          popGraphicsState(),
        );
      }
      pen += font.outline(codePoint).advance;
    }
    operators.push(popGraphicsState());
    page.pushOperators(...operators);
    return pen * scale;
  }

  /** Draws a body-text template (a form XObject of this file) over the whole page. */
  drawForm(page: PDFPage, ref: PDFRef) {
    page.pushOperators(pushGraphicsState(), drawObject(this.nameOn(page, ref)), popGraphicsState());
  }

  private glyphRef(codePoint: number): PDFRef | null {
    let ref = this.glyphRefs.get(codePoint);
    if (ref === undefined) {
      const stream = glyphStream(codePoint);
      const em = chineseFont().unitsPerEm;
      ref = stream
        ? this.doc.context.register(
            PDFRawStream.of(
              this.doc.context.obj({
                Type: 'XObject',
                Subtype: 'Form',
                BBox: [-em, -em, 2 * em, 2 * em],
                Filter: 'FlateDecode',
              }),
              stream,
            ),
          )
        : null;
      this.glyphRefs.set(codePoint, ref);
    }
    return ref;
  }

  private nameOn(page: PDFPage, ref: PDFRef): PDFName {
    let names = this.names.get(page);
    if (!names) {
      names = new Map();
      this.names.set(page, names);
    }
    let name = names.get(ref);
    if (!name) {
      name = page.node.newXObject('X', ref);
      names.set(ref, name);
    }
    return name;
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Splits `text` into lines no wider than `width` points at `size`. */
function wrapChinese(text: string, width: number, size: number): string[] {
  const font = chineseFont();
  const max = (width / size) * font.unitsPerEm;
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line !== '' && font.measure(line + char) > max) {
      lines.push(line);
      line = '';
    }
    line += char;
  }
  if (line !== '') lines.push(line);
  return lines;
}

export function chineseWidth(text: string, size: number): number {
  const font = chineseFont();
  return (font.measure(text) * size) / font.unitsPerEm;
}

// ---------------------------------------------------------------------------------------------
// Layout

const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.45, 0.48, 0.55);
const WHITE = rgb(1, 1, 1);

/** A number from the options, so equal options give equal choices. */
function seedOf(options: BookPdfOptions): number {
  return createHash('sha256').update(JSON.stringify(options)).digest().readUInt32BE(0);
}

function chapterLabel(n: number): string {
  const numeral =
    n <= 10
      ? CHINESE_NUMERALS[n - 1]
      : `${CHINESE_NUMERALS[Math.floor(n / 10) - 1] ?? ''}十${CHINESE_NUMERALS[(n % 10) - 1] ?? ''}`;
  return `第${numeral}章`;
}

/** The page each chapter starts on: spread evenly over the pages after the contents. */
function chapterStarts(pageCount: number, firstBodyPage: number): number[] {
  const bodyPages = pageCount - firstBodyPage + 1;
  if (bodyPages <= 0) return [];
  const count = Math.max(1, Math.min(10, Math.round(bodyPages / 12)));
  return Array.from({ length: count }, (_, i) =>
    Math.min(pageCount, firstBodyPage + Math.floor((i * bodyPages) / count)),
  );
}

/** The large "— 30 —" and the small "Page 30 of 100" at the foot of every page. */
function drawPageNumber(page: PDFPage, book: BookWriter, n: number, total: number) {
  const big = `\u2014 ${n} \u2014`;
  const bigSize = 26;
  page.drawText(big, {
    x: (PAGE_WIDTH - book.bold.widthOfTextAtSize(big, bigSize)) / 2,
    y: 46,
    size: bigSize,
    font: book.bold,
    color: INK,
  });
  const small = `Page ${n} of ${total}`;
  page.drawText(small, {
    x: (PAGE_WIDTH - book.regular.widthOfTextAtSize(small, 9)) / 2,
    y: 30,
    size: 9,
    font: book.regular,
    color: MUTED,
  });
}

function drawTitlePage(page: PDFPage, book: BookWriter, options: BookPdfOptions, accent: Colour) {
  const bandTop = PAGE_HEIGHT - 90;
  const lines = wrapChinese(options.title, PAGE_WIDTH - 2 * MARGIN, 30).slice(0, 4);
  const bandHeight = 70 + lines.length * 40;
  page.drawRectangle({
    x: 0,
    y: bandTop - bandHeight,
    width: PAGE_WIDTH,
    height: bandHeight,
    color: accent,
  });
  lines.forEach((line, i) => {
    book.drawChinese(page, line, MARGIN, bandTop - 55 - i * 40, 30, WHITE);
  });
  let y = bandTop - bandHeight - 50;
  book.drawChinese(page, `${options.author} 著`, MARGIN, y, 16, INK);
  y -= 14;
  page.drawRectangle({ x: MARGIN, y, width: 48, height: 3, color: accent });
  const publisherY = 130;
  const publisherWidth = chineseWidth(options.publisher, 15);
  book.drawChinese(page, options.publisher, (PAGE_WIDTH - publisherWidth) / 2, publisherY, 15, INK);
  if (options.publishedYear !== undefined) {
    const year = String(options.publishedYear);
    page.drawText(year, {
      x: (PAGE_WIDTH - book.regular.widthOfTextAtSize(year, 11)) / 2,
      y: publisherY - 22,
      size: 11,
      font: book.regular,
      color: MUTED,
    });
  }
}

function drawContentsPage(page: PDFPage, book: BookWriter, titles: string[], starts: number[]) {
  book.drawChinese(page, '目录', MARGIN, PAGE_HEIGHT - 90, 24, INK);
  titles.forEach((title, i) => {
    const y = PAGE_HEIGHT - 140 - i * 30;
    book.drawChinese(page, `${chapterLabel(i + 1)}  ${title}`, MARGIN, y, 13, INK);
    const at = String(starts[i]);
    page.drawText(at, {
      x: PAGE_WIDTH - MARGIN - book.regular.widthOfTextAtSize(at, 11),
      y,
      size: 11,
      font: book.regular,
      color: MUTED,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Body text templates

/** Body text variants shared by every book: full pages, then ones under a chapter heading. */
const FULL_BODIES = 4;
const CHAPTER_BODIES = 2;
const BODY_SIZE = 10.5;
const BODY_LEADING = 16;
const BODY_BOTTOM = 110;

function sentence(random: Random): string {
  const words = Array.from({ length: random.int(6, 14) }, () => random.pick(LATIN_WORDS));
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

let bodyTemplates: Promise<Uint8Array[]> | undefined;

/**
 * The deflated content streams of the body-text variants, built once per process: lines of
 * Latin text in Helvetica (resource name `/F1`) from `top` down to above the page number.
 * Books add them as form XObjects and draw them under their own headings and page numbers,
 * so each page's own content is a few operators: a 160-page book stays small and quick.
 */
function bodyTemplateStreams(): Promise<Uint8Array[]> {
  bodyTemplates ??= (async () => {
    // A scratch document only for Helvetica's metrics.
    const metrics = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const width = PAGE_WIDTH - 2 * MARGIN;
    const widths = new Map<string, number>();
    const widthOf = (word: string) => {
      let w = widths.get(word);
      if (w === undefined) {
        w = metrics.widthOfTextAtSize(word, BODY_SIZE);
        widths.set(word, w);
      }
      return w;
    };
    const space = widthOf(' ');
    const random = new Random(20_261_123);
    const streams: Uint8Array[] = [];
    for (let i = 0; i < FULL_BODIES + CHAPTER_BODIES; i += 1) {
      const lines: string[] = [];
      let y = i < FULL_BODIES ? PAGE_HEIGHT - 70 : PAGE_HEIGHT - 180;
      const show = (words: string[]) => {
        lines.push(`1 0 0 1 ${MARGIN} ${y} Tm (${words.join(' ')}) Tj`);
      };
      paragraphs: while (y > BODY_BOTTOM) {
        const words = Array.from({ length: random.int(2, 4) }, () => sentence(random))
          .join(' ')
          .split(' ');
        let line: string[] = [];
        let lineWidth = 0;
        for (const word of words) {
          const added = (line.length > 0 ? space : 0) + widthOf(word);
          if (line.length > 0 && lineWidth + added > width) {
            show(line);
            y -= BODY_LEADING;
            if (y <= BODY_BOTTOM) break paragraphs;
            line = [word];
            lineWidth = widthOf(word);
          } else {
            line.push(word);
            lineWidth += added;
          }
        }
        show(line);
        y -= BODY_LEADING + 8;
      }
      const ink = `${INK.red} ${INK.green} ${INK.blue} rg`;
      const content = `BT\n${ink}\n/F1 ${BODY_SIZE} Tf\n${lines.join('\n')}\nET`;
      streams.push(zlib.deflateSync(content));
    }
    return streams;
  })();
  return bodyTemplates;
}

/**
 * Replaces pdf-lib's own flate streams (page contents; it deflates them in JavaScript, the
 * slowest part of writing a file) with the same contents deflated by Node's zlib.
 */
function deflateNatively(doc: PDFDocument) {
  const flate = PDFName.of('FlateDecode');
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFFlateStream)) continue;
    if (object.dict.get(PDFName.of('Filter')) !== flate) continue;
    const contents = zlib.deflateSync(object.getUnencodedContents());
    doc.context.assign(ref, PDFRawStream.of(object.dict, contents));
  }
}

/**
 * A PDF of `pageCount` A5 pages: the title page (the title on a coloured band, the author and
 * publisher), a contents page (from 4 pages on), then chapters with Chinese headings and Latin
 * body text; every page carries "— n —" and "Page n of N". The same options give the same
 * bytes. Saved without object streams and with a classic cross-reference table, so pdf.js
 * reading it by HTTP ranges fetches the tail, then only the objects of the page it shows.
 */
export async function generateBookPdf(options: BookPdfOptions): Promise<Uint8Array> {
  const pageCount = Math.max(1, Math.floor(options.pageCount));
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(options.title);
  doc.setAuthor(options.author);
  doc.setProducer('portal demo generator');
  doc.setCreator(options.publisher);
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const book = new BookWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const hasContents = pageCount >= 4;
  const firstBodyPage = hasContents ? 3 : 2;
  const bodies =
    pageCount >= firstBodyPage
      ? (await bodyTemplateStreams()).map((stream) =>
          doc.context.register(
            PDFRawStream.of(
              doc.context.obj({
                Type: 'XObject',
                Subtype: 'Form',
                BBox: [0, 0, PAGE_WIDTH, PAGE_HEIGHT],
                Resources: { Font: { F1: book.regular.ref } },
                Filter: 'FlateDecode',
              }),
              stream,
            ),
          ),
        )
      : [];
  const offset = seedOf(options) % FULL_BODIES;
  const accent = hexColour(options.accent ?? '#1d4ed8');
  const starts = chapterStarts(pageCount, firstBodyPage);
  const pool =
    options.chapters && options.chapters.length > 0 ? options.chapters : DEFAULT_CHAPTERS;
  const titles = starts.map((_, i) => pool[i % pool.length] as string);

  for (let n = 1; n <= pageCount; n += 1) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    if (n === 1) {
      drawTitlePage(page, book, options, accent);
    } else if (n === 2 && hasContents) {
      drawContentsPage(page, book, titles, starts);
    } else {
      const chapter = starts.filter((start) => start <= n).length;
      const opensChapter = starts.includes(n);
      const body = opensChapter
        ? bodies[FULL_BODIES + (chapter % CHAPTER_BODIES)]
        : bodies[(n + offset) % FULL_BODIES];
      if (body) book.drawForm(page, body);
      if (opensChapter) {
        book.drawChinese(page, chapterLabel(chapter), MARGIN, PAGE_HEIGHT - 96, 14, accent);
        book.drawChinese(page, titles[chapter - 1] ?? '', MARGIN, PAGE_HEIGHT - 130, 24, INK);
      }
      page.drawText(`Chapter ${chapter}`, {
        x: MARGIN,
        y: PAGE_HEIGHT - 36,
        size: 8,
        font: book.regular,
        color: MUTED,
      });
    }
    drawPageNumber(page, book, n, pageCount);
  }
  await doc.flush();
  deflateNatively(doc);
  // Objects are written in creation order (page 1 first); no yielding between objects, since
  // callers generate many files and yielding only adds timer latency.
  return doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
}

// ---------------------------------------------------------------------------------------------
// Cache

/** Where generated PDFs are kept across runs of the seed (tests and e2e start many servers). */
export function pdfCacheDir(): string {
  const pdfLib = (require('pdf-lib/package.json') as { version: string }).version;
  return path.join(os.tmpdir(), `portal-pdf-cache-${LAYOUT_VERSION}-${pdfLib}`);
}

/** The cache file of the PDF these options make (named by a hash of the options). */
function cacheFile(options: BookPdfOptions): string {
  const key = createHash('sha256').update(JSON.stringify(options)).digest('hex').slice(0, 32);
  return path.join(pdfCacheDir(), `${key}.pdf`);
}

/**
 * The path of a file holding the PDF of `options`, generated on a cache miss. The file is
 * written under a temporary name and renamed, so concurrent processes never see half a file.
 */
export async function cachedBookPdf(options: BookPdfOptions): Promise<string> {
  const file = cacheFile(options);
  if (fs.existsSync(file)) return file;
  const bytes = await generateBookPdf(options);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temp, bytes);
  fs.renameSync(temp, file);
  return file;
}
