/**
 * The database schema, one file per domain. drizzle.config.ts reads this file: a table belongs in
 * one of the files below and is exported here, or migrations will not see it.
 */
export * from './projects';
export * from './users';
export * from './knowledge';
export * from './questions';
export * from './channels';
export * from './conversations';
export * from './voice';
export * from './review';
