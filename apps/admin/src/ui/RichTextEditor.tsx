import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Space, Tooltip, Upload } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { uploadImage } from '@/api/uploads.ts';
import './rich-text.css';

interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
}

/** A toolbar button: an icon, or a short text (its name then starts with that text). */
function ToolButton({
  title,
  icon,
  active,
  onClick,
  text,
}: {
  title: string;
  icon?: ReactNode;
  active?: boolean;
  onClick?: () => void;
  text?: string;
}) {
  return (
    <Tooltip title={title}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={text ? `${text} ${title}` : title}
        aria-pressed={active}
        onClick={onClick}
      >
        {text}
      </Button>
    </Tooltip>
  );
}

/**
 * The article body's editor (Tiptap): paragraphs, headings, bold and italic, lists, quotes,
 * links and images uploaded to the site's file store. It writes HTML; the server keeps only
 * what its sanitizer allows, and the form shows what was kept after saving.
 */
export function RichTextEditor({ id, value, onChange, label }: RichTextEditorProps) {
  const { message } = App.useApp();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      Image.configure({ inline: false }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        class: 'rich-text-area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      quote: current?.isActive('blockquote') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  // A value set from outside (the article loaded, or another version taken) replaces the text.
  useEffect(() => {
    if (!editor || value === undefined) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt('链接地址（http:// 或 https:// 开头）', previous ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  return (
    <div className="rich-text">
      <div className="rich-text-toolbar" role="toolbar" aria-label="正文格式">
        <Space size={2} wrap>
          <ToolButton title="撤销" icon={<UndoOutlined />} onClick={() => chain().undo().run()} />
          <ToolButton title="重做" icon={<RedoOutlined />} onClick={() => chain().redo().run()} />
          <Divider orientation="vertical" />
          <ToolButton
            title="二级标题"
            active={state?.h2}
            onClick={() => chain().toggleHeading({ level: 2 }).run()}
            text="H2"
          />
          <ToolButton
            title="三级标题"
            active={state?.h3}
            onClick={() => chain().toggleHeading({ level: 3 }).run()}
            text="H3"
          />
          <ToolButton
            title="加粗"
            icon={<BoldOutlined />}
            active={state?.bold}
            onClick={() => chain().toggleBold().run()}
          />
          <ToolButton
            title="斜体"
            icon={<ItalicOutlined />}
            active={state?.italic}
            onClick={() => chain().toggleItalic().run()}
          />
          <ToolButton
            title="无序列表"
            icon={<UnorderedListOutlined />}
            active={state?.bullet}
            onClick={() => chain().toggleBulletList().run()}
          />
          <ToolButton
            title="有序列表"
            icon={<OrderedListOutlined />}
            active={state?.ordered}
            onClick={() => chain().toggleOrderedList().run()}
          />
          <ToolButton
            title="引用"
            active={state?.quote}
            onClick={() => chain().toggleBlockquote().run()}
            text="“”"
          />
          <ToolButton title="链接" icon={<LinkOutlined />} active={state?.link} onClick={setLink} />
          <Upload
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              uploadImage(file as File)
                .then((uploaded) => {
                  chain().setImage({ src: uploaded.url, alt: '' }).run();
                  onSuccess?.(uploaded);
                })
                .catch((error: Error) => {
                  message.error(error.message);
                  onError?.(error);
                });
            }}
          >
            <ToolButton title="插入图片" icon={<PictureOutlined />} />
          </Upload>
        </Space>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
