import { useTranslation } from 'react-i18next';

/**
 * The options of a project choice (useAdminProjects' projects, by id): after a "Select a project"
 * option where the choice starts empty and must be made.
 */
export function ProjectOptions({ projects, prompt = false }: { projects: string[]; prompt?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {prompt ? <option value="">{t('Select a project')}</option> : null}
      {projects.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </>
  );
}
