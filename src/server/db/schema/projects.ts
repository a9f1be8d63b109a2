/** Projects: the querying apps and authorized projects, their API keys and prompts. */
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, randomId, timestamptz, updatedAt } from './columns';

/** A querying app (dish, blimey, …) or an authorized project created by a super admin. */
export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

/**
 * The API keys of a project (issue 15): several per project, each stored only as a hash (the
 * secret is shown once, at creation or rotation). A revoked key stays listed with its use.
 */
export const projectKeys = pgTable(
  'project_keys',
  {
    id: randomId(),
    project: text('project')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The secret's first characters, shown so that a person can tell their keys apart. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    lastUsedAt: timestamptz('last_used_at'),
    useCount: integer('use_count').notNull().default(0),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('project_keys_hash_idx').on(t.hash), index('project_keys_project_idx').on(t.project)],
);

/** A project's own suggested prompts (issue 14); a project without a row shows SPEC's six. */
export const projectPrompts = pgTable('project_prompts', {
  project: text('project')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  prompts: jsonb('prompts').$type<string[]>().notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});
