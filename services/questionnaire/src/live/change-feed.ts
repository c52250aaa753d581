import type { DomainEvent, QuestionnaireChange } from '@cti/contracts';
import type { EventBus } from '@cti/events';

import { changesOf } from './changes';

type Listener = (change: QuestionnaireChange) => void;
type Subscription = ReturnType<EventBus['nc']['subscribe']>;

/**
 * Fans this service's own questionnaire events out to the pages open on each
 * questionnaire. Every replica subscribes to the subjects with a plain (not durable)
 * NATS subscription, so a page hears changes made through any replica; the client
 * reloads everything after a reconnection, so nothing depends on this being lossless.
 */
export class ChangeFeed {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscription: Subscription | null = null;

  constructor(private readonly log: { warn(obj: object, msg: string): void }) {}

  start(bus: EventBus): void {
    this.subscription = bus.nc.subscribe(bus.subjects.toSubject('evt.questionnaire.>'), {
      callback: (err, msg) => {
        if (err) {
          this.log.warn({ err }, 'questionnaire change feed subscription failed');
          return;
        }
        let event: DomainEvent;
        try {
          event = msg.json<DomainEvent>();
        } catch (parseError) {
          this.log.warn({ err: parseError, subject: msg.subject }, 'questionnaire change feed got an unreadable event');
          return;
        }
        this.dispatch(event);
      },
    });
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  dispatch(event: DomainEvent): void {
    for (const { questionnaireId, change } of changesOf(event)) {
      for (const listener of this.listeners.get(questionnaireId) ?? []) listener(change);
    }
  }

  /** Hears the changes of one questionnaire until the returned function is called. */
  listen(questionnaireId: string, listener: Listener): () => void {
    let set = this.listeners.get(questionnaireId);
    if (!set) this.listeners.set(questionnaireId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(questionnaireId);
    };
  }
}
