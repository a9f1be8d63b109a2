import { readFileSync } from 'node:fs';
import path from 'node:path';

/** ../shared (or SHARED_DIR): the spec, test material and models, read in place, never copied. */
export const sharedDir = path.resolve(process.env.SHARED_DIR ?? '../shared');

export const sharedPath = (...parts: string[]) => path.join(sharedDir, ...parts);

export const material = (...parts: string[]): Uint8Array<ArrayBuffer> =>
  new Uint8Array(readFileSync(sharedPath('material', ...parts)));

/** A file of ../shared/material as a form uploads it: its name and its bytes. */
export const materialFile = (folder: string, name: string) => ({ name, bytes: material(folder, name) });

/** The US Census report on disability (material/documents/pdf), in English, with facts to ask about. */
export const CENSUS_PDF = 'census-americans-with-disabilities-2010_us-001.pdf';

/**
 * Server environment for the plumbing embedding model (real tokenizer, random weights,
 * MODELS.md): for tests about what is indexed rather than how well it ranks, as it embeds in a
 * blink where the real model takes seconds per document.
 */
export const PLUMBING_MODEL_ENV = {
  MODELS_DIR: sharedPath('fixtures'),
  EMBEDDING_MODEL: 'embedding-plumbing-random',
};
