import { answerAsText, isEmptyAnswer, type AnswerModel } from '@cti/contracts';
import { BadRequest } from '@cti/service-kit';

import { richTextToPlain, sanitizeRichText } from './rich-text';

import type { IndexedQuestion } from './index';

const MAX_TEXT = 20_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const pad = (n: number) => String(n).padStart(2, '0');

function refuse(q: IndexedQuestion, problem: string): never {
  const text = q.text.length > 80 ? `${q.text.slice(0, 77)}…` : q.text;
  throw new BadRequest(`Question ${q.id} ("${text}"): ${problem}`);
}

/** Dates are stored as YYYY-MM-DD HH:mm:ss. */
export function normalizeDate(q: IndexedQuestion, raw: string): string {
  const m = DATE_PATTERN.exec(raw.trim());
  if (!m) refuse(q, 'the answer must be a date (YYYY-MM-DD).');
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    refuse(q, 'the answer is not a valid date.');
  }
  const value = `${y}-${mo}-${d} ${pad(Number(h))}:${pad(Number(mi))}:${pad(Number(s))}`;
  if (typeof q.min === 'string' && value.slice(0, 10) < q.min) refuse(q, `the date must be on or after ${formatDay(q.min)}.`);
  return value;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const formatDay = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

function optionIds(q: IndexedQuestion): Set<number> {
  return new Set((q.options ?? []).map((o) => o.id));
}

function optionAnswer(q: IndexedQuestion, raw: AnswerModel): number {
  if (typeof raw !== 'number' || !optionIds(q).has(raw)) refuse(q, "the answer must be one of the question's options.");
  return raw;
}

/**
 * Typed autocomplete text: an option's label (any case) is that option; other text is
 * kept only where the question allows free text, and refused otherwise.
 */
function autocompleteText(q: IndexedQuestion, raw: string): AnswerModel {
  const text = raw.trim();
  if (!text) return null;
  const option = q.options?.find((o) => o.label.toLowerCase() === text.toLowerCase());
  if (option) return option.id;
  if (!q.freeText) refuse(q, `"${text.length > 40 ? `${text.slice(0, 37)}…` : text}" is not one of the options; choose one of them.`);
  if (text.length > MAX_TEXT) refuse(q, `the answer is longer than ${MAX_TEXT} characters.`);
  return text;
}

/**
 * Checks one answer against its question's type and options and returns it as stored
 * (trimmed text, normalized date, sanitized rich text; empty answers become null).
 * Refuses anything else with a message naming the question.
 */
export function normalizeAnswer(q: IndexedQuestion, raw: AnswerModel): AnswerModel {
  if (isEmptyAnswer(raw)) return null;
  switch (q.type) {
    case 'text':
    case 'textarea': {
      if (typeof raw !== 'string') refuse(q, 'the answer must be text.');
      const text = raw.trim();
      if (text.length > MAX_TEXT) refuse(q, `the answer is longer than ${MAX_TEXT} characters.`);
      return text || null;
    }
    case 'wysiwyg': {
      if (typeof raw !== 'string') refuse(q, 'the answer must be rich text.');
      if (raw.length > MAX_TEXT * 5) refuse(q, 'the answer is too long.');
      const html = sanitizeRichText(raw);
      return richTextToPlain(html) ? html : null;
    }
    case 'number': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) refuse(q, 'the answer must be a number.');
      if (typeof q.min === 'number' && raw < q.min) refuse(q, `the answer must be at least ${q.min}.`);
      if (q.max !== undefined && raw > q.max) refuse(q, `the answer must be at most ${q.max}.`);
      return raw;
    }
    case 'date':
      if (typeof raw !== 'string') refuse(q, 'the answer must be a date (YYYY-MM-DD).');
      return normalizeDate(q, raw);
    case 'autocomplete':
      return typeof raw === 'string' ? autocompleteText(q, raw) : optionAnswer(q, raw);
    case 'select':
    case 'radio':
      return optionAnswer(q, raw);
    case 'checkbox':
    case 'tags': {
      if (!Array.isArray(raw)) refuse(q, "the answer must be a list of the question's options.");
      const ids = optionIds(q);
      if (raw.some((id) => typeof id !== 'number' || !ids.has(id))) refuse(q, "the answer must be a list of the question's options.");
      const unique = [...new Set(raw)].sort((a, b) => a - b);
      return unique.length ? unique : null;
    }
  }
}

/** An answer as people read it (audit change records): option labels, dates as days, rich text as plain text. */
export const displayAnswer = (q: IndexedQuestion, model: AnswerModel | undefined): string | null =>
  answerAsText(q.type, model, (id) => q.options?.find((o) => o.id === id)?.label, richTextToPlain);
