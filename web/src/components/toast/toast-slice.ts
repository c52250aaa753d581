import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'danger' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  text: string;
  durationMs: number;
}

/** Notifications last 4000 ms by default; the spec allows 4 to 10 s. */
export const DEFAULT_TOAST_MS = 4000;
const clampDuration = (ms: number) => Math.min(10_000, Math.max(4000, ms));

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.push(action.payload);
      },
      prepare(input: { kind: ToastKind; text: string; durationMs?: number }) {
        return {
          payload: { id: nanoid(), kind: input.kind, text: input.text, durationMs: clampDuration(input.durationMs ?? DEFAULT_TOAST_MS) },
        };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      return state.filter((t) => t.id !== action.payload);
    },
  },
  selectors: { selectToasts: (s) => s },
});

export const { showToast, dismissToast } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
