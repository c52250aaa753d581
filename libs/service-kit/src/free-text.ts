import { BadRequest } from './errors';

/**
 * Control characters (C0, DEL, C1) and the invisible marks that reorder or hide text:
 * bidirectional overrides, embeddings and isolates (`invoice\u202Efdp.exe` shows as
 * "invoiceexe.pdf"), directional marks, zero-width characters and the byte-order mark.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this expression removes
const INVISIBLE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
// the same, but keeping tabs and line breaks (text of several lines)
// eslint-disable-next-line no-control-regex -- control characters are what this expression removes
const INVISIBLE_CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Text without control characters and invisible marks (file names, names, any one line a person typed). */
export const withoutInvisibleControls = (text: string) => text.replace(INVISIBLE_CONTROLS, '');

/**
 * What the platform stores of a free-text field a person typed: Unicode NFC, without control
 * characters and invisible marks, trimmed; one line (a name, a title) also has its runs of
 * white space made one space, several lines keep their line breaks (as `\n`) and tabs.
 */
export function normalizedText(text: string, options: { multiline?: boolean } = {}): string {
  const nfc = text.normalize('NFC');
  if (!options.multiline) return withoutInvisibleControls(nfc).replace(/\s+/g, ' ').trim();
  return nfc.replace(/\r\n?/g, '\n').replace(INVISIBLE_CONTROLS_BUT_LINES, '').trim();
}

/**
 * A free-text field as stored (see `normalizedText`), refused with a 400 naming the field when
 * it is longer than `maxLength` characters once normalised (NFC can lengthen text the schema's
 * own maximum let through).
 */
export function freeText(field: string, text: string, maxLength: number, options: { multiline?: boolean } = {}): string {
  const normalized = normalizedText(text, options);
  if (normalized.length > maxLength) throw new BadRequest(`${field} must be at most ${maxLength} characters.`);
  return normalized;
}
