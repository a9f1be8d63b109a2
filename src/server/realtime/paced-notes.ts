/**
 * Progress notes paced for people. The first note goes at once; a later one only once the note
 * shown has stood for `minShownMs`, and a note overtaken meanwhile is never sent. The end ('')
 * drops a held note and removes the shown one. An answer found in milliseconds thus shows one
 * note, not three that a screen reader would still be reading after the answer arrived, and
 * sends fewer frames to every tab of the session (docs/chat.md, "Progress notes").
 */
export function pacedNotes(send: (text: string) => void, minShownMs = 400): (text: string) => void {
  let shown = false;
  let shownAt = 0;
  let held: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  const show = (text: string) => {
    clearTimeout(timer);
    timer = undefined;
    held = null;
    send(text);
    shown = text !== '';
    shownAt = performance.now();
  };
  return (text) => {
    // Nothing is held while nothing is shown.
    if (text === '') return shown ? show('') : undefined;
    const wait = shownAt + minShownMs - performance.now();
    if (!shown || wait <= 0) return show(text);
    held = text;
    timer ??= setTimeout(() => held !== null && show(held), wait);
  };
}
