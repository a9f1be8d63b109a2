import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REVIEWED_SOURCES, type ReviewedSource } from '../../../../shared/admin/reviewed';
import { adminApi } from '../../../api/admin';
import { FormField } from '../../../ui/FormField';
import { adminKeys } from '../queryClient';
import { SEARCH_DEBOUNCE_MS } from '../table/DataTable';
import { reasonOf } from '../toasts';
import { linkError, withSource } from './reviewForm';

const PICK_PAGE = 10;

interface SourcePickerProps {
  project: string;
  sources: ReviewedSource[];
  onChange: (sources: ReviewedSource[]) => void;
  error: string | null;
}

/** Enter in a field of its own adds, rather than sending the whole form. */
const onEnter = (action: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  action();
};

/**
 * A reviewed answer's sources: items of the project's knowledge base, found by words of their
 * title (the Data tab's get_data_bank search), or a link typed with its title.
 */
export function SourcePicker({ project, sources, onChange, error }: SourcePickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [words, setWords] = useState('');
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const full = sources.length >= MAX_REVIEWED_SOURCES;

  useEffect(() => {
    const timer = setTimeout(() => setWords(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  // A comma would start another `key: value` term; in a title it is just a word break.
  const search = `project: ${project}, title: ${words.replace(/,/g, ' ')}`;
  const found = useQuery({
    queryKey: [...adminKeys.pickItems, project, words],
    queryFn: () => adminApi.getIngested({ page: 1, size: PICK_PAGE, search }, null),
    enabled: words !== '' && project !== '',
  });
  // `project:` matches as words do (dish matches dish_partner): keep the project's own, with an address.
  const items = (found.data?.data ?? []).filter((item) => item.project === project && item.url);

  const add = (source: ReviewedSource) => {
    if (!full) onChange(withSource(sources, source));
  };
  const addLink = () => {
    const problem = linkError(url);
    setUrlError(problem);
    if (problem || full) return;
    add({ url: url.trim(), title: title.trim() });
    setUrl('');
    setTitle('');
  };

  return (
    <fieldset className="review-fieldset">
      <legend>{t('Sources')}</legend>
      {sources.length === 0 ? (
        <p className="field-hint">{t('No sources yet. An answer may have none.')}</p>
      ) : (
        <ul className="review-sources" aria-label={t('Chosen sources')}>
          {sources.map((source, index) => (
            <li key={`${source.itemId ?? ''}${source.url}`}>
              <span className="review-source-title">{source.title || source.url}</span>{' '}
              <span className="field-hint">
                {source.itemId ? t('(an item of the data)') : t('(a link)')} {source.title ? source.url : ''}
              </span>{' '}
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={t('Remove source {{name}}', { name: source.title || source.url })}
                onClick={() => onChange(sources.filter((_, i) => i !== index))}
              >
                {t('Remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="field-error">{t(error)}</p> : null}
      <FormField label="Find an item of the project's data" hint="Words of its title.">
        {(props) => (
          <input
            {...props}
            type="search"
            value={input}
            autoComplete="off"
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={onEnter(() => setWords(input.trim()))}
          />
        )}
      </FormField>
      <p role="status" className="field-hint">
        {words === ''
          ? ''
          : found.isPending
            ? t('Searching...')
            : found.isError
              ? t('The items could not be searched: {{reason}}', { reason: reasonOf(found.error) })
              : items.length === 0
                ? t('No items found.')
                : (found.data?.total ?? 0) > PICK_PAGE
                  ? t('The first {{n}} of {{total}} items found; more words find fewer.', {
                      n: items.length,
                      total: found.data?.total ?? 0,
                    })
                  : t('{{n}} items found.', { n: items.length })}
      </p>
      {items.length > 0 ? (
        <ul className="review-sources" aria-label={t('Items found')}>
          {items.map((item) => {
            const chosen = sources.some((s) => s.itemId === item._id);
            return (
              <li key={item._id}>
                <span className="review-source-title">{item.title || item.url}</span>{' '}
                <span className="field-hint">{item.url}</span>{' '}
                <button
                  type="button"
                  className="button button-small button-secondary"
                  aria-disabled={chosen || full || undefined}
                  onClick={() =>
                    add({ itemId: item._id, url: item.url ?? '', title: item.title || (item.url ?? '') })
                  }
                >
                  {chosen ? t('Added') : t('Add')}
                  <span className="visually-hidden"> ({item.title || item.url})</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="review-link">
        <FormField label="Or a link (URL)" error={urlError}>
          {(props) => (
            <input
              {...props}
              type="url"
              value={url}
              autoComplete="off"
              onChange={(e) => {
                setUrl(e.target.value);
                setUrlError(null);
              }}
              onKeyDown={onEnter(addLink)}
            />
          )}
        </FormField>
        <FormField label="Title of the link (optional)">
          {(props) => (
            <input
              {...props}
              value={title}
              autoComplete="off"
              onChange={(e) => setTitle(e.target.value)}
              onKeyDown={onEnter(addLink)}
            />
          )}
        </FormField>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={full || undefined}
          onClick={addLink}
        >
          {t('Add the link')}
        </button>
      </div>
      {full ? (
        <p className="field-hint">
          {t('An answer has at most {{max}} sources.', { max: MAX_REVIEWED_SOURCES })}
        </p>
      ) : null}
    </fieldset>
  );
}
