/**
 * How texts are cut into runs of the model. The model pads every text of a run to the run's
 * longest, so texts of like length go together (sorted over the whole call). A run is also kept
 * short: a question's text waits for the run in the model before it goes, and sixteen texts of
 * the longest kind (256 word pieces each) took 1.3 s on the machine of docs/performance.md
 * ("questions while indexing"), where sixteen sentences take 0.2 s. Length is counted in
 * characters, which every model's tokenizer turns into word pieces at a like rate.
 */

/** Texts in one run at most: more gains no speed (docs/performance.md). */
export const RUN_TEXTS = 16;
/** A run's texts times its longest text's characters, at most: sixteen sentences of 256. */
export const RUN_CHARACTERS = RUN_TEXTS * 256;

/** The indices of `texts` in runs: shortest first, each run at most RUN_TEXTS and RUN_CHARACTERS. */
export function likeLengthRuns(texts: readonly string[]): number[][] {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
  const runs: number[][] = [];
  let run: number[] = [];
  for (const i of order) {
    // Sorted, so the text being added is the run's longest.
    const padded = (run.length + 1) * texts[i]!.length;
    if (run.length && (run.length === RUN_TEXTS || padded > RUN_CHARACTERS)) {
      runs.push(run);
      run = [];
    }
    run.push(i);
  }
  if (run.length) runs.push(run);
  return runs;
}
