import type { AttachmentRule } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { acceptText, attachmentsError, pickFiles, ruleText } from './file-check.ts';

const MB = 1024 * 1024;

const rule: AttachmentRule = {
  label: '作品照片',
  required: true,
  maxCount: 2,
  maxBytes: 5 * MB,
  accept: ['image/jpeg', 'image/png', 'application/pdf'],
};

const file = (name: string, size: number, type: string) =>
  new File([new Uint8Array(size)], name, { type });

describe('picking the files of a special activity', () => {
  it('adds files of an accepted type and size', () => {
    const photo = file('photo.png', 1000, 'image/png');
    const form = file('form.pdf', 2000, 'application/pdf');
    expect(pickFiles([], [photo, form], rule)).toEqual({ accepted: [photo, form], errors: [] });
  });

  it('refuses a type the rule does not accept, naming the file', () => {
    const gif = file('anim.gif', 10, 'image/gif');
    const { accepted, errors } = pickFiles([], [gif], rule);
    expect(accepted).toEqual([]);
    expect(errors).toEqual(['“anim.gif”的格式不支持，请选择图片（JPG、PNG）或PDF']);
  });

  it('refuses a file over the size limit', () => {
    const big = file('big.jpg', 5 * MB + 1, 'image/jpeg');
    expect(pickFiles([], [big], rule).errors).toEqual(['“big.jpg”超过 5 MB，请换一个小一些的文件']);
  });

  it('refuses an empty file', () => {
    expect(pickFiles([], [file('none.png', 0, 'image/png')], rule).errors[0]).toContain('空文件');
  });

  it('stops at the count, with the files already picked', () => {
    const one = file('1.png', 10, 'image/png');
    const two = file('2.png', 10, 'image/png');
    const three = file('3.png', 10, 'image/png');
    const { accepted, errors } = pickFiles([one], [two, three], rule);
    expect(accepted).toEqual([two]);
    expect(errors).toEqual(['最多上传 2 个文件，“3.png”未添加']);
  });

  it('reads the type from the name when the phone gives none', () => {
    expect(pickFiles([], [file('scan.jpeg', 10, '')], rule).accepted).toHaveLength(1);
  });
});

describe('checking the files at submit', () => {
  it('asks for a required file', () => {
    expect(attachmentsError([], rule)).toBe('请上传作品照片');
    expect(attachmentsError([], { ...rule, required: false })).toBeNull();
    expect(attachmentsError([file('a.png', 1, 'image/png')], rule)).toBeNull();
  });
});

describe('the words of a rule', () => {
  it('names the accepted types and the limits', () => {
    expect(acceptText(['image/webp', 'application/pdf'])).toBe('图片（WebP）或PDF');
    expect(ruleText(rule)).toBe('必须上传，最多 2 个，每个不超过 5 MB，支持图片（JPG、PNG）或PDF');
  });
});
