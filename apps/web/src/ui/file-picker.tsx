import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { formatBytes, IMAGE_TYPES, isImage } from '@/lib/files.ts';
import { LineIcon } from './line-icon.tsx';
import './file-picker.css';
import './image-grid.css';

/** A picked file with a stable key for the list. */
export interface PickedFile {
  key: string;
  file: File;
}

/** What a pick may add: the files that join the ones already picked, and why others may not. */
export interface PickCheck {
  accepted: File[];
  problems: string[];
}

/**
 * The files picked so far and the problems of the last pick. `check` decides which newly picked
 * files may join the `current` ones (type, size, count); `add` answers how many joined.
 */
export function usePickedFiles(
  check: (current: readonly File[], incoming: readonly File[]) => PickCheck,
) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextKey = useRef(0);
  const add = (incoming: File[]): number => {
    const { accepted, problems: found } = check(
      files.map((picked) => picked.file),
      incoming,
    );
    setFiles((current) => [
      ...current,
      ...accepted.map((file) => {
        nextKey.current += 1;
        return { key: `file-${nextKey.current}`, file };
      }),
    ]);
    setProblems(found);
    return accepted.length;
  };
  const remove = (key: string) => {
    setFiles((current) => current.filter((picked) => picked.key !== key));
    setProblems([]);
  };
  const reset = () => {
    setFiles([]);
    setProblems([]);
  };
  return { files, problems, add, remove, reset };
}

/**
 * One picture picked to be uploaded at once (an avatar): one over `maxBytes` is refused with a
 * `problem` to show, any other goes to `upload`. `input` goes on the `<input>` of the picker.
 */
export function useImageUpload(maxBytes: number, upload: (file: File) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so picking the same picture again fires a change.
    event.target.value = '';
    if (!file) return;
    if (file.size > maxBytes) {
      setProblem(`图片不能超过 ${maxBytes / 1024 / 1024} MB`);
      return;
    }
    setProblem(null);
    upload(file);
  };
  return { problem, input: { type: 'file', accept: IMAGE_TYPES, onChange } } as const;
}

/** A picture's preview from an object URL, made on mount and revoked on unmount. */
function FilePreview({ file, className }: { file: File; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? (
    <img className={className} src={url} alt={file.name} width={72} height={72} />
  ) : (
    <span className={className} aria-hidden="true" />
  );
}

/** A file's type as a small coloured square (PDF), where a picture would show itself. */
export function FileType({ label = 'PDF' }: { label?: string }) {
  return (
    <span className="file-type" aria-hidden="true">
      {label}
    </span>
  );
}

/** A file's name and, under it, its size (or how it is doing: 加载中…). */
export function FileChipText({ name, note }: { name: string; note: ReactNode }) {
  return (
    <span className="file-chip-text">
      <span className="file-chip-name">{name}</span>
      <span className="file-chip-size">{note}</span>
    </span>
  );
}

const PLUS = 'M12 5v14M5 12h14';

/**
 * Files to send with a form, each removable, and the button that picks more (`pickText`, with
 * how many of `max`) until `max` are picked. `layout="list"`: each file a chip with its
 * thumbnail (or type), name and size, the big dashed button under them (`full` in its place once
 * full). `layout="grid"`: pictures as tiles with a × each, the 添加图片 tile last. `label` names
 * the list and `removeLabel` each remove button for screen readers.
 */
export function FilePicker({
  files,
  max,
  accept,
  onPick,
  onRemove,
  layout = 'list',
  label,
  pickText,
  removeLabel,
  full,
}: {
  files: readonly PickedFile[];
  max: number;
  /** The input's `accept`: the MIME types it offers. */
  accept: string;
  onPick: (files: File[]) => void;
  onRemove: (key: string) => void;
  layout?: 'list' | 'grid';
  label: string;
  pickText: string;
  removeLabel: (file: File, index: number) => string;
  /** What the list layout shows instead of the button once `max` files are picked. */
  full?: ReactNode;
}) {
  const room = max - files.length;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared, so picking the same file again (after removing it) fires a change.
    event.target.value = '';
    if (picked.length > 0) onPick(picked);
  };
  if (layout === 'grid') {
    return (
      <ul className="image-grid file-grid" aria-label={label}>
        {files.map(({ key, file }, index) => (
          <li key={key}>
            <FilePreview file={file} />
            <button
              type="button"
              className="file-tile-remove"
              onClick={() => onRemove(key)}
              aria-label={removeLabel(file, index)}
            >
              <LineIcon d="M6 6l12 12M18 6 6 18" strokeWidth={2.4} size={16} />
            </button>
          </li>
        ))}
        {room > 0 ? (
          <li>
            <label className="file-pick tile">
              <LineIcon d={PLUS} strokeWidth={2.2} />
              <span>{pickText}</span>
              <span className="file-pick-count">
                {files.length}/{max}
              </span>
              <input
                type="file"
                name="files"
                accept={accept}
                multiple={room > 1}
                aria-label={pickText}
                onChange={handleChange}
              />
            </label>
          </li>
        ) : null}
      </ul>
    );
  }
  return (
    <>
      {files.length > 0 ? (
        <ul className="file-list" aria-label={label}>
          {files.map(({ key, file }, index) => (
            <li key={key} className="file-chip">
              {isImage(file) ? <FilePreview file={file} className="file-thumb" /> : <FileType />}
              <FileChipText name={file.name} note={formatBytes(file.size)} />
              <button
                type="button"
                className="text-button file-remove"
                onClick={() => onRemove(key)}
                aria-label={removeLabel(file, index)}
              >
                删除
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <label className="file-pick">
          <LineIcon d={PLUS} strokeWidth={2.2} />
          {pickText}（{files.length}/{max}）
          <input
            type="file"
            name="files"
            accept={accept}
            multiple={room > 1}
            onChange={handleChange}
          />
        </label>
      ) : (
        full
      )}
    </>
  );
}
