import { describe, expect, it } from 'vitest';
import { checkPickedImages } from './team-work-image-check.ts';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('checkPickedImages', () => {
  it('takes pictures up to the limit and names each file it leaves out', () => {
    const picked = [
      file('a.jpg', 'image/jpeg'),
      file('b.pdf', 'application/pdf'),
      file('c.png', 'image/png', 0),
      file('d.webp', 'image/webp'),
      file('e.png', 'image/png'),
    ];
    const { accepted, problems } = checkPickedImages(picked, 7);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'd.webp']);
    expect(problems).toEqual([
      '「b.pdf」不是图片，只能上传 JPG、PNG 或 WebP 图片',
      '「c.png」是空文件',
      '图片最多上传 9 张，「e.png」没有加入',
    ]);
  });

  it('refuses a picture over 8 MB', () => {
    const big = file('big.jpg', 'image/jpeg', 8 * 1024 * 1024 + 1);
    expect(checkPickedImages([big], 0).problems).toEqual([
      '「big.jpg」超过 8 MB，请换一张较小的图片',
    ]);
  });
});
