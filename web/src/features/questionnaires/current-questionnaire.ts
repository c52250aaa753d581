import { useCallback, useSyncExternalStore } from 'react';

import { StorageKeys } from '../../app/session-storage';

/** The questionnaire the shell shows (the stored session: "current questionnaire"). */
export interface CurrentQuestionnaire {
  QuestionnaireId: string;
  GroupId: string;
  Country: string;
  Period: string;
}

/** As stored: with the user it was chosen by, so another sign-in in the same tab does not inherit it. */
interface StoredChoice extends CurrentQuestionnaire {
  UserId: string;
}

/**
 * Each browser tab edits its own questionnaire: the choice lives in sessionStorage, which
 * belongs to one tab (a duplicated tab gets a copy), never in localStorage, which every tab
 * shares (opening another country in a second tab must not turn the first one into it, nor
 * exiting there throw the first one out).
 */
const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function setCurrentQuestionnaire(value: CurrentQuestionnaire, userId: string): void {
  const choice: StoredChoice = { ...value, UserId: userId };
  storage()?.setItem(StorageKeys.currentQuestionnaire, JSON.stringify(choice));
  notify();
}

/** Leaving the questionnaire (Exit, Save And Exit, Submit As Final, idle) clears this tab's choice. */
export function clearCurrentQuestionnaire(): void {
  storage()?.removeItem(StorageKeys.currentQuestionnaire);
  notify();
}

const parse = (raw: string | null): StoredChoice | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredChoice;
    return value.QuestionnaireId && value.GroupId ? value : null;
  } catch {
    return null;
  }
};

let lastRaw: string | null = null;
let lastValue: StoredChoice | null = null;
const snapshot = () => {
  const raw = storage()?.getItem(StorageKeys.currentQuestionnaire) ?? null;
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastValue = parse(raw);
  }
  return lastValue;
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** This tab's questionnaire, if the signed-in user chose one here. */
export function useCurrentQuestionnaire(userId: string | null): CurrentQuestionnaire | null {
  const choice = useSyncExternalStore(subscribe, snapshot, () => null);
  return choice && choice.UserId === userId ? choice : null;
}

/** Chooses a questionnaire for this tab, for the signed-in user. */
export function useChooseQuestionnaire(userId: string | null) {
  return useCallback((target: CurrentQuestionnaire) => setCurrentQuestionnaire(target, userId ?? ''), [userId]);
}
