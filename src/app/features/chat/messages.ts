/** What the chat tells the user in toasts. */
export const NOT_SENT = 'Your question was not sent: the chat is not connected. Please try again.';
