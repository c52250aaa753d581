import type { ConsentAnswer } from '@cti/contracts';

import type { DraftStore } from './draft-store';
import { EditSession, type EditServer, type ServerView } from './edit-session';
import { failureOf, type Reply } from './section-session';

/** The one field of a consent session. */
export const CONSENT = 'consent';

/** The gateway calls of the consent page. */
export interface ConsentCalls {
  load(): Promise<Reply>;
  save(answer: 'Yes' | 'No'): Promise<Reply>;
  isOpen(): Promise<boolean | Reply>;
}

const viewOf = (answer: ConsentAnswer['Answer'] | null, open: boolean): ServerView => ({
  values: { [CONSENT]: answer === 'Yes' || answer === 'No' ? answer : null },
  version: null,
  savedBy: null,
  savedAt: null,
  open,
  lock: { holder: 'this-tab' },
});

/** The consent's server side (the spec's calls; a consent has no version, the newest answer stands). */
function consentServer(calls: ConsentCalls): EditServer<ServerView> {
  return {
    async load() {
      const [reply, open] = await Promise.all([calls.load(), calls.isOpen()]);
      if (reply.status !== 200) return failureOf(reply, 'Your consent could not be read.');
      if (typeof open !== 'boolean') return failureOf(open, 'The questionnaire could not be read.');
      return { kind: 'loaded', view: viewOf((reply.body as ConsentAnswer).Answer, open) };
    },
    async save(changes) {
      const answer = changes.find((c) => c.id === CONSENT)?.value;
      if (answer !== 'Yes' && answer !== 'No') return { kind: 'refused', message: 'Choose Yes or No.' };
      const reply = await calls.save(answer);
      if (reply.status === 200) return { kind: 'saved', message: (reply.body as { message: string }).message, view: viewOf(answer, true) };
      if (reply.status === 409) return { kind: 'closed', message: (reply.body as { message?: string } | null)?.message ?? '' };
      return failureOf(reply, 'Your consent could not be recorded.');
    },
  };
}

/** A respondent's consent on the consent page: the choice is a draft like any answer until submitted. */
export function createConsentSession(options: { calls: ConsentCalls; drafts: DraftStore; userId: string; questionnaireId: string }) {
  return new EditSession({
    server: consentServer(options.calls),
    drafts: options.drafts,
    key: { userId: options.userId, questionnaireId: options.questionnaireId, target: 'consent' },
  });
}
