import { screen, waitFor, within } from '@testing-library/react';

import type { AccessRequestView, QuestionnaireProgress, Subscription } from '@cti/contracts';

import { renderInApp } from '../../test-support/in-app';
import { gateway } from '../../test-support/played-gateway';
import { adminStore } from '../../test-support/sessions';

import AdminHomePage from './AdminHomePage';

type PlayedGateway = typeof import('../../test-support/played-gateway');
jest.mock('../../app/base-query', () => jest.requireActual<PlayedGateway>('../../test-support/played-gateway').playedBaseQuery());

const progress = (id: string, ready: boolean) => ({ QuestionnaireId: id, ReadyForFinalization: ready }) as QuestionnaireProgress;
const request = (Status: string) => ({ Status }) as AccessRequestView;
const subscription = (status: string) => ({ Details: { status } }) as Subscription;

describe('the admin home', () => {
  afterEach(() => gateway.mockReset());

  it('shows what needs attention: questionnaires awaiting approval, requests in the queue, failed payments', async () => {
    const answers: Record<string, unknown> = {
      'api/questionnaire/progress': [progress('q1', false), progress('q2', false), progress('q3', true)],
      'api/request': [request('In Progress'), request('Approved'), request('Denied')],
      'api/user/paymentDetails/admin': [subscription('ACTIVE'), subscription('PAST_DUE'), subscription('UNPAID')],
      'app-config.json': { demo: false, vendorEmailDomain: 'example.org', trustedOrigins: [], environment: 'test' },
    };
    gateway.mockImplementation(async (args) => ({ data: answers[args.url] ?? null }));
    renderInApp(adminStore(), <AdminHomePage />);
    const box = screen.getByRole('region', { name: 'Needs attention' });
    const line = (key: string) => box.querySelector(`[data-attention="${key}"]`)!.textContent;
    await waitFor(() => expect(line('payments')).toMatch(/^2 subscriptions with a failed payment/));
    expect(line('awaiting')).toMatch(/^2 questionnaires awaiting approval/);
    expect(line('ready')).toMatch(/^1 questionnaire approved by two firms, ready to submit as final/);
    expect(line('requests')).toMatch(/^1 access request in the queue/);
    expect(
      within(box)
        .getByRole('link', { name: /^Request Queue: 1 access request/ })
        .getAttribute('href'),
    ).toBe('/user/requests');
    expect(
      within(box)
        .getByRole('link', { name: /^Subscriptions: 2 subscriptions/ })
        .getAttribute('href'),
    ).toBe('/user/subscriptions');
  });
});
