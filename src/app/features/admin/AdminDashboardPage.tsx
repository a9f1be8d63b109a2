import { useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionUserAtom } from '../../state/auth';
import { usePageTitle } from '../../ui/usePageTitle';
import { AdminHeader } from './AdminHeader';
import { DataTab } from './DataTab';
import { ModelsLine } from './ModelsLine';
import { ProjectsTab } from './ProjectsTab';
import { PromptsTab } from './PromptsTab';
import { QuestionsTab } from './QuestionsTab';
import { KnowledgeGapsTab } from './review/KnowledgeGapsTab';
import { ReviewedAnswersTab } from './review/ReviewedAnswersTab';
import { UsersTab } from './UsersTab';

type TabId = 'users' | 'questions' | 'data' | 'prompts' | 'projects' | 'reviewed' | 'gaps';

/** The tabs in their order, each with the panel it opens. */
const TABS: { id: TabId; label: string; hint: string; Panel: ComponentType }[] = [
  { id: 'users', label: 'Users', hint: 'Manage users and their permissions.', Panel: UsersTab },
  {
    id: 'questions',
    label: 'Questions',
    hint: 'View Questions asked by users and their responses.',
    Panel: QuestionsTab,
  },
  { id: 'data', label: 'Data', hint: 'View and manage data ingested into the Chatbot.', Panel: DataTab },
  {
    id: 'prompts',
    label: 'Prompts',
    hint: 'Edit the suggested questions on the dashboard and see which find an answer.',
    Panel: PromptsTab,
  },
  {
    id: 'projects',
    label: 'Projects',
    hint: 'See the projects you administer and manage the API keys they ask DISH with.',
    Panel: ProjectsTab,
  },
  {
    id: 'reviewed',
    label: 'Reviewed answers',
    hint: 'Answers your team approved or wrote, given first to every question of the same meaning.',
    Panel: ReviewedAnswersTab,
  },
  {
    id: 'gaps',
    label: 'Knowledge gaps',
    hint: 'What people asked and did not get, grouped by meaning, with the figures of the period.',
    Panel: KnowledgeGapsTab,
  },
];

/**
 * SPEC §2 /admindashboard: the header, then a tab bar (Users, Questions, Data; Users first), and
 * Prompts, the dashboard's suggested prompts (issue 14 item 4), Projects with their API keys (issue 15),
 * and Reviewed answers and Knowledge gaps (issue 33).
 * The tab is kept in the address (?tab=data), so coming back from Add Data reopens the Data tab.
 * Arrow keys, Home and End move between tabs, which open as focus lands on them.
 */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const user = useAtomValue(sessionUserAtom);
  const isSuper = user?.adminType === 'super';
  usePageTitle(isSuper ? 'Super Admin Dashboard' : 'Admin Dashboard');
  const navigate = useNavigate();
  const { tab } = useSearch({ strict: false });
  const current = TABS.find((x) => x.id === tab) ?? TABS[0]!;
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});

  const open = (id: TabId, focus = false) => {
    if (focus) tabRefs.current[id]?.focus();
    if (id !== current.id) void navigate({ to: '/admindashboard', search: { tab: id }, replace: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((x) => x.id === current.id);
    const target =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    open(target.id, true);
  };

  return (
    <div className="admin">
      <AdminHeader titleIsHeading />
      <div className="admin-body">
        <ModelsLine />
        <div role="tablist" aria-label={t('Admin sections')} className="tab-bar">
          {TABS.map((tab) => {
            const selected = tab.id === current.id;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  tabRefs.current[tab.id] = el;
                }}
                id={`admin-tab-${tab.id}`}
                type="button"
                role="tab"
                className="tab"
                aria-selected={selected}
                aria-controls={selected ? `admin-panel-${tab.id}` : undefined}
                tabIndex={selected ? 0 : -1}
                onClick={() => open(tab.id)}
                onKeyDown={onKeyDown}
              >
                {t(tab.label)}
              </button>
            );
          })}
        </div>
        <div
          role="tabpanel"
          id={`admin-panel-${current.id}`}
          aria-labelledby={`admin-tab-${current.id}`}
          aria-describedby={`admin-hint-${current.id}`}
          className="tab-panel"
        >
          <p id={`admin-hint-${current.id}`} className="tab-hint">
            {t(current.hint)}
          </p>
          <current.Panel />
        </div>
      </div>
    </div>
  );
}
