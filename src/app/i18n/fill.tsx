import { Fragment, type ReactNode } from 'react';

/** A character no sentence or translation holds, to find where each element goes. */
const MARK = '\u0001';

/**
 * Placeholders for elements inside a translated sentence: `t(text, slots(nodes))`, then
 * `fill(…, nodes)`. Hindi puts the source's name (say) elsewhere in the sentence than English
 * does, so the sentence cannot be cut into pieces around it; and the names are data, never parsed
 * as markup (as a Trans component would parse them).
 */
export function slots(nodes: Record<string, ReactNode>): Record<string, string> {
  return Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
}

/** The translated sentence with its placeholders replaced by the elements. */
export function fill(text: string, nodes: Record<string, ReactNode>): ReactNode {
  return text
    .split(MARK)
    .map((part, index) => (index % 2 ? <Fragment key={index}>{nodes[part]}</Fragment> : part));
}
