import type { FetchArgs } from '@reduxjs/toolkit/query';

import type { RichTextEditorProps } from '../components/rich-text/RichTextEditor';

/** What the played gateway answers a call with: data, or an error as the base query reports it. */
export type GatewayAnswer = { data: unknown } | { error: { status: number; data: unknown } };

/** The gateway of a jsdom test (which has no fetch): answers each call of the api slice. Set its implementation per test. */
export const gateway = jest.fn<Promise<GatewayAnswer>, [FetchArgs]>();

/**
 * The base-query module with every call of the api slice answered by `gateway`. In a test:
 * `jest.mock('…/app/base-query', () => jest.requireActual<typeof import('…/test-support/played-gateway')>('…/test-support/played-gateway').playedBaseQuery())`.
 */
export const playedBaseQuery = () => ({
  ...jest.requireActual<object>('../app/base-query'),
  createBaseQuery: () => (args: string | FetchArgs) => gateway(typeof args === 'string' ? { url: args } : args),
});

/** The rich text editor as its contract has it, for jsdom (where Slate cannot be typed into): uncontrolled, showing `initialHtml` as mounted. */
export function TextareaRichText({ label, initialHtml, readOnly, onChange }: RichTextEditorProps) {
  return <textarea aria-label={label} defaultValue={initialHtml} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />;
}
