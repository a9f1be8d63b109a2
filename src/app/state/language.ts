/**
 * The interface language (issue 14 item 7). A visitor's choice stays in this browser; a signed-in
 * user's is also kept on the server, so it follows them. At sign-in the user's stored language
 * wins; a user who never chose one keeps (and stores) the one this browser was showing.
 */
import { atom } from 'jotai';
import { DEFAULT_LANGUAGE, isUiLanguage, type UiLanguage } from '../../shared/i18n/languages';
import { applyLanguage } from '../i18n/i18n';
import { sessionUserAtom, userUnconfirmedAtom } from './auth';
import { authCalls } from './lazy-calls';
import { store } from './store';

/** Where a visitor's choice is kept in this browser. */
export const LANGUAGE_STORAGE_KEY = 'dish:language';

export const languageAtom = atom<UiLanguage>(DEFAULT_LANGUAGE);

function remembered(): UiLanguage | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isUiLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function remember(language: UiLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage refused: the choice holds for this visit only
  }
}

async function show(language: UiLanguage): Promise<void> {
  await applyLanguage(language);
  store.set(languageAtom, language);
}

/** Saves a signed-in user's choice on the server; a failure leaves it in this browser only. */
async function saveForUser(language: UiLanguage): Promise<void> {
  const user = store.get(sessionUserAtom);
  if (!user || store.get(userUnconfirmedAtom)) return;
  try {
    await (await authCalls()).setLanguage(language);
    // Still the same sign-in (not signed out meanwhile): the user as the server now has them.
    const now = store.get(sessionUserAtom);
    if (now?.id === user.id) store.set(sessionUserAtom, { ...now, language });
  } catch (error) {
    console.warn('The language could not be saved for this account; it is kept in this browser.', error);
  }
}

/** The language switch: shown at once, remembered here and, when signed in, on the server. */
export async function chooseLanguage(language: UiLanguage): Promise<void> {
  remember(language);
  await show(language);
  await saveForUser(language);
}

/** At start: this browser's last choice (English when none). */
export async function restoreLanguage(): Promise<void> {
  await show(remembered() ?? DEFAULT_LANGUAGE);
}

/** A user the server confirms: their stored language wins; none stored, this browser's is kept for them. */
function followUser(): void {
  const user = store.get(sessionUserAtom);
  if (!user || store.get(userUnconfirmedAtom)) return;
  if (user.language) {
    remember(user.language);
    if (user.language !== store.get(languageAtom)) void show(user.language);
  } else if (remembered()) {
    void saveForUser(store.get(languageAtom));
  }
}
store.sub(sessionUserAtom, followUser);
store.sub(userUnconfirmedAtom, followUser);
