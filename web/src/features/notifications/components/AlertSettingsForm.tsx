import type { AlertEmailMode } from '@cti/contracts';
import { NotificationMessages } from '@cti/contracts';

import { SelectField } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { useAlertSettingsQuery, useSaveAlertSettingsMutation } from '../notifications-api';

const MODES: ReadonlyArray<{ value: AlertEmailMode; label: string }> = [
  { value: 'immediate', label: 'At once, one e-mail per alert' },
  { value: 'daily', label: 'A daily digest' },
  { value: 'weekly', label: 'A weekly digest (Mondays)' },
  { value: 'off', label: 'No e-mails (alerts in the app only)' },
];

/** How alerts come by e-mail: at once, daily or weekly digests, or not at all. */
export function AlertSettingsForm() {
  const { data } = useAlertSettingsQuery();
  const [save, saving] = useSaveAlertSettingsMutation();
  const toast = useToast();
  if (!data) return null;
  const change = async (Email: AlertEmailMode) => {
    const result = await save({ Email });
    if ('error' in result) toast.danger(NotificationMessages.followFailed);
    else toast.success(NotificationMessages.settingsSaved);
  };
  return (
    <div className="alert-settings">
      <SelectField
        label="Alert e-mails"
        value={data.Email}
        disabled={saving.isLoading}
        onChange={(e) => void change(e.target.value as AlertEmailMode)}
      >
        {MODES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
