import { context } from '@opentelemetry/api';

/**
 * Whether OpenTelemetry's context storage has turned on Node's async hooks in this process:
 * on Node 20 and 22 entering any context once does, for every later async operation (a cost
 * on each request); `undefined` on Node 24, whose AsyncContextFrame needs no hooks. Reads the
 * SDK's `AsyncLocalStorageContextManager` (registered by the kit's `setupTracing`).
 */
export function contextHooksOn(): boolean | undefined {
  const manager = (context as unknown as { _getContextManager(): { _asyncLocalStorage?: { enabled?: unknown } } })._getContextManager();
  const storage = manager._asyncLocalStorage;
  if (!storage) throw new Error('no AsyncLocalStorage context manager is registered (is tracing set up?)');
  return 'enabled' in storage ? storage.enabled === true : undefined;
}
