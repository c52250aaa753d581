import { useCallback, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createEditor, Editor, Element as SlateElement, Transforms, type BaseEditor, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, Slate, useSlate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react';

import { fromHtml, toHtml, type BlockType, type Mark, type RichBlock, type RichLink, type RichText } from './rich-text-html';

const LIST_TYPES: BlockType[] = ['bulleted-list', 'numbered-list'];
const HOTKEYS: Record<string, Mark> = { b: 'bold', i: 'italic', u: 'underline' };

const marksOf = (editor: BaseEditor) => (Editor.marks(editor) ?? {}) as Partial<Record<Mark, true>>;
const isMarkActive = (editor: BaseEditor, mark: Mark) => !!marksOf(editor)[mark];
function toggleMark(editor: BaseEditor, mark: Mark) {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

const blockType = (node: unknown) => (SlateElement.isElement(node) ? (node as unknown as RichBlock).type : undefined);
function isBlockActive(editor: BaseEditor, type: BlockType) {
  const [match] = Array.from(Editor.nodes(editor, { match: (n) => blockType(n) === type }));
  return !!match;
}
function toggleBlock(editor: BaseEditor, type: BlockType) {
  const active = isBlockActive(editor, type);
  const isList = LIST_TYPES.includes(type);
  Transforms.unwrapNodes(editor, { match: (n) => LIST_TYPES.includes(blockType(n) as BlockType), split: true });
  const next: BlockType = active ? 'paragraph' : isList ? 'list-item' : type;
  Transforms.setNodes(editor, { type: next } as Partial<SlateElement>);
  if (!active && isList) Transforms.wrapNodes(editor, { type, children: [] } as unknown as SlateElement);
}

function ToolbarButton({ label, active, onToggle, children }: { label: string; active: boolean; onToggle(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`rte-button${active ? ' active' : ''}`}
      aria-label={label}
      aria-pressed={active}
      title={label}
      onMouseDown={(e) => {
        // keep the editor's selection
        e.preventDefault();
        onToggle();
      }}
    >
      {children}
    </button>
  );
}

function Toolbar() {
  const editor = useSlate();
  const mark = (m: Mark, label: string, glyph: ReactNode) => (
    <ToolbarButton label={label} active={isMarkActive(editor, m)} onToggle={() => toggleMark(editor, m)}>
      {glyph}
    </ToolbarButton>
  );
  const block = (b: BlockType, label: string, glyph: ReactNode) => (
    <ToolbarButton label={label} active={isBlockActive(editor, b)} onToggle={() => toggleBlock(editor, b)}>
      {glyph}
    </ToolbarButton>
  );
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting">
      {mark('bold', 'Bold', <strong>B</strong>)}
      {mark('italic', 'Italic', <em>I</em>)}
      {mark('underline', 'Underline', <u>U</u>)}
      {block('heading-three', 'Heading', 'H')}
      {block('block-quote', 'Quote', '❝')}
      {block('bulleted-list', 'Bulleted list', '•')}
      {block('numbered-list', 'Numbered list', '1.')}
    </div>
  );
}

function renderElement({ attributes, children, element }: RenderElementProps) {
  const el = element as unknown as RichBlock | RichLink;
  switch (el.type) {
    case 'heading-three':
      return <h3 {...attributes}>{children}</h3>;
    case 'heading-four':
      return <h4 {...attributes}>{children}</h4>;
    case 'block-quote':
      return <blockquote {...attributes}>{children}</blockquote>;
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return <li {...attributes}>{children}</li>;
    case 'link':
      return (
        <a {...attributes} href={el.url}>
          {children}
        </a>
      );
    default:
      return <p {...attributes}>{children}</p>;
  }
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  const text = leaf as unknown as RichText;
  let out = children as ReactNode;
  if (text.bold) out = <strong>{out}</strong>;
  if (text.italic) out = <em>{out}</em>;
  if (text.underline) out = <u>{out}</u>;
  if (text.strikethrough) out = <s>{out}</s>;
  if (text.code) out = <code>{out}</code>;
  return <span {...attributes}>{out}</span>;
}

export interface RichTextEditorProps {
  /** Initial HTML; the editor is uncontrolled after mount (remount with a key to reset it). */
  initialHtml: string;
  onChange(html: string): void;
  label: string;
  readOnly?: boolean;
  id?: string;
}

/** Slate rich-text editor writing HTML (the service sanitizes it before storing). */
export function RichTextEditor({ initialHtml, onChange, label, readOnly = false, id }: RichTextEditorProps) {
  const editor = useMemo(() => withHistory(withReact(createEditor())), []);
  const [initial] = useState<Descendant[]>(() => fromHtml(initialHtml));
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const mark = HOTKEYS[event.key.toLowerCase()];
      if (mark) {
        event.preventDefault();
        toggleMark(editor, mark);
      }
    },
    [editor],
  );
  return (
    <div className={`rte${readOnly ? ' rte-readonly' : ''}`}>
      <Slate editor={editor} initialValue={initial} onValueChange={(value) => onChange(toHtml(value))}>
        {!readOnly && <Toolbar />}
        <Editable
          id={id}
          className="rte-editable"
          aria-label={label}
          aria-multiline="true"
          role="textbox"
          readOnly={readOnly}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          onKeyDown={onKeyDown}
        />
      </Slate>
    </div>
  );
}
