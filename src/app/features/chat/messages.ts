/** What the chat tells the user in toasts. */
export const NOT_SENT = 'Your question was not sent: the chat is not connected. Please try again.';

/** Issue 14: kept conversations and questions typed offline. English, the keys of src/app/i18n/hi.ts. */
export const conversationText = {
  newConversation: 'New conversation',
  started: 'New conversation started.',
  history: 'Earlier conversations',
  historyHeading: 'Your conversations',
  loading: 'Loading...',
  none: 'You have no conversations yet.',
  untitled: 'Empty conversation',
  shownNow: '(shown now)',
  open: 'Conversation opened: {{title}}',
  remove: 'Delete',
  removeLabel: 'Delete conversation: {{title}}',
  removed: 'Conversation deleted.',
  failed: 'That did not work. Please check your connection and try again.',
  readOnly:
    'You are offline: this is your conversation as this device last saw it. A question you type waits in the box until DISH can be reached.',
  held: 'Your question is waiting in the box. It will be offered for sending when you are back online.',
  offer: 'You are back online. Send the question you typed while offline?',
  sendHeld: 'Send it now',
  keepHeld: 'Not now',
} as const;
