import type { DeliverNotice } from './delivery';

const NAMES = { email: 'email address', phone: 'phone number' } as const;

/**
 * A registration with a contact that already has an account is answered as a new account is
 * (issue 31), so the form tells nobody who has an account; the people behind the contacts are
 * told instead: the owner of the taken one, and the other contact given, whose account was not
 * made. Where no delivery is configured for a channel, nobody is told.
 */
export async function tellContacts(
  deliver: DeliverNotice,
  contacts: { email: string | null; phone: string | null },
  taken: 'email' | 'phone',
): Promise<void> {
  const other = taken === 'email' ? 'phone' : 'email';
  const channel = (field: 'email' | 'phone') => (field === 'email' ? 'email' : 'sms');
  const owner = contacts[taken];
  const sends: Promise<boolean>[] = [];
  if (owner) {
    sends.push(
      deliver({
        channel: channel(taken),
        to: owner,
        subject: 'Someone tried to register on DISH with your ' + NAMES[taken],
        text:
          `Someone tried to create a DISH account with this ${NAMES[taken]}, which already has an account. ` +
          'If it was you, sign in, or ask for a one-time code on the sign-in page if you forgot your password. ' +
          'If it was not you, you can ignore this message.',
      }),
    );
  }
  const given = contacts[other];
  if (given) {
    sends.push(
      deliver({
        channel: channel(other),
        to: given,
        subject: 'Your DISH account was not created',
        text:
          `Your DISH account was not created: the ${NAMES[taken]} you gave already belongs to an account. ` +
          `Register again with another ${NAMES[taken]}, or sign in if that account is yours.`,
      }),
    );
  }
  await Promise.all(sends);
}
