/*
 * Where Outpost answers differently from the real Label Studio 1.22 on purpose. Each entry names
 * the paths (into `{status, type, body}`, see differential/compare.ts) that differ and why. A case
 * lists the entries it shows, and fails when one of them no longer differs, so this list stays
 * true. Everything not listed here is a bug to fix in Outpost.
 */

export interface KnownDifference {
  paths: readonly string[];
  reason: string;
}

export const KNOWN_DIFFERENCES = {
  // ---- authentication and errors ----

  // ---- projects and label configs ----

  // ---- import ----

  // ---- tasks, annotations, drafts, predictions ----

  // ---- export ----
} satisfies Record<string, KnownDifference>;

export type KnownDifferenceId = keyof typeof KNOWN_DIFFERENCES;
