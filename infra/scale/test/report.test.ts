import type { LoadOutcome } from '../support/platform-load';
import { cutOffByAFault, phaseRows, type PhaseRecord } from '../support/report';

const outcome = (status: LoadOutcome['status'], at: number, phase = 'gateway-2 kill -9'): LoadOutcome => ({
  kind: 'answer save',
  key: `k${at}`,
  phase,
  status,
  startedAt: at,
  endedAt: at + 10,
});

const gatewayKill: PhaseRecord = {
  name: 'gateway-2 kill -9',
  window: { from: 100_000, to: 110_000 },
  recoveryMs: 5000,
  dropsClientConnections: true,
};
const serviceKill: PhaseRecord = { name: 'scoring-1 kill -9', window: { from: 200_000, to: 210_000 }, recoveryMs: 5000 };

describe('the scale report: a connection cut under a request', () => {
  it('is accepted only while a fault killed a process holding the clients’ connections', () => {
    expect(cutOffByAFault(outcome('network: UND_ERR_SOCKET', 105_000), [gatewayKill, serviceKill])).toBe(true);
    expect(cutOffByAFault(outcome('network: ECONNRESET', 105_000), [gatewayKill, serviceKill])).toBe(true);
    // a service's kill: the gateway answers for it, so a cut connection is a failure
    expect(cutOffByAFault(outcome('network: UND_ERR_SOCKET', 205_000, 'scoring-1 kill -9'), [gatewayKill, serviceKill])).toBe(false);
    // outside every fault's window (and its grace)
    expect(cutOffByAFault(outcome('network: UND_ERR_SOCKET', 150_000), [gatewayKill, serviceKill])).toBe(false);
  });

  it('never excuses a timeout, a refused connection or an answer', () => {
    for (const status of ['network: The operation was aborted due to timeout', 'network: ECONNREFUSED', 400, 409])
      expect(cutOffByAFault(outcome(status, 105_000), [gatewayKill])).toBe(false);
  });

  it('counts cut connections in their own column, not among the other failures', () => {
    const rows = phaseRows(
      [outcome(200, 101_000), outcome(502, 102_000), outcome('network: UND_ERR_SOCKET', 103_000), outcome(404, 104_000)],
      [gatewayKill],
    );
    expect(rows[0]).toMatchObject({ requests: 4, acknowledged: 1, failed5xx: 1, cutOff: 1, other: 1, outsideFault: 0 });
    expect(rows.at(-1)).toMatchObject({ phase: 'total', cutOff: 1, other: 1 });
  });
});
