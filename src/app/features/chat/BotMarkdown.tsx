import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { useTranslation } from 'react-i18next';
import remarkGfm from 'remark-gfm';
import { safeUrl, youTubeId, youTubeThumbnail } from './links';

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

function textOf(node: HastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * Keeps each answer's footnote ids apart (the list holds many answers) and fits the answer's
 * headings under the page's h1 without skipping a level.
 */
function rehypeFitIntoChat(prefix: string) {
  return () => (tree: HastNode) => {
    let previous = 1;
    const visit = (node: HastNode) => {
      const props = node.properties;
      if (props) {
        if (props.id === 'footnote-label') props.id = `${prefix}footnote-label`;
        if (Array.isArray(props.ariaDescribedBy)) {
          props.ariaDescribedBy = (props.ariaDescribedBy as unknown[]).map((id) =>
            id === 'footnote-label' ? `${prefix}footnote-label` : id,
          );
        }
      }
      const level = /^h([1-6])$/.exec(node.tagName ?? '')?.[1];
      if (level) {
        previous = Math.min(Number(level) + 1, previous + 1, 6);
        node.tagName = `h${previous}`;
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

function MarkdownLink({ href, children, node, ...rest }: React.JSX.IntrinsicElements['a'] & ExtraProps) {
  const { t } = useTranslation();
  // safeUrl removed the address: show the words, not a link.
  if (!href) return <span className="md-unlinked">{children}</span>;
  if (href.startsWith('#')) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  const videoId = youTubeId(href);
  if (videoId) {
    const words = textOf(node).trim();
    const alt = words && words !== href ? words : t('YouTube video');
    return (
      <a className="youtube-link" href={href} target="_blank" rel="noopener noreferrer">
        <img src={youTubeThumbnail(videoId)} alt={alt} width={120} height={90} loading="lazy" />
        <span className="youtube-caption">{t('Watch on YouTube')}</span>
        <span className="visually-hidden">{t(' (opens in a new tab)')}</span>
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{t(' (opens in a new tab)')}</span>
    </a>
  );
}

/** Task-list boxes are read-only marks; they get a name so they are not unlabelled inputs. */
function MarkdownInput({ node: _node, ...props }: React.JSX.IntrinsicElements['input'] & ExtraProps) {
  const { t } = useTranslation();
  if (props.type !== 'checkbox') return <input {...props} />;
  return <input {...props} aria-label={t(props.checked ? 'Done' : 'Not done')} />;
}

/** Wide tables scroll sideways inside the bubble; the wrapper takes focus so keyboards can scroll it. */
function MarkdownTable({ node: _node, ...props }: React.JSX.IntrinsicElements['table'] & ExtraProps) {
  return (
    // A scrollable region must be reachable by keyboard.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="md-table" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

/** GFM tables have one header row: its cells head columns. */
function MarkdownHeaderCell({ node: _node, ...props }: React.JSX.IntrinsicElements['th'] & ExtraProps) {
  return <th scope="col" {...props} />;
}

const components: Components = {
  a: MarkdownLink,
  input: MarkdownInput,
  table: MarkdownTable,
  th: MarkdownHeaderCell,
};

/**
 * A bot answer as GitHub-flavoured markdown: tables, task lists, strikethrough, footnotes (labels
 * up to 999 characters, SPEC §9, as micromark parses them) and autolinked web addresses. `id`
 * keeps this answer's footnote anchors unique on the page.
 */
export function BotMarkdown({ id, text }: { id: string; text: string }) {
  const prefix = `${id}-`;
  return (
    <Markdown
      remarkPlugins={[remarkGfm]}
      rehypePlugins={[rehypeFitIntoChat(prefix)]}
      remarkRehypeOptions={{
        clobberPrefix: prefix,
        footnoteLabelTagName: 'h2',
        footnoteLabelProperties: { className: ['visually-hidden'] },
      }}
      urlTransform={safeUrl}
      components={components}
    >
      {text}
    </Markdown>
  );
}
