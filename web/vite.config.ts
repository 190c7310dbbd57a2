import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fontFiles } from './build/font-files';

// Absolute, because the local gateway loads this file with `configFile` from the repository root, and a
// relative `root` would be read against that working directory rather than this folder.
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * One config for `vite build web` (output web/dist) and for the local gateway's dev server in middleware
 * mode; ports and HMR wiring belong to whoever starts the server, so none are set here.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react(), fontFiles()],
  optimizeDeps: {
    // The workspace package is TypeScript source served through its `exports`; pre-bundling it would
    // freeze a copy that ignores edits to shared/.
    exclude: ['@kehila/shared'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The deployed build ships no source maps (issue 9): they would publish the app's source as written.
    sourcemap: false,
    target: 'es2022',
  },
});
