import type { Descendant } from 'slate';

/**
 * The rich text model of the questionnaire's slate editors (admin notes, wysiwyg
 * answers) and its HTML form, which is what the service stores (after sanitizing).
 * Kept local rather than in slate's global CustomTypes, which other editors may own.
 */
export type BlockType = 'paragraph' | 'heading-three' | 'heading-four' | 'block-quote' | 'bulleted-list' | 'numbered-list' | 'list-item';
export type Mark = 'bold' | 'italic' | 'underline' | 'code' | 'strikethrough';

export interface RichText {
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
  code?: true;
  strikethrough?: true;
}
export interface RichLink {
  type: 'link';
  url: string;
  children: RichText[];
}
export interface RichBlock {
  type: BlockType;
  children: Array<RichBlock | RichText | RichLink>;
}
export type RichNode = RichBlock | RichText | RichLink;

const BLOCK_TAGS: Record<BlockType, string> = {
  paragraph: 'p',
  'heading-three': 'h3',
  'heading-four': 'h4',
  'block-quote': 'blockquote',
  'bulleted-list': 'ul',
  'numbered-list': 'ol',
  'list-item': 'li',
};
const MARK_TAGS: Array<[Mark, string]> = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['underline', 'u'],
  ['strikethrough', 's'],
  ['code', 'code'],
];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const isText = (node: RichNode): node is RichText => 'text' in node;

function serializeNode(node: RichNode): string {
  if (isText(node)) {
    let html = escapeHtml(node.text);
    for (const [mark, tag] of MARK_TAGS) if (node[mark]) html = `<${tag}>${html}</${tag}>`;
    return html;
  }
  const inner = node.children.map(serializeNode).join('');
  if (node.type === 'link') return `<a href="${escapeHtml(node.url)}">${inner}</a>`;
  const tag = BLOCK_TAGS[node.type];
  return `<${tag}>${inner}</${tag}>`;
}

/** Slate value → HTML; an editor holding only empty paragraphs serializes to ''. */
export function toHtml(value: Descendant[]): string {
  const nodes = value as unknown as RichNode[];
  const plain = nodes.map(function text(n: RichNode): string {
    return isText(n) ? n.text : n.children.map(text).join('');
  });
  if (!plain.join('').trim()) return '';
  return nodes.map(serializeNode).join('');
}

export const EMPTY_VALUE: Descendant[] = [{ type: 'paragraph', children: [{ text: '' }] } as unknown as Descendant];

const TAG_BLOCKS: Record<string, BlockType> = {
  P: 'paragraph',
  DIV: 'paragraph',
  H1: 'heading-three',
  H2: 'heading-three',
  H3: 'heading-three',
  H4: 'heading-four',
  BLOCKQUOTE: 'block-quote',
  UL: 'bulleted-list',
  OL: 'numbered-list',
  LI: 'list-item',
};
const TAG_MARKS: Record<string, Mark> = {
  STRONG: 'bold',
  B: 'bold',
  EM: 'italic',
  I: 'italic',
  U: 'underline',
  S: 'strikethrough',
  CODE: 'code',
};

function fromDom(node: Node, marks: Partial<Record<Mark, true>>): RichNode[] {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ? [{ text: node.textContent, ...marks }] : [];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const el = node as HTMLElement;
  if (el.tagName === 'BR') return [{ text: '\n', ...marks }];
  const mark = TAG_MARKS[el.tagName];
  const childMarks = mark ? { ...marks, [mark]: true as const } : marks;
  const children = Array.from(el.childNodes).flatMap((c) => fromDom(c, childMarks));
  if (el.tagName === 'A')
    return [
      {
        type: 'link',
        url: el.getAttribute('href') ?? '',
        children: children.filter(isText).length ? children.filter(isText) : [{ text: '' }],
      },
    ];
  const block = TAG_BLOCKS[el.tagName];
  if (block) return [{ type: block, children: children.length ? children : [{ text: '' }] }];
  return children;
}

/** HTML (as stored) → slate value; loose text is wrapped in paragraphs. */
export function fromHtml(html: string): Descendant[] {
  if (!html.trim()) return EMPTY_VALUE;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const nodes = Array.from(doc.body.childNodes).flatMap((n) => fromDom(n, {}));
  const blocks: RichBlock[] = [];
  let loose: RichBlock | null = null;
  for (const node of nodes) {
    if ('type' in node && node.type !== 'link') {
      loose = null;
      blocks.push(node);
    } else {
      if (!loose) blocks.push((loose = { type: 'paragraph', children: [] }));
      loose.children.push(node);
    }
  }
  return blocks.length ? blocks : EMPTY_VALUE;
}

/** Rich text as the editor writes it, so text that was only loaded (not edited) compares equal to what the editor reports. */
export const asEditorHtml = (html: string | null) => (html ? toHtml(fromHtml(html)) : '');
