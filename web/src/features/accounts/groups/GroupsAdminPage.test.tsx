import { fireEvent, screen } from '@testing-library/react';

import type { GroupView } from '@cti/contracts';

import { makeStore } from '../../../app/store';
import { recordFieldsAsInserted } from '../../../test-support/fields-as-inserted';
import { renderInApp } from '../../../test-support/in-app';
import { adminSession } from '../../../test-support/sessions';
import { signedIn } from '../../auth/auth-slice';
import { accountsApi } from '../accounts-api';

import GroupsAdminPage from './GroupsAdminPage';

const ireland: GroupView = {
  Id: 'g-ie',
  Name: 'Ireland',
  Type: 'Country',
  LogoPath: 'flags/ie.svg',
  CountryId: 'IE',
  Users: [
    { Id: 'u1', Name: 'Aoife Byrne', Email: 'aoife@example.ie' },
    { Id: 'u2', Name: 'Ciarán Doyle', Email: 'ciaran@example.ie' },
  ],
};
const awg: GroupView = {
  Id: 'g-awg',
  Name: 'Working group',
  Type: 'AWG Member',
  LogoPath: null,
  CountryId: null,
  Users: [{ Id: 'u3', Name: 'Eva Fischer', Email: 'eva@example.de' }],
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function renderPage() {
  const store = makeStore();
  store.dispatch(signedIn({ session: adminSession, isFree: false }));
  await store.dispatch(accountsApi.util.upsertQueryData('groups', undefined, [ireland, awg]));
  await store.dispatch(accountsApi.util.upsertQueryData('logos', undefined, [{ Path: 'flags/ie.svg', DisplayName: 'Ireland' }]));
  await store.dispatch(accountsApi.util.upsertQueryData('managedUsers', undefined, []));
  renderInApp(store, <GroupsAdminPage />);
}

describe('User groups: the dialogs opened from the list', () => {
  it('the group dialog shows the group clicked from its first frame, never empty or the group opened before', async () => {
    await renderPage();
    const recorder = recordFieldsAsInserted();
    try {
      const opened = (button: string) => recorder.shownAfterClicking(button, ['Name', 'Type', 'Flag']);
      expect(opened('Ireland')).toEqual(['Ireland', 'Country', 'flags/ie.svg']);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(opened('Working group')).toEqual(['Working group', 'AWG Member', undefined]);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(opened('Add Group')).toEqual(['', '', undefined]);
    } finally {
      recorder.stop();
    }
  });

  it('Send Email shows the group’s members ticked and an empty message from its first frame', async () => {
    await renderPage();
    const recorder = recordFieldsAsInserted();
    try {
      const opened = (button: string, labels: string[]) => {
        recorder.fields.length = 0;
        fireEvent.click(screen.getByRole('button', { name: button }));
        return labels.map((label) => {
          const field = recorder.first(label);
          return field && (field.value === 'on' ? field.checked : field.value);
        });
      };
      const irish = ['Subject', 'Message', 'Aoife Byrne <aoife@example.ie>', 'Ciarán Doyle <ciaran@example.ie>'];
      expect(opened('Send Email to Ireland', irish)).toEqual(['', '', true, true]);
      fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Typed for Ireland, not sent' } });
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(opened('Send Email to Working group', ['Subject', 'Message', 'Eva Fischer <eva@example.de>'])).toEqual(['', '', true]);
      expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
    } finally {
      recorder.stop();
    }
  });
});
