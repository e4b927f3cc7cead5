/** A key the labeling config binds itself (`hotkey` on a Choice, Label, Taxonomy item...). */
export interface ConfigHotkey {
  keys: string;
  /** What it picks: the option's value, and the control it belongs to. */
  description: string;
}

/**
 * The hotkeys the project's labeling config declares, in config order, for the shortcuts overlay.
 * A config the browser cannot parse has none to show (the editor reports the config itself).
 */
export function configHotkeys(config: string): ConfigHotkey[] {
  const parsed = new DOMParser().parseFromString(config, 'text/xml');
  if (parsed.querySelector('parsererror')) return [];
  return [...parsed.querySelectorAll('[hotkey]')].flatMap((element) => {
    const keys = element.getAttribute('hotkey')?.trim() ?? '';
    if (!keys) return [];
    const what = element.getAttribute('value') ?? element.getAttribute('alias') ?? element.tagName;
    const control = element.parentElement?.getAttribute('name');
    return [{ keys, description: control ? `${what} (${control})` : what }];
  });
}
