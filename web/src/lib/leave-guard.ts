/** How a page is being left; every way of leaving goes through the page's guard, if it has one. */
export type LeaveReason = 'link' | 'exit' | 'history' | 'logout' | 'idle';

type Leave = () => void | Promise<void>;
type Guard = (leave: Leave, reason: LeaveReason) => void;

let guard: Guard | null = null;

/**
 * Puts a guard in front of leaving (a page with typed, unsaved work); answers its removal.
 * One at a time: the newest wins, and removing an older one leaves the newest in place.
 */
export function setLeaveGuard(next: Guard): () => void {
  guard = next;
  return () => {
    if (guard === next) guard = null;
  };
}

/** Leaves now, or once the page's guard let it (parts of the app outside the page, like the user menu's Logout, call this). */
export function leaveThroughGuard(leave: Leave, reason: LeaveReason): void {
  if (guard) guard(leave, reason);
  else void leave();
}
