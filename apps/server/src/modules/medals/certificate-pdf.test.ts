import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type CertificateContent, certificatePdf } from './certificate-pdf.ts';

const content: CertificateContent = {
  holder: '王秀兰',
  subjectLabel: '课程',
  title: '智能手机入门',
  hours: 2.5,
  date: '2026年11月26日',
  siteName: '静安区学习网',
  code: 'CERT-TEST-0001',
};

const subjectOf = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getSubject();

describe('certificatePdf', () => {
  it('draws a certificate once and hands the same file to a second download', async () => {
    const first = await certificatePdf(content);
    expect(await subjectOf(first)).toBe('王秀兰 完成课程「智能手机入门」');
    expect(await certificatePdf({ ...content })).toBe(first);
  });

  it('draws anew when anything it states has changed', async () => {
    const first = await certificatePdf(content);
    const renamed = await certificatePdf({ ...content, holder: '王秀英' });
    expect(renamed).not.toBe(first);
    expect(await subjectOf(renamed)).toBe('王秀英 完成课程「智能手机入门」');
    expect(await certificatePdf({ ...content, hours: 3 })).not.toBe(first);
  });
});
