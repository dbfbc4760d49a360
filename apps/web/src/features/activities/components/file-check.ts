import type { AttachmentRule } from '@portal/contract';
import { formatBytes, mimeOf } from '@/lib/files.ts';

const LABELS: Record<string, string> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** The accepted types in words: 图片（JPG、PNG）或 PDF. */
export function acceptText(accept: readonly string[]): string {
  const images = accept.filter((type) => type.startsWith('image/')).map((t) => LABELS[t] ?? t);
  const parts = images.length > 0 ? [`图片（${images.join('、')}）`] : [];
  if (accept.includes('application/pdf')) parts.push('PDF');
  return parts.join('或');
}

/** The `accept` attribute of the file input. */
export const acceptAttribute = (rule: AttachmentRule) =>
  rule.accept.length > 0 ? rule.accept.join(',') : 'image/*,application/pdf';

/** What a pick adds: the files that may join the ones already picked, and why others may not. */
export interface PickResult {
  accepted: File[];
  errors: string[];
}

/**
 * Checks newly picked files against the rule, before anything is sent: the type (by the
 * file's type or name ending), the size of each, and the count with the ones already picked.
 * The server checks the content again.
 */
export function pickFiles(
  current: readonly File[],
  incoming: readonly File[],
  rule: AttachmentRule,
): PickResult {
  const accepted: File[] = [];
  const errors: string[] = [];
  let room = rule.maxCount - current.length;
  for (const file of incoming) {
    if (rule.accept.length > 0 && !rule.accept.includes(mimeOf(file))) {
      errors.push(`“${file.name}”的格式不支持，请选择${acceptText(rule.accept)}`);
    } else if (file.size > rule.maxBytes) {
      errors.push(`“${file.name}”超过 ${formatBytes(rule.maxBytes)}，请换一个小一些的文件`);
    } else if (file.size === 0) {
      errors.push(`“${file.name}”是空文件，请重新选择`);
    } else if (room <= 0) {
      errors.push(`最多上传 ${rule.maxCount} 个文件，“${file.name}”未添加`);
    } else {
      accepted.push(file);
      room -= 1;
    }
  }
  return { accepted, errors };
}

/** What is wrong with the picked files at submit (a required rule with none), or null. */
export function attachmentsError(files: readonly File[], rule: AttachmentRule): string | null {
  if (rule.required && files.length === 0) return `请上传${rule.label}`;
  if (files.length > rule.maxCount) return `最多上传 ${rule.maxCount} 个文件`;
  return null;
}

/** The rule in one sentence, e.g. 必须上传，最多 3 个，每个不超过 5 MB，支持图片（JPG、PNG）或 PDF. */
export function ruleText(rule: AttachmentRule): string {
  return [
    rule.required ? '必须上传' : '选填',
    `最多 ${rule.maxCount} 个`,
    `每个不超过 ${formatBytes(rule.maxBytes)}`,
    rule.accept.length > 0 ? `支持${acceptText(rule.accept)}` : '',
  ]
    .filter(Boolean)
    .join('，');
}
