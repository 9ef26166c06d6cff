import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/tiptap/styles.css';
import { ColorSwatch, Input, Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import { Link, RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconHighlight, IconPhoto } from '@tabler/icons-react';
import Highlight from '@tiptap/extension-highlight';
import Image from '@tiptap/extension-image';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** docs/SPEC.md section 5: links only to http, https, mailto and tel. */
export const LINK_PATTERN = /^(https?:\/\/|mailto:|tel:)/i;
/** docs/SPEC.md section 5: images from http(s), or data: png, gif, jpeg, bmp, x-icon. */
export const IMAGE_PATTERN =
  /^(https?:\/\/\S+|data:image\/(png|gif|jpeg|bmp|x-icon);base64,[a-z0-9+/=]+)$/i;

const TEXT_COLORS = [
  '#25262b',
  '#868e96',
  '#c92a2a',
  '#a61e4d',
  '#862e9c',
  '#1864ab',
  '#0b7285',
  '#2b8a3e',
  '#e67700',
  '#8c5a2f',
];
const BACKGROUND_COLORS = [
  '#fff3bf',
  '#ffe8cc',
  '#ffe3e3',
  '#f3d9fa',
  '#d0ebff',
  '#d3f9d8',
  '#e9ecef',
  '#f0e4d7',
];

/** Background colour: a palette of light swatches (Highlight with multicolor) plus "none". */
function BackgroundColorControl() {
  const { editor } = useRichTextEditorContext();
  return (
    <Popover position="bottom" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <RichTextEditor.Control aria-label="Background colour" title="Background colour">
          <IconHighlight size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <SimpleGrid cols={4} spacing={6}>
          {BACKGROUND_COLORS.map((color) => (
            <UnstyledButton
              key={color}
              aria-label={`Background ${color}`}
              onClick={() => editor?.chain().focus().setHighlight({ color }).run()}
            >
              <ColorSwatch color={color} size={24} />
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <UnstyledButton
          mt="xs"
          fz="sm"
          onClick={() => editor?.chain().focus().unsetHighlight().run()}
        >
          No background
        </UnstyledButton>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Inserts an image from a web address (or a data: image of an allowed type). */
function ImageControl() {
  const { editor } = useRichTextEditorContext();
  return (
    <RichTextEditor.Control
      aria-label="Insert image"
      title="Insert image"
      onClick={() => {
        const src = window.prompt('Image URL (http, https or a data: image)')?.trim();
        if (!src) return;
        if (!IMAGE_PATTERN.test(src)) {
          window.alert(
            'Images must start with http://, https:// or be a PNG, GIF, JPEG, BMP or ICO data: image.',
          );
          return;
        }
        editor?.chain().focus().setImage({ src, alt: '' }).run();
      }}
    >
      <IconPhoto size={16} stroke={1.5} aria-hidden />
    </RichTextEditor.Control>
  );
}

export interface RichTextFieldProps {
  label: string;
  description?: string;
  /** HTML; '' for empty. */
  value: string;
  onChange: (html: string) => void;
}

/**
 * The shop description editor (Tiptap through @mantine/tiptap), loaded only with the admin
 * businesses dialog. What it produces is sanitized again on the server (docs/RULES.md rule 9).
 */
export default function RichTextField({ label, description, value, onChange }: RichTextFieldProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({
        openOnClick: false,
        autolink: false,
        protocols: ['http', 'https', 'mailto', 'tel'],
        isAllowedUri: (url) => LINK_PATTERN.test(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
      TextStyle,
      Color,
      Highlight.configure({ multicolor: true }),
      Image.configure({ allowBase64: true }),
    ],
    content: value,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <Input.Wrapper label={label} description={description} labelElement="div">
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.ColorPicker colors={TEXT_COLORS} />
            <BackgroundColorControl />
            <RichTextEditor.UnsetColor />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <ImageControl />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content h={300} style={{ overflowY: 'auto' }} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
