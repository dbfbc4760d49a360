import type { AttachmentRule } from '@portal/contract';
import { FilePicker, type PickedFile } from '@/ui/file-picker.tsx';
import { acceptAttribute, ruleText } from './file-check.ts';

/**
 * The files of a special activity's signup, as one field of its form: the rule in words, the
 * picked files (image thumbnails or PDF chips with name and size, each removable), the big
 * 选择文件 button, and the messages of the last pick and of the submit.
 */
export function AttachmentField({
  rule,
  files,
  errors,
  error,
  onPick,
  onRemove,
}: {
  rule: AttachmentRule;
  files: readonly PickedFile[];
  /** Why some of the last picked files were not added. */
  errors: readonly string[];
  /** What is wrong with the files at submit. */
  error: string | null;
  onPick: (files: File[]) => void;
  onRemove: (key: string) => void;
}) {
  const messages = [...errors, ...(error ? [error] : [])];
  return (
    <fieldset
      className="signup-field"
      aria-invalid={messages.length > 0}
      aria-describedby="file-rule file-errors"
    >
      <legend>
        {rule.label}
        {rule.required ? <span className="required">（必填）</span> : null}
      </legend>
      <p id="file-rule" className="signup-hint">
        {ruleText(rule)}
      </p>
      <FilePicker
        files={files}
        max={rule.maxCount}
        accept={acceptAttribute(rule)}
        onPick={onPick}
        onRemove={onRemove}
        label="已选择的文件"
        pickText={files.length > 0 ? '继续添加' : '选择文件'}
        removeLabel={(file) => `删除：${file.name}`}
        full={<p className="signup-hint">已选满 {rule.maxCount} 个文件，如需更换请先删除。</p>}
      />
      <div id="file-errors" role="alert">
        {messages.map((message) => (
          <p key={message} className="signup-error">
            {message}
          </p>
        ))}
      </div>
    </fieldset>
  );
}
