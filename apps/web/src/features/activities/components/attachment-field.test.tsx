import type { AttachmentRule } from '@portal/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PickedFile } from '@/ui/file-picker.tsx';
import { AttachmentField } from './attachment-field.tsx';
import { pickFiles } from './file-check.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const rule: AttachmentRule = {
  label: '作品照片',
  required: true,
  maxCount: 2,
  maxBytes: 1024,
  accept: ['image/png', 'application/pdf'],
};

/** The picker as the signup page uses it: pickFiles decides, the list keeps the files. */
function Harness() {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <AttachmentField
      rule={rule}
      files={files}
      errors={errors}
      error={null}
      onPick={(incoming) => {
        const result = pickFiles(
          files.map((entry) => entry.file),
          incoming,
          rule,
        );
        setFiles((current) => [
          ...current,
          ...result.accepted.map((file) => ({ key: file.name, file })),
        ]);
        setErrors(result.errors);
      }}
      onRemove={(key) => setFiles((current) => current.filter((entry) => entry.key !== key))}
    />
  );
}

const pick = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText(/选择文件|继续添加/), { target: { files } });

describe('the file picker of a special activity', () => {
  it('previews an image, shows a PDF as a chip with its size, and removes a file', () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    render(<Harness />);
    expect(
      screen.getByText('必须上传，最多 2 个，每个不超过 1 KB，支持图片（PNG）或PDF'),
    ).toBeTruthy();

    pick(
      new File(['png'], 'photo.png', { type: 'image/png' }),
      new File(['%PDF'], 'form.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByRole('img', { name: 'photo.png' }).getAttribute('src')).toBe('blob:preview');
    expect(created).toHaveBeenCalledTimes(1);
    expect(screen.getByText('form.pdf')).toBeTruthy();
    expect(screen.getByText('4 B')).toBeTruthy();
    // Full: no more picking.
    expect(screen.queryByLabelText(/选择文件|继续添加/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '删除：photo.png' }));
    expect(screen.queryByRole('img', { name: 'photo.png' })).toBeNull();
    expect(revoked).toHaveBeenCalledWith('blob:preview');
  });

  it('says why a file was not added', () => {
    render(<Harness />);
    pick(new File(['gif'], 'anim.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toContain('“anim.gif”的格式不支持');
  });
});
