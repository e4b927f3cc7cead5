import { svgDataUri } from '../../../../shared/label-config/sampleMedia.js';
import { audioTemplates } from './audioTemplates.js';
import { conversationTemplates } from './conversationTemplates.js';
import { documentTemplates } from './documentTemplates.js';
import { imageTemplates } from './imageTemplates.js';
import { rankingTemplates } from './rankingTemplates.js';
import { textTemplates } from './textTemplates.js';
import { timeSeriesTemplates } from './timeSeriesTemplates.js';
import { TEMPLATE_GROUPS, type Template, type TemplateDraft, type TemplateGroup } from './template.js';
import { videoTemplates } from './videoTemplates.js';

export type { Template, TemplateGroup } from './template.js';

const DRAFTS_BY_GROUP: Record<TemplateGroup, TemplateDraft[]> = {
  'Computer Vision': imageTemplates,
  'Natural Language Processing': textTemplates,
  'Audio & Speech': audioTemplates,
  Video: videoTemplates,
  'Conversational AI': conversationTemplates,
  'Documents & Structured Data': documentTemplates,
  'Time Series': timeSeriesTemplates,
  'Ranking & Scoring': rankingTemplates,
};

const GROUP_COLORS: Record<TemplateGroup, string> = {
  'Computer Vision': '#2980b9',
  'Natural Language Processing': '#27ae60',
  'Audio & Speech': '#8e44ad',
  Video: '#c0392b',
  'Conversational AI': '#16a085',
  'Documents & Structured Data': '#d35400',
  'Time Series': '#2c3e50',
  'Ranking & Scoring': '#f39c12',
};

/** A small offline thumbnail: the group's color with the title's initials. */
function thumbnail(group: TemplateGroup, title: string): string {
  const initials = title
    .split(/[^A-Za-z]+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 3)
    .map((word) => word[0])
    .join('');
  return svgDataUri(
    160,
    100,
    `<rect width="160" height="100" rx="8" fill="${GROUP_COLORS[group]}"/>` +
      `<text x="80" y="62" font-family="sans-serif" font-size="32" fill="#fff" text-anchor="middle">${initials}</text>`,
  );
}

const TEMPLATES: readonly Template[] = TEMPLATE_GROUPS.flatMap((group) =>
  DRAFTS_BY_GROUP[group].map((draft): Template => ({
    title: draft.title,
    type: 'community',
    group,
    image: thumbnail(group, draft.title),
    details: draft.details,
    config: draft.config,
    sample_data: draft.sample_data,
    bundled_editor: draft.needsNewerEditor !== true,
  })),
);

/** Outpost's template gallery, grouped in display order. Also the config corpus other tests reuse. */
export function listTemplates(): Template[] {
  return structuredClone([...TEMPLATES]);
}

/** Group names in display order (Label Studio's `groups`). */
export function listTemplateGroups(): string[] {
  return [...TEMPLATE_GROUPS];
}
