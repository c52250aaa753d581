import { RoleDescriptions, RoleLabels, RoleNames } from '@cti/access';

import { Modal } from '../../../components/modal/Modal';

/** What each role means (the accounts permission table "Role meanings"). */
export function RolesDescriptionModal({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} title="Role descriptions" onClose={onClose} width={960}>
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {RoleNames.map((name) => (
            <tr key={name}>
              <th scope="row">{RoleLabels[name]}</th>
              <td>{RoleDescriptions[name]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
