import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAdminView } from '../../../shared/admin/schemas';
import { adminApi } from '../../api/admin';
import { sessionUserAtom } from '../../state/auth';
import { userToasts } from './adminMessages';
import { AdminRightsModal } from './AdminRightsModal';
import { adminKeys } from './queryClient';
import { DataTable } from './table/DataTable';
import type { Column } from './table/format';
import { Empty } from './table/cells';
import { RowAction } from './table/RowAction';
import { adminToast, reasonOf } from './toasts';
import { useAdminProjects } from './useAdminProjects';
import { offeredActions } from './userActions';

const userColumns: Column<UserAdminView>[] = [
  { key: 'name', header: 'Name', value: (u) => u.name },
  { key: 'email', header: 'Email', value: (u) => u.email },
  { key: 'phone', header: 'Phone', value: (u) => u.phone },
  { key: 'whatsapp_id', header: 'Whatsapp Id', value: (u) => u.whatsappId },
  { key: 'is_admin', header: 'Is Admin', value: (u) => u.isAdmin },
  { key: 'admin_type', header: 'Admin Type', value: (u) => u.adminType },
  { key: 'email_verified', header: 'Email Verified', value: (u) => u.emailVerified },
  { key: 'phone_verified', header: 'Phone Verified', value: (u) => u.phoneVerified },
  { key: 'is_blocked', header: 'Is Blocked', value: (u) => u.isBlocked },
  { key: 'is_active', header: 'Is Active', value: (u) => u.isActive },
  // After SPEC's ten: the app they registered through, i.e. the project they chat in (issue 31).
  { key: 'registered_via', header: 'App', value: (u) => u.registeredVia },
];

/** SPEC §2 Users tab: every user of the admin's projects; block/unblock and make/remove admin. */
export function UsersTab() {
  const { t } = useTranslation();
  const viewer = useAtomValue(sessionUserAtom);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.users });
  // An admin of several projects (every super admin) chooses which to grant; removing takes all of theirs.
  const projects = useAdminProjects();
  const [granting, setGranting] = useState<UserAdminView | null>(null);

  const block = useMutation({
    mutationFn: ({ user, block }: { user: UserAdminView; block: boolean }) =>
      adminApi.blockUser(user._id, block),
    onSuccess: async (_answer, { block }) => {
      adminToast.success(t(block ? userToasts.blocked : userToasts.unblocked));
      await refresh();
    },
    onError: (error, { block }) =>
      adminToast.error(
        block
          ? t('Failed to block user: {{reason}}', { reason: reasonOf(error) })
          : t('Failed to unblock user: {{reason}}', { reason: reasonOf(error) }),
      ),
  });

  const makeAdmin = useMutation({
    mutationFn: ({
      user,
      makeAdmin,
      adminFor,
    }: {
      user: UserAdminView;
      makeAdmin: boolean;
      adminFor?: string[];
    }) => adminApi.makeUserAdmin(user._id, makeAdmin, adminFor),
    onSuccess: async (_answer, { makeAdmin }) => {
      setGranting(null);
      adminToast.success(t(makeAdmin ? userToasts.madeAdmin : userToasts.adminRemoved));
      await refresh();
    },
    onError: (error, { makeAdmin }) =>
      adminToast.error(
        makeAdmin
          ? t('Failed to make user admin: {{reason}}', { reason: reasonOf(error) })
          : t('Failed to remove admin rights: {{reason}}', { reason: reasonOf(error) }),
      ),
  });

  const busy = (user: UserAdminView, mutation: typeof block | typeof makeAdmin) =>
    mutation.isPending && mutation.variables?.user._id === user._id;

  return (
    <>
      <DataTable
        title={t('Users')}
        queryKey={adminKeys.users}
        fetchPage={adminApi.getUsers}
        columns={userColumns}
        rowKey={(u) => u._id}
        actions={(user) => {
          const offered = offeredActions(viewer, user);
          if (!offered.block && !offered.adminRights) return <Empty />;
          return (
            <>
              {offered.block ? (
                <RowAction
                  subject={user.name}
                  busy={busy(user, block)}
                  danger={!user.isBlocked}
                  onClick={() => block.mutate({ user, block: !user.isBlocked })}
                >
                  {user.isBlocked ? t('Unblock User') : t('Block User')}
                </RowAction>
              ) : null}
              {offered.adminRights ? (
                <RowAction
                  subject={user.name}
                  busy={busy(user, makeAdmin)}
                  onClick={() => {
                    if (projects.length <= 1) makeAdmin.mutate({ user, makeAdmin: !user.isAdmin });
                    else if (user.isAdmin) makeAdmin.mutate({ user, makeAdmin: false, adminFor: projects });
                    else setGranting(user);
                  }}
                >
                  {user.isAdmin ? t('Remove Admin') : t('Make Admin')}
                </RowAction>
              ) : null}
            </>
          );
        }}
      />
      {granting ? (
        <AdminRightsModal
          name={granting.name}
          projects={projects}
          busy={makeAdmin.isPending}
          onClose={() => setGranting(null)}
          onGrant={(adminFor) => makeAdmin.mutate({ user: granting, makeAdmin: true, adminFor })}
        />
      ) : null}
    </>
  );
}
