import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { clientRoutes } from './build/client-routes';
import { fontFiles } from './build/font-files';
import { plainErrorFallback } from './build/plain-error-fallback';
import { LOGIN_TEMPLATE, prerenderPublicPages, PUBLIC_TEMPLATE } from './build/prerender';
import { pwa } from './build/pwa';

// Absolute, because the local gateway loads this file with `configFile` from the repository root, and a
// relative `root` would be read against that working directory rather than this folder.
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const repoRoot = decodeURIComponent(new URL('..', import.meta.url).pathname);

/**
 * One config for `vite build web` (output web/dist) and for the local gateway's dev server in middleware
 * mode; ports and HMR wiring belong to whoever starts the server, so none are set here.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react(), clientRoutes(), plainErrorFallback(), fontFiles(), prerenderPublicPages(), pwa()],
  optimizeDeps: {
    // The workspace package is TypeScript source served through its `exports`; pre-bundling it would
    // freeze a copy that ignores edits to shared/.
    exclude: ['@kehila/shared'],
  },
  server: {
    // The dev server serves the web app and nothing else of the repository (docs/local-stack.md): its
    // own folder, the shared package's source it imports, and the installed packages. Workspace links
    // under node_modules/@kehila would reach the server code, so they are denied (the app imports
    // shared/ by its real path); so are secrets, the local data and the tooling's own files.
    fs: {
      strict: true,
      allow: [webRoot, `${repoRoot}shared/src`, `${repoRoot}node_modules`],
      deny: [
        '.env',
        '.env.*',
        '*.{crt,pem,key,p12,pfx,cer,der}',
        '.npmrc',
        '.yarnrc.yml',
        '**/.git/**',
        '**/.data/**',
        '**/node_modules/@kehila/**',
        'package.json',
        'package-lock.json',
        'tsconfig*.json',
        'vite.config.*',
      ],
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The deployed build ships no source maps (issue 9): they would publish the app's source as written.
    sourcemap: false,
    target: 'es2022',
    // Every browser that runs es2022 preloads modules itself (Safari 17+, Firefox 115+, Chromium); an older
    // one only loads a chunk's imports one after another.
    // The prerendered /login paints without JavaScript, so login.html preloads none of its modules: on a
    // slow link they would share it with the stylesheets its first paint waits for. Its entry script
    // names its imports itself (one more round trip to hydration, none to the first paint).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'html' && hostId === LOGIN_TEMPLATE ? [] : deps,
    },
    rolldownOptions: {
      // The app (index.html, the SPA of every other route), the public pages' template and /login's, which
      // the prerender plugin fills per page and language (docs/public-pages.md).
      input: {
        index: `${webRoot}index.html`,
        public: `${webRoot}${PUBLIC_TEMPLATE}`,
        login: `${webRoot}${LOGIN_TEMPLATE}`,
      },
      treeshake: {
        // Amplify's published modules keep bare imports of the SHA-256 and hex helpers
        // (`import '@aws-crypto/sha256-js'`) where they use nothing of them; those packages declare no
        // side effects, but say so nowhere, so without this every signed-in visit would load them.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](@aws-crypto|@smithy)[\\/]/, sideEffects: false }],
      },
    },
  },
});
