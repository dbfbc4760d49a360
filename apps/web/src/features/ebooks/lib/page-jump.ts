export type PageJump = { ok: true; page: number } | { ok: false; message: string };

/**
 * Checks what a learner typed into the page-jump box: a whole number from 1 to the page count
 * (full-width digits, as a Chinese keyboard may type them, are read as digits). Answers the page
 * or a message in Chinese saying what is wrong.
 */
export function parsePageJump(input: string, pageCount: number): PageJump {
  const text = input
    .trim()
    .replace(/[\uff10-\uff19]/g, (digit) => String(digit.charCodeAt(0) - 0xff10));
  const range = `请输入 1 到 ${pageCount} 之间的页码`;
  if (text === '') return { ok: false, message: range };
  if (!/^\d+$/.test(text)) return { ok: false, message: `页码只能是数字，${range}` };
  const page = Number(text);
  if (page < 1 || page > pageCount) return { ok: false, message: `没有这一页，${range}` };
  return { ok: true, page };
}
