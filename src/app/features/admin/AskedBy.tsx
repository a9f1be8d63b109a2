import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AskerView } from '../../../shared/admin/asker';
import { adminApi } from '../../api/admin';
import { adminKeys } from './queryClient';
import { reasonOf } from './toasts';

const CONTACTS: { key: keyof Omit<AskerView, 'name'>; label: string }[] = [
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'whatsappId', label: 'Whatsapp Id' },
];

/** "Asked by" in the question review: the asker's name and contacts (masked by the server, SPEC §6). */
export function AskedBy({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...adminKeys.questions, 'asker', questionId],
    queryFn: () => adminApi.getQuestionAsker(questionId),
  });
  if (query.isPending) return <>{t('Loading...')}</>;
  if (query.isError) return <span className="table-error">{reasonOf(query.error)}</span>;
  const { asker } = query.data;
  if (!asker) return <>{t('Not linked to an account')}</>;
  const contacts = CONTACTS.flatMap(({ key, label }) => (asker[key] ? [`${t(label)}: ${asker[key]}`] : []));
  return (
    <>
      {asker.name}
      {contacts.length ? <span className="asker-contacts"> ({contacts.join(', ')})</span> : null}
    </>
  );
}
