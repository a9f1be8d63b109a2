/**
 * What a sentence-embedding model expects in front of what it reads. Some models were trained
 * with a marker telling a question from a text to be searched (the e5 family: "query: " and
 * "passage: "; its model card says it ranks worse without them); others, such as
 * all-MiniLM-L6-v2, with none. The prefixes belong to the model, so they are known for the
 * families the server supports and can be set for any other (EMBEDDING_QUERY_PREFIX,
 * EMBEDDING_PASSAGE_PREFIX).
 */
export interface ModelPrefixes {
  /** Before a question. */
  query: string;
  /** Before a text that is searched: a passage, a sentence. */
  passage: string;
}

/** What an embedded text is: a question, or a text to be found. */
export type TextRole = keyof ModelPrefixes;

const NONE: ModelPrefixes = { query: '', passage: '' };
const E5: ModelPrefixes = { query: 'query: ', passage: 'passage: ' };

/**
 * The prefixes of a model by its name (a folder or a Hub id: "multilingual-e5-small",
 * "Xenova/multilingual-e5-small", "intfloat/e5-base-v2"), each replaced by the setting when given
 * (an empty setting means none).
 */
export function modelPrefixes(
  model: string,
  settings: { query?: string | undefined; passage?: string | undefined } = {},
): ModelPrefixes {
  const name = model.split('/').at(-1) ?? model;
  const family = /(^|[-_])e5([-_]|$)/i.test(name) ? E5 : NONE;
  return { query: settings.query ?? family.query, passage: settings.passage ?? family.passage };
}

/** How the prefixes enter a model's identity: vectors made with other prefixes are made again. */
export function describePrefixes(prefixes: ModelPrefixes): string {
  return prefixes.query || prefixes.passage
    ? `, query prefix ${JSON.stringify(prefixes.query)}, passage prefix ${JSON.stringify(prefixes.passage)}`
    : '';
}
