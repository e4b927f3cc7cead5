import type { Db } from '../../db/open.js';
import { readSetting, writeSetting } from '../../db/repos/settingsRepo.js';

export interface JwtSettings {
  api_tokens_enabled: boolean;
  legacy_api_tokens_enabled: boolean;
}

// Outpost enables legacy tokens by default (unlike new Label Studio organizations): scripts written
// for older servers use `Token` keys, and the local server has one user who owns both kinds.
const DEFAULTS: JwtSettings = { api_tokens_enabled: true, legacy_api_tokens_enabled: true };

export function readJwtSettings(db: Db): JwtSettings {
  const stored = readSetting(db, 'jwt_settings');
  return stored ? { ...DEFAULTS, ...(JSON.parse(stored) as Partial<JwtSettings>) } : DEFAULTS;
}

export function updateJwtSettings(db: Db, changes: Partial<JwtSettings>): JwtSettings {
  const next = { ...readJwtSettings(db), ...changes };
  writeSetting(db, 'jwt_settings', JSON.stringify(next));
  return next;
}
