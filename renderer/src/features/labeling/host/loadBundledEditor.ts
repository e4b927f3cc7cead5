/**
 * Loads the editor Outpost bundles (Label Studio 1.4.0, a UMD bundle that sets `window.LabelStudio`).
 * Its files are static copies (see vite.config.ts), added here so Vite leaves them alone.
 */
export function loadBundledEditor(): Promise<void> {
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = new URL('./lsf/main.css', location.href).href;
  // First in <head>, so this page's own small stylesheet wins where both set something.
  document.head.prepend(style);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL('./lsf/main.js', location.href).href;
    // Served with CORS for this opaque-origin frame: its errors then carry their messages.
    script.crossOrigin = 'anonymous';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The labeling editor could not be loaded.'));
    document.head.append(script);
  });
}
