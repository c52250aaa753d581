import { useCallback, useSyncExternalStore } from 'react';
import { browserStorage, StorageKeys } from '../../app/session-storage';

/** The questionnaire the shell shows (accounts §3 stored session: "current questionnaire"). */
export interface CurrentQuestionnaire {
  QuestionnaireId: string;
  GroupId: string;
  Country: string;
  Period: string;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

const read = (): string | null => browserStorage.get(StorageKeys.currentQuestionnaire);

export function setCurrentQuestionnaire(value: CurrentQuestionnaire): void {
  browserStorage.set(StorageKeys.currentQuestionnaire, JSON.stringify(value));
  notify();
}

/** Leaving the questionnaire (Exit, Save And Exit, Submit As Final, idle) clears it. */
export function clearCurrentQuestionnaire(): void {
  browserStorage.set(StorageKeys.currentQuestionnaire, null);
  notify();
}

const parse = (raw: string | null): CurrentQuestionnaire | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as CurrentQuestionnaire;
    return value.QuestionnaireId && value.GroupId ? value : null;
  } catch {
    return null;
  }
};

let lastRaw: string | null = null;
let lastValue: CurrentQuestionnaire | null = null;
const snapshot = () => {
  const raw = read();
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastValue = parse(raw);
  }
  return lastValue;
};

export function useCurrentQuestionnaire(): CurrentQuestionnaire | null {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener);
    window.addEventListener('storage', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  }, []);
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
