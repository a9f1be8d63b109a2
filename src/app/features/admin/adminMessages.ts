import type { FeedbackFilter } from '../../../shared/chat/feedback';

/*
 * Words of the admin screens kept as constants, in English: the keys of their Hindi (src/app/i18n/
 * hiAdmin.ts), translated where they are shown. Here rather than in the screens, so that the
 * Hindi test can read them without loading the screens.
 */

/** SPEC §8 source toasts, word for word (the English keys of their Hindi). */
export const sourceToasts = {
  added: 'Source added successfully.',
  enabled: 'Source enabled successfully.',
  disabled: 'Source disabled successfully.',
  deleted: 'Source deleted successfully.',
  addFailed: 'Failed to add source. Please try again.',
  enableFailed: 'Failed to enable source. Please try again.',
  disableFailed: 'Failed to disable source. Please try again.',
  deleteFailed: 'Failed to delete source. Please try again.',
};

/** The toasts of the row actions (the English keys of their Hindi). */
export const userToasts = {
  blocked: 'User blocked successfully.',
  unblocked: 'User unblocked successfully.',
  madeAdmin: 'User made admin successfully.',
  adminRemoved: 'Admin rights removed successfully.',
};

/** The filter's choices; their words are the English keys of their Hindi. */
export const FEEDBACK_CHOICES: [FeedbackFilter | '', string][] = [
  ['', 'All questions'],
  ['helpful', 'Helpful'],
  ['not_helpful', 'Not helpful'],
  ['none', 'No feedback'],
];
