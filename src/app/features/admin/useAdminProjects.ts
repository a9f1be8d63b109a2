import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { adminApi } from '../../api/admin';
import { sessionUserAtom } from '../../state/auth';
import { adminKeys } from './queryClient';

/**
 * The projects the signed-in admin administers, for every project choice of the admin screens:
 * the server's list (every project, created ones too, for a super admin). Until it has come, or
 * if it cannot be had, the rights the sign-in carries.
 */
export function useAdminProjects(): string[] {
  const own = useAtomValue(sessionUserAtom)?.isAdminFor ?? [];
  const listed = useQuery({ queryKey: adminKeys.projects, queryFn: adminApi.getProjects });
  const ids = listed.data?.projects.map((p) => p.id) ?? [];
  return [...new Set([...own, ...ids])];
}
