import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The Label Studio editor's prebuilt files, served as they are (its CSS breaks Vite's CSS minifier). */
const EDITOR_FILES: Record<string, { source: string; type: string }> = {
  'lsf/main.js': { source: 'build/static/js/main.js', type: 'text/javascript; charset=utf-8' },
  'lsf/main.css': { source: 'build/static/css/main.css', type: 'text/css; charset=utf-8' },
};
const EDITOR_PACKAGE = fileURLToPath(new URL('./node_modules/@heartexlabs/label-studio/', import.meta.url));

/** Copies the editor into the build as static files, and serves the same files in `vite` dev mode. */
function labelStudioEditorFiles(): Plugin {
  return {
    name: 'outpost-label-studio-editor',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = (request.url ?? '').split('?')[0]?.replace(/^\/+/, '') ?? '';
        const file = EDITOR_FILES[name];
        if (!file) return next();
        response.setHeader('Content-Type', file.type);
        createReadStream(EDITOR_PACKAGE + file.source).pipe(response);
      });
    },
    generateBundle() {
      for (const [fileName, file] of Object.entries(EDITOR_FILES)) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(EDITOR_PACKAGE + file.source) });
      }
    },
  };
}

const page = (name: string) => fileURLToPath(new URL(`./renderer/${name}`, import.meta.url));

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), labelStudioEditorFiles()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    // The editor page is a second entry: it runs Label Studio in an iframe, away from the app's styles.
    rollupOptions: { input: { main: page('index.html'), editor: page('editor.html') } },
  },
});
