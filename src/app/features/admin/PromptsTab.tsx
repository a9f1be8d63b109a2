import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PROMPTS, MAX_PROMPT_LENGTH, MAX_PROMPTS } from '../../../shared/admin/prompts';
import type { AnswerOutcome } from '../../../shared/chat/answer-outcome';
import { QUERYING_APP } from '../../../shared/constants';
import { adminApi } from '../../api/admin';
import { PROMPT_VERDICTS, promptErrors, promptSummary } from './promptForm';
import { adminKeys } from './queryClient';
import { useAdminProjects } from './useAdminProjects';
import { adminToast, reasonOf } from './toasts';
import { ProjectOptions } from './ProjectOptions';

/**
 * The dashboard's suggested prompts of a project the admin administers (issue 14 item 4): edit,
 * save, and check what each saved one gets from the knowledge base now: an answer, only a distant
 * passage, or nothing.
 */
export function PromptsTab() {
  const { t } = useTranslation();
  const projects = useAdminProjects();
  const [project, setProject] = useState(
    projects.includes(QUERYING_APP) ? QUERYING_APP : (projects[0] ?? ''),
  );
  const projectId = useId();
  const saved = useQuery({
    queryKey: [...adminKeys.prompts, project],
    queryFn: () => adminApi.getPrompts(project),
    enabled: project !== '',
  });

  return (
    <section aria-labelledby={`${projectId}-title`}>
      <h2 id={`${projectId}-title`} className="table-title">
        {t('Suggested Prompts')}
      </h2>
      {projects.length > 1 ? (
        <div className="field prompt-project">
          <label htmlFor={projectId}>{t('Project')}</label>
          <select id={projectId} value={project} onChange={(e) => setProject(e.target.value)}>
            <ProjectOptions projects={projects} />
          </select>
        </div>
      ) : null}
      {saved.isPending ? (
        <p>{t('Loading...')}</p>
      ) : saved.isError ? (
        <p role="alert">{t('Could not load the prompts: {{reason}}', { reason: reasonOf(saved.error) })}</p>
      ) : (
        <PromptEditor
          // A project of its own starts from its saved prompts; saving keeps the form (and focus) as it is.
          key={project}
          project={project}
          saved={saved.data}
        />
      )}
    </section>
  );
}

function PromptEditor({
  project,
  saved,
}: {
  project: string;
  saved: { prompts: string[]; custom: boolean };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const [prompts, setPrompts] = useState<string[]>(saved.prompts);
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  /** The field to focus once the list has changed (a new one, or the next after a removal). */
  const focusNext = useRef<number | null>(null);
  const focusField = (index: number) => (inputs.current[index] ?? addButton.current)?.focus();

  useEffect(() => {
    if (focusNext.current === null) return;
    focusField(focusNext.current);
    focusNext.current = null;
  });

  const errors = promptErrors(prompts);
  const summary = submitted ? promptSummary(errors) : null;

  const save = useMutation({
    mutationFn: () => adminApi.savePrompts(project, prompts),
    onSuccess: async () => {
      adminToast.success(t('Suggested prompts saved.'));
      check.reset();
      await queryClient.invalidateQueries({ queryKey: [...adminKeys.prompts, project] });
    },
    onError: (error) =>
      adminToast.error(t('Failed to save the prompts: {{reason}}', { reason: reasonOf(error) })),
  });
  const check = useMutation({ mutationFn: () => adminApi.checkPrompts(project) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (promptSummary(errors)) {
      const first = errors.fields.findIndex((e) => e !== null);
      focusField(first >= 0 ? first : prompts.length);
      return;
    }
    if (!save.isPending) save.mutate();
  };

  const change = (index: number, text: string) =>
    setPrompts((list) => list.map((p, i) => (i === index ? text : p)));
  const remove = (index: number) => {
    setPrompts((list) => list.filter((_, i) => i !== index));
    // The field that takes its place, else the one before, else Add a prompt.
    const next = Math.min(index, prompts.length - 2);
    focusNext.current = next >= 0 ? next : prompts.length;
  };
  const add = () => {
    if (prompts.length >= MAX_PROMPTS) return;
    setPrompts((list) => [...list, '']);
    focusNext.current = prompts.length;
  };
  const changed = prompts.join('\n') !== saved.prompts.join('\n');
  const results = check.data?.results ?? [];
  const count = (outcome: AnswerOutcome) => results.filter((r) => r.outcome === outcome).length;

  return (
    <>
      <p className="field-hint">
        {saved.custom
          ? t('These prompts are shown on the dashboard of this project.')
          : t('The dashboard shows the six default prompts until you save your own.')}{' '}
        {t('Up to {{max}} prompts of at most {{length}} characters.', {
          max: MAX_PROMPTS,
          length: MAX_PROMPT_LENGTH,
        })}
      </p>
      <form
        id={formId}
        className="admin-form prompt-form"
        onSubmit={submit}
        noValidate
        aria-label={t('Suggested prompts')}
      >
        <div role="alert" className="form-errors">
          {summary ? <p>{t(summary)}</p> : null}
        </div>
        <ol className="prompt-fields">
          {prompts.map((prompt, index) => {
            const id = `${formId}-prompt-${index}`;
            const error = submitted ? errors.fields[index] : null;
            return (
              <li key={index} className="field prompt-field">
                <label htmlFor={id}>{t('Prompt {{n}}', { n: index + 1 })}</label>
                <div className="prompt-row">
                  <input
                    ref={(el) => {
                      inputs.current[index] = el;
                    }}
                    id={id}
                    value={prompt}
                    maxLength={MAX_PROMPT_LENGTH + 50}
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(e) => change(index, e.target.value)}
                  />
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t('Remove prompt {{n}}', { n: index + 1 })}
                    onClick={() => remove(index)}
                  >
                    {t('Remove')}
                  </button>
                </div>
                {error ? (
                  <p id={`${id}-error`} className="field-error">
                    {t(error)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div className="toolbar">
          <button
            ref={addButton}
            type="button"
            className="button button-secondary"
            aria-disabled={prompts.length >= MAX_PROMPTS || undefined}
            onClick={add}
          >
            {t('Add a prompt')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setPrompts([...DEFAULT_PROMPTS])}
          >
            {t('Use the six default prompts')}
          </button>
          <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
            {t('Save prompts')}
          </button>
        </div>
      </form>
      <h3>{t('What each prompt finds')}</h3>
      <p className="field-hint">
        {t(
          "Each saved prompt is asked of this project's knowledge base as the chat would ask it; no question is recorded.",
        )}
        {changed ? ` ${t('Save your changes first to check them.')}` : ''}
      </p>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={check.isPending || undefined}
        onClick={() => {
          if (!check.isPending) check.mutate();
        }}
      >
        {t('Check the saved prompts')}
      </button>
      <p role="status" className="prompt-check-status">
        {check.isPending
          ? t('Checking the prompts...')
          : check.isError
            ? t('The prompts could not be checked: {{reason}}', { reason: reasonOf(check.error) })
            : check.data
              ? count('answer') === results.length
                ? t('All {{total}} prompts find an answer.', { total: results.length })
                : t(
                    'Of {{total}} prompts, {{answer}} find an answer, {{closest}} only a distant passage, {{none}} nothing.',
                    {
                      total: results.length,
                      answer: count('answer'),
                      closest: count('closest'),
                      none: count('none'),
                    },
                  )
              : ''}
      </p>
      {check.data ? (
        <ul className="prompt-results">
          {check.data.results.map((r) => (
            <li key={r.prompt} className={`prompt-${r.outcome}`}>
              <span className="prompt-verdict">{t(PROMPT_VERDICTS[r.outcome])}</span>: {r.prompt}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
