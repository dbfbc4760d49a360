import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { ok, renderWithClient } from '@/testing/fake-network.tsx';
import { TeamWorkCompose } from './team-work-compose.tsx';

beforeAll(() => {
  useAntdRender();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

afterEach(async () => {
  cleanup();
  await clearAntd();
  vi.unstubAllGlobals();
});

/** Stubs `fetch` with `replies` in turn; answers the multipart bodies it received. */
function fakeUploads(...replies: object[]) {
  const forms: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      forms.push(await input.formData());
      return new Response(JSON.stringify(replies.shift() ?? ok(null)), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return forms;
}

const png = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });

describe('TeamWorkCompose', () => {
  it('asks for text or a picture, names a file it leaves out, and shows the server’s refusal', async () => {
    const forms = fakeUploads({ code: 403, message: '只有团队成员可以进行此操作', data: null });
    const onPosted = vi.fn();
    renderWithClient(<TeamWorkCompose teamId={5} visible onClose={() => {}} onPosted={onPosted} />);
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    await screen.findByText('请填写作品内容或添加图片');
    expect(forms).toHaveLength(0);

    const pdf = new File([new Uint8Array(8)], '说明.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('添加图片'), {
      target: { files: [png('一.png'), pdf, png('two.png')] },
    });
    await screen.findByRole('list', { name: '已选图片 2 张' });
    expect(screen.getByText('「说明.pdf」不是图片，只能上传 JPG、PNG 或 WebP 图片')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '移除第 1 张图片：一.png' }));
    await screen.findByRole('list', { name: '已选图片 1 张' });

    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    await screen.findByText('只有团队成员可以进行此操作');
    expect(onPosted).not.toHaveBeenCalled();
    const [form] = forms;
    expect(form?.get('teamId')).toBe('5');
    expect(form?.getAll('files').map((file) => (file as File).name)).toEqual(['two.png']);
  });

  it('posts the text and pictures in order and hands over the new work', async () => {
    const forms = fakeUploads(ok({ id: 42 }));
    const onPosted = vi.fn();
    const onClose = vi.fn();
    renderWithClient(<TeamWorkCompose teamId={7} visible onClose={onClose} onPosted={onPosted} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '周末练字' } });
    fireEvent.change(screen.getByLabelText('添加图片'), {
      target: { files: [png('a.png'), png('b.png')] },
    });
    await screen.findByRole('list', { name: '已选图片 2 张' });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith({ id: 42 }));
    expect(onClose).toHaveBeenCalled();
    expect(forms[0]?.get('content')).toBe('周末练字');
    expect(forms[0]?.getAll('files').map((file) => (file as File).name)).toEqual([
      'a.png',
      'b.png',
    ]);
  });
});
