import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/tiptap/styles.css';
import { ColorSwatch, Input, Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import {
  Link,
  RichTextEditor,
  useRichTextEditorContext,
  type RichTextEditorLabels,
} from '@mantine/tiptap';
import { IconHighlight, IconPhoto } from '@tabler/icons-react';
import Highlight from '@tiptap/extension-highlight';
import Image from '@tiptap/extension-image';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { defineMessages, type IntlShape } from 'react-intl';
import { useMessages } from '#client/i18n/language.tsx';

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

const editorWords = defineMessages({
  link: { id: 'richText.link', defaultMessage: 'Link' },
  colorPicker: { id: 'richText.colorPicker', defaultMessage: 'Text color' },
  bold: { id: 'richText.bold', defaultMessage: 'Bold' },
  italic: { id: 'richText.italic', defaultMessage: 'Italic' },
  underline: { id: 'richText.underline', defaultMessage: 'Underline' },
  strike: { id: 'richText.strike', defaultMessage: 'Strikethrough' },
  clearFormatting: { id: 'richText.clearFormatting', defaultMessage: 'Clear formatting' },
  unlink: { id: 'richText.unlink', defaultMessage: 'Remove link' },
  bulletList: { id: 'richText.bulletList', defaultMessage: 'Bullet list' },
  orderedList: { id: 'richText.orderedList', defaultMessage: 'Ordered list' },
  h2: { id: 'richText.h2', defaultMessage: 'Heading 2' },
  h3: { id: 'richText.h3', defaultMessage: 'Heading 3' },
  unsetColor: { id: 'richText.unsetColor', defaultMessage: 'Unset color' },
  linkUrl: { id: 'richText.linkUrl', defaultMessage: 'Enter URL' },
  linkNewTab: { id: 'richText.linkNewTab', defaultMessage: 'Open link in a new tab' },
  linkSameTab: { id: 'richText.linkSameTab', defaultMessage: 'Open link in the same tab' },
  linkSave: { id: 'richText.linkSave', defaultMessage: 'Save' },
  colorCancel: { id: 'richText.colorCancel', defaultMessage: 'Cancel' },
  colorClear: { id: 'richText.colorClear', defaultMessage: 'Clear color' },
  colorPickerName: { id: 'richText.colorPickerName', defaultMessage: 'Color picker' },
  colorPalette: { id: 'richText.colorPalette', defaultMessage: 'Color palette' },
  colorSave: { id: 'richText.colorSave', defaultMessage: 'Save' },
});

/** The editor's control labels in the page's language (@mantine/tiptap's, in English, otherwise). */
function editorLabels(intl: IntlShape): Partial<RichTextEditorLabels> {
  const setColor = (color: string) =>
    intl.formatMessage(
      { id: 'richText.setColor', defaultMessage: 'Set text color {color}' },
      { color },
    );
  return {
    linkControlLabel: intl.formatMessage(editorWords.link),
    colorPickerControlLabel: intl.formatMessage(editorWords.colorPicker),
    boldControlLabel: intl.formatMessage(editorWords.bold),
    italicControlLabel: intl.formatMessage(editorWords.italic),
    underlineControlLabel: intl.formatMessage(editorWords.underline),
    strikeControlLabel: intl.formatMessage(editorWords.strike),
    clearFormattingControlLabel: intl.formatMessage(editorWords.clearFormatting),
    unlinkControlLabel: intl.formatMessage(editorWords.unlink),
    bulletListControlLabel: intl.formatMessage(editorWords.bulletList),
    orderedListControlLabel: intl.formatMessage(editorWords.orderedList),
    h2ControlLabel: intl.formatMessage(editorWords.h2),
    h3ControlLabel: intl.formatMessage(editorWords.h3),
    unsetColorControlLabel: intl.formatMessage(editorWords.unsetColor),
    linkEditorInputLabel: intl.formatMessage(editorWords.linkUrl),
    linkEditorExternalLink: intl.formatMessage(editorWords.linkNewTab),
    linkEditorInternalLink: intl.formatMessage(editorWords.linkSameTab),
    linkEditorSave: intl.formatMessage(editorWords.linkSave),
    colorPickerCancel: intl.formatMessage(editorWords.colorCancel),
    colorPickerClear: intl.formatMessage(editorWords.colorClear),
    colorPickerColorPicker: intl.formatMessage(editorWords.colorPickerName),
    colorPickerPalette: intl.formatMessage(editorWords.colorPalette),
    colorPickerSave: intl.formatMessage(editorWords.colorSave),
    colorControlLabel: setColor,
    colorPickerColorLabel: setColor,
  };
}

/** Background colour: a palette of light swatches (Highlight with multicolor) plus "none". */
function BackgroundColorControl() {
  const { editor } = useRichTextEditorContext();
  const intl = useMessages();
  const label = intl.formatMessage({
    id: 'richText.background',
    defaultMessage: 'Background colour',
  });
  return (
    <Popover position="bottom" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <RichTextEditor.Control aria-label={label} title={label}>
          <IconHighlight size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <SimpleGrid cols={4} spacing={6}>
          {BACKGROUND_COLORS.map((color) => (
            <UnstyledButton
              key={color}
              aria-label={intl.formatMessage(
                { id: 'richText.backgroundColor', defaultMessage: 'Background {color}' },
                { color },
              )}
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
          {intl.formatMessage({ id: 'richText.noBackground', defaultMessage: 'No background' })}
        </UnstyledButton>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Inserts an image from a web address (or a data: image of an allowed type). */
function ImageControl() {
  const { editor } = useRichTextEditorContext();
  const intl = useMessages();
  const label = intl.formatMessage({ id: 'richText.insertImage', defaultMessage: 'Insert image' });
  return (
    <RichTextEditor.Control
      aria-label={label}
      title={label}
      onClick={() => {
        const src = window
          .prompt(
            intl.formatMessage({
              id: 'richText.imagePrompt',
              defaultMessage: 'Image URL (http, https or a data: image)',
            }),
          )
          ?.trim();
        if (!src) return;
        if (!IMAGE_PATTERN.test(src)) {
          window.alert(
            intl.formatMessage({
              id: 'richText.imageRefused',
              defaultMessage:
                'Images must start with http://, https:// or be a PNG, GIF, JPEG, BMP or ICO data: image.',
            }),
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
  const intl = useMessages();
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
      <RichTextEditor editor={editor} mt={4} labels={editorLabels(intl)}>
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
