/** What training a control gives: its model, or why it could not learn (words for a person). */
export type Trained<Model> = { ok: true; model: Model } | { ok: false; problem: string };

/** Fewer annotated tasks than this and a control is not trained. */
export const MIN_EXAMPLES = 5;
