const levels: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const colors: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };
const noisy = new Set(['incoming request', 'request completed', 'fetching from remote server', 'response received']);

/** One readable line per pino JSON line, prefixed with the service; request chatter hidden unless verbose. */
export function formatLogLine(service: string, line: string, verbose: boolean, tty: boolean): string | null {
  const prefix = `[${service}]`.padEnd(16);
  if (!line.startsWith('{')) return `${prefix}${line}`;
  try {
    const entry = JSON.parse(line) as { level: number; msg?: string; reqId?: string; err?: { message?: string }; [k: string]: unknown };
    if (!verbose && noisy.has(entry.msg ?? '') && entry.level < 40) return null;
    const level = levels[entry.level] ?? String(entry.level);
    const color = tty ? (colors[entry.level] ?? '') : '';
    const reset = color ? '\x1b[0m' : '';
    const extra = [entry.reqId ? `req=${entry.reqId}` : '', entry.err?.message ? `err=${entry.err.message}` : ''].filter(Boolean).join(' ');
    return `${prefix}${color}${level.padEnd(5)}${reset} ${entry.msg ?? ''}${extra ? ` (${extra})` : ''}`;
  } catch {
    return `${prefix}${line}`;
  }
}
