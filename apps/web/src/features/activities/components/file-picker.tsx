import type { AttachmentRule } from '@portal/contract';
import { type ChangeEvent, useEffect, useState } from 'react';
import { LineIcon } from '@/ui/line-icon.tsx';
import { acceptAttribute, formatBytes, isImage, ruleText } from './file-check.ts';

/** A picked file with a stable key for the list. */
export interface PickedFile {
  key: string;
  file: File;
}

/** An image's preview from an object URL, made on mount and revoked on unmount. */
function ImagePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? (
    <img className="picked-thumb" src={url} alt={file.name} width={72} height={72} />
  ) : (
    <span className="picked-thumb" aria-hidden="true" />
  );
}

/**
 * The files of a special activity's signup: a large 选择文件 button (the file input itself,
 * transparent over it, so it is one real control), the picked files as image thumbnails or
 * PDF chips with name and size, each removable, and the messages of the last pick.
 */
export function FilePicker({
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
  const full = files.length >= rule.maxCount;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared, so picking the same file again (after removing it) fires a change.
    event.target.value = '';
    if (picked.length > 0) onPick(picked);
  };
  const messages = [...errors, ...(error ? [error] : [])];
  return (
    <fieldset
      className="signup-field file-field"
      aria-invalid={messages.length > 0}
      aria-describedby="file-rule file-errors"
    >
      <legend>
        {rule.label}
        {rule.required ? <span className="required">（必填）</span> : null}
      </legend>
      <p id="file-rule" className="signup-hint file-rule">
        {ruleText(rule)}
      </p>
      {files.length > 0 ? (
        <ul className="picked-files" aria-label="已选择的文件">
          {files.map(({ key, file }) => (
            <li key={key} className="picked-file">
              {isImage(file) ? (
                <ImagePreview file={file} />
              ) : (
                <span className="file-chip-icon" aria-hidden="true">
                  PDF
                </span>
              )}
              <span className="file-chip-text">
                <span className="file-chip-name">{file.name}</span>
                <span className="file-chip-size">{formatBytes(file.size)}</span>
              </span>
              <button
                type="button"
                className="text-button picked-remove"
                onClick={() => onRemove(key)}
                aria-label={`删除：${file.name}`}
              >
                删除
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="signup-hint">已选满 {rule.maxCount} 个文件，如需更换请先删除。</p>
      ) : (
        <label className="file-pick">
          <LineIcon d="M12 5v14M5 12h14" strokeWidth={2.2} />
          {files.length > 0 ? '继续添加' : '选择文件'}（{files.length}/{rule.maxCount}）
          <input
            type="file"
            name="files"
            accept={acceptAttribute(rule)}
            multiple={rule.maxCount - files.length > 1}
            onChange={handleChange}
          />
        </label>
      )}
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
