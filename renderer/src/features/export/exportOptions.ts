import type { ExportFormat } from '../../../../shared/api/exports';
import { formatBytes } from '../import/progress';

/** An item of `GET /api/projects/{id}/export/formats` (docs/export-formats.md#format-list). */
export type { ExportFormat };

export interface ExportChoice {
  format: string;
  /** false: only tasks with at least one annotation (skipped ones count), Label Studio's default. */
  allTasks: boolean;
  /** Copy the media into the export, for the formats where that is a choice. */
  includeMedia: boolean;
}

/**
 * Formats whose media bundling follows `download_resources`
 * (docs/export-formats.md#media-in-exports). COCO and YOLO ignore it, and their `*_WITH_IMAGES`
 * twins always bundle.
 */
const MEDIA_OPTIONAL = new Set(['VOC', 'ASR_MANIFEST', 'DOCLANG']);

export function offersMediaOption(format: string): boolean {
  return MEDIA_OPTIONAL.has(format);
}

export function bundlesMedia(format: string): boolean {
  return format.endsWith('_WITH_IMAGES');
}

/** Why a format cannot be chosen: the server only says `disabled`, and its rules read the config. */
export const DISABLED_REASON = 'Not available for this labeling config';

export function firstEnabledFormat(formats: readonly ExportFormat[]): string | null {
  return formats.find((format) => !format.disabled)?.name ?? null;
}

/** The easy export's query (docs/export-formats.md#easy-export), in a stable order. */
export function exportQuery(choice: ExportChoice): Record<string, string> {
  const query: Record<string, string> = {
    exportType: choice.format,
    download_all_tasks: choice.allTasks ? 'true' : 'false',
  };
  if (offersMediaOption(choice.format)) query.download_resources = choice.includeMedia ? 'true' : 'false';
  return query;
}

/** The API path with its query, as the Electron bridge takes it. */
export function exportPath(projectId: number, choice: ExportChoice): string {
  return `/api/projects/${projectId}/export?${new URLSearchParams(exportQuery(choice)).toString()}`;
}

/**
 * The file name the server gave, from `Content-Disposition` (RFC 5987 `filename*` first, as
 * browsers do) or Label Studio's own `filename` header; null when neither names one.
 */
export function fileNameFromHeaders(disposition: string | null, filenameHeader: string | null): string | null {
  const extended = /filename\*\s*=\s*(?:utf-8|UTF-8)''([^;]+)/.exec(disposition ?? '')?.[1];
  if (extended) {
    try {
      return safeFileName(decodeURIComponent(extended.trim()));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition ?? '');
  const name = plain?.[1] ?? plain?.[2]?.trim() ?? filenameHeader?.trim() ?? '';
  return name ? safeFileName(name) : null;
}

/** A name, never a path: what follows the last slash, without control characters. */
function safeFileName(name: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).replace(/[\x00-\x1f]/g, '');
  return base && base !== '.' && base !== '..' ? base : null;
}

/** "1.2 MB received", or "1.2 MB of 3.4 MB (35%)" when the size is known. */
export function downloadProgressText(received: number, total: number | null): string {
  if (total === null || total <= 0) return `${formatBytes(received)} received`;
  const percent = Math.min(100, Math.floor((received / total) * 100));
  return `${formatBytes(received)} of ${formatBytes(total)} (${percent}%)`;
}

/** Electron wraps a main-process rejection as "Error invoking remote method '…': Error: why". */
export function bridgeErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '');
}
