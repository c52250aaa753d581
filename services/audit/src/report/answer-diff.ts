import { diffWords, type ChangeObject } from 'diff';

import { escapeHtml } from '../audit-log/description';

/** A diff that takes longer than this falls back to "all removed, all added". */
const DIFF_TIMEOUT_MS = 500;

const newlines = (escaped: string) => escaped.replace(/\r?\n/g, '<br>');

/**
 * The HTML diff of two answers (Change Details), word by word with
 * jsdiff: removed text in <del>, added text in <ins>, unchanged text as is. Every piece
 * of answer text is escaped, so an answer can never bring its own markup.
 */
export function answerDiffHtml(before: string | null, after: string | null): string {
  const oldText = before ?? '';
  const newText = after ?? '';
  const parts: ChangeObject<string>[] = diffWords(oldText, newText, { timeout: DIFF_TIMEOUT_MS }) ?? [
    { value: oldText, added: false, removed: true, count: 1 },
    { value: newText, added: true, removed: false, count: 1 },
  ];
  return parts
    .filter((p) => p.value !== '')
    .map((p) => {
      const text = newlines(escapeHtml(p.value));
      if (p.added) return `<ins class="diff-added">${text}</ins>`;
      if (p.removed) return `<del class="diff-removed">${text}</del>`;
      return text;
    })
    .join('');
}
