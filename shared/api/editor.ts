import { z } from 'zod';

/*
 * Which Label Studio editor labels a project, and how a cached remote editor is laid out.
 *
 * Outpost bundles Label Studio's editor 1.4.0. A remote Label Studio (1.22) serves a newer one as
 * chunks of its web app; sync caches those files in `<data folder>/editors/<key>/`, each listed
 * with its SHA-256 in that folder's `manifest.json`, and the server serves them, re-checked, at
 * `/outpost-editors/<key>/<file>` (see CONTRIBUTING.md, "Label Studio 1.22's editor").
 */

/** The version of the editor Outpost bundles (`@heartexlabs/label-studio`). */
export const BUNDLED_EDITOR_VERSION = '1.4.0';

/**
 * The tags the bundled editor (1.4.0) can show, read from its tag registry; a config with any
 * other tag cannot be shown by it. Its registry also has a List and a Ranker, left out here (see
 * `BUNDLED_EDITOR_OUTDATED_TAGS`).
 */
export const BUNDLED_EDITOR_TAGS: readonly string[] = (
  'audio audioplus brush brushlabels channel choice choices collapse dialog ellipse ellipselabels filter header ' +
  'hypertext hypertextlabels image keypoint keypointlabels label labels number pairwise panel paragraphlabels ' +
  'paragraphs polygon polygonlabels rating rectangle rectanglelabels relation relations shortcut style table ' +
  'taxonomy text textarea timeseries timeserieslabels video view'
).split(' ');

/**
 * Tags 1.4.0 registers under today's names but in an older form: its List and Ranker take other
 * attributes and write another result than today's List + Ranker (with Bucket) pair, so a config
 * written for today's Label Studio needs a newer editor for them.
 */
export const BUNDLED_EDITOR_OUTDATED_TAGS: readonly string[] = ['list', 'ranker'];

/** The URL folder a cached editor's files are served from: `/outpost-editors/<key>/`. */
export const CACHED_EDITOR_PATH = '/outpost-editors';

/**
 * How to start a cached editor in a page, read off the remote's own web app:
 * load `scripts` in order, then `modules` with their entry removed (they hold modules the editor
 * needs, but their entry would start the remote's whole app), add `styles`, then have webpack's
 * runtime load `chunks` and run `module`, which sets `window.LabelStudio`. `styleModules` are
 * modules whose export is CSS that only the app's entry would have added (1.22's Tailwind rules,
 * which draw the editor's buttons): the page adds them as a <style>.
 */
export interface EditorBoot {
  /** The webpack chunk array the remote's bundles push into (`webpackChunklabelstudio`). */
  chunkGlobal: string;
  scripts: string[];
  modules: string[];
  styles: string[];
  chunks: number[];
  module: number;
  styleModules: number[];
  /**
   * `window.APP_SETTINGS.feature_flags` as the remote's own pages set it (see
   * electron/core/sync/editor/editorFeatureFlags.ts); the editor behaves by them.
   */
  featureFlags: Record<string, boolean>;
}

/**
 * A file the editor's stylesheets take from its server's root (1.22's Figtree fonts at
 * `/static/fonts/`), kept as `name` in the editor's folder and served by Outpost at `path`.
 */
export interface SiteFile {
  path: string;
  name: string;
}

export interface CachedEditorFile {
  name: string;
  size: number;
  sha256: string;
}

/** `manifest.json` of one cached editor; also served at `/outpost-editors/<key>/manifest.json`. */
export interface CachedEditorManifest {
  key: string;
  /** The remote's release (`/api/version` `release`), e.g. `1.22.0`. */
  release: string;
  /** The editor's own commit (`/api/version` `label-studio-frontend.commit`), when it says. */
  commit: string | null;
  /** The server it was downloaded from, and when (ISO time). */
  source: string;
  fetched_at: string;
  boot: EditorBoot;
  /** Lower-case tag names the editor registers (`Registry.addTag("datetime", ...)` in its code). */
  tags: string[];
  /** Absent in manifests written before site files were kept. */
  site_files?: SiteFile[];
  files: CachedEditorFile[];
}

/** `GET /api/outpost/projects/{id}/editor`: the editor this project labels with. */
export const projectEditorSchema = z.strictObject({
  kind: z.enum(['bundled', 'cached']),
  /** The cached editor's key (`editor.html?editor=<key>`); null for the bundled one. */
  key: z.string().nullable(),
  /** `1.4.0` for the bundled editor; the remote's release for a cached one. */
  version: z.string(),
  /** Where a cached editor came from; null for the bundled one. */
  source: z.string().nullable(),
  /** Lower-case tag names this editor can render. */
  tags: z.array(z.string()),
  /**
   * Why the editor one would expect is not used, in a sentence (a cached file failed its check
   * and was removed; the project's remote has not served one yet); null when nothing is amiss.
   */
  notice: z.string().nullable(),
});
export type ProjectEditor = z.infer<typeof projectEditorSchema>;

/** `GET /api/outpost/projects/{id}/editor/choices`: what its settings offer to label a project with. */
export const projectEditorChoicesSchema = z.strictObject({
  /** False for a mirrored project: it labels with its own remote's editor. */
  choosable: z.boolean(),
  /** The cached editor chosen for it; null: the bundled editor. */
  chosen: z.string().nullable(),
  /** Every cached editor on this computer, newest release first. */
  editors: z.array(
    z.strictObject({ key: z.string(), version: z.string(), source: z.string(), fetched_at: z.string() }),
  ),
});
export type ProjectEditorChoices = z.infer<typeof projectEditorChoicesSchema>;

/** `PUT /api/outpost/projects/{id}/editor`: a cached editor's key, or null for the bundled editor. */
export const chooseProjectEditorSchema = z.object({
  editor: z
    .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Not a valid string.') })
    .max(200, 'Ensure this field has no more than 200 characters.')
    .nullable(),
});
