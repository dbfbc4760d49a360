import { LRUCache } from 'lru-cache';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { BookWriter, chineseWidth } from '../../seed/pdf.ts';

/** What a certificate states. */
export interface CertificateContent {
  holder: string;
  /** 课程 or 班级. */
  subjectLabel: string;
  title: string;
  hours: number;
  /** `2026年11月26日`. */
  date: string;
  siteName: string;
  code: string;
}

/** A5 landscape, in points. */
const WIDTH = 595;
const HEIGHT = 420;
const GOLD = rgb(0.72, 0.55, 0.2);
const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.4, 0.43, 0.5);

/** Cuts a title so one line of the certificate holds it. */
function fit(text: string, size: number, width: number): string {
  if (chineseWidth(text, size) <= width) return text;
  let cut = [...text];
  while (cut.length > 1 && chineseWidth(`${cut.join('')}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.join('')}…`;
}

/**
 * Certificates drawn lately, by all they state (16 MB at most; one is about 20 KB): the same
 * certificate downloaded again (a second tap, a retry over a weak link) is not drawn again
 * (about 3 ms of CPU each). A changed holder's name or title is another key, so another PDF.
 */
const drawn = new LRUCache<string, Uint8Array>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (bytes) => Math.max(bytes.byteLength, 1),
});

/** The certificate as a one-page PDF ({@link drawCertificate}), drawn once while kept. */
export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const key = JSON.stringify([
    content.holder,
    content.subjectLabel,
    content.title,
    content.hours,
    content.date,
    content.siteName,
    content.code,
  ]);
  const kept = drawn.get(key);
  if (kept) return kept;
  const bytes = await drawCertificate(content);
  drawn.set(key, bytes);
  return bytes;
}

/**
 * The certificate as a one-page PDF: Chinese drawn as outlines of the bundled font (as the
 * demo books are), the verification code also as text. The holder, subject and code are in
 * the document's metadata too, so a program reading the file finds them.
 */
async function drawCertificate(content: CertificateContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`结业证书：${content.title}`);
  doc.setSubject(`${content.holder} 完成${content.subjectLabel}「${content.title}」`);
  doc.setAuthor(content.siteName);
  doc.setKeywords([content.code]);
  doc.setProducer('portal certificates');
  const writer = new BookWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const page = doc.addPage([WIDTH, HEIGHT]);
  page.drawRectangle({
    x: 16,
    y: 16,
    width: WIDTH - 32,
    height: HEIGHT - 32,
    borderColor: GOLD,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 24,
    y: 24,
    width: WIDTH - 48,
    height: HEIGHT - 48,
    borderColor: GOLD,
    borderWidth: 0.8,
  });
  const centre = (text: string, y: number, size: number, colour = INK) =>
    writer.drawChinese(page, text, (WIDTH - chineseWidth(text, size)) / 2, y, size, colour);

  centre('结业证书', HEIGHT - 92, 34, GOLD);
  centre(content.holder, HEIGHT - 160, 26);
  page.drawRectangle({ x: WIDTH / 2 - 90, y: HEIGHT - 170, width: 180, height: 1, color: MUTED });
  centre(`完成了${content.subjectLabel}的全部学习`, HEIGHT - 205, 15, MUTED);
  centre(fit(`「${content.title}」`, 20, WIDTH - 120), HEIGHT - 240, 20);
  centre(`学时 ${content.hours} 小时 · ${content.date}`, HEIGHT - 275, 14, MUTED);
  centre(`特发此证 · ${content.siteName}`, HEIGHT - 310, 14);
  writer.drawChinese(page, '验证码', 48, 52, 11, MUTED);
  page.drawText(content.code, { x: 84, y: 52, size: 11, font: writer.bold, color: INK });
  const hint = '可在学习网证书验证页核验真伪';
  writer.drawChinese(page, hint, WIDTH - 48 - chineseWidth(hint, 10), 52, 10, MUTED);
  return doc.save();
}
