/** Columns and column types that tables of several domains share. */
import { customType, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A row's key, drawn at random. */
export const randomId = () => uuid('id').primaryKey().defaultRandom();

/** Times are instants (timestamptz): a process in any time zone reads the same moment. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** The row of another table that this row belongs to: deleting that row deletes this one. */
export const partOf = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
