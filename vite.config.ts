import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The public pages arrive prerendered, so their scripts only hydrate them: fetching them at low priority lets
// the browser spend the first round trips on the HTML, the stylesheet and the images that paint.
function scriptsAfterPaint(): Plugin {
  return {
    name: 'mygenie-scripts-after-paint',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      // The app and the fortune embed have no prerendered page, so their scripts are what paints: they keep
      // their normal priority.
      handler: (html, context) =>
        context.path.startsWith('/app/') || context.path.startsWith('/fortune-embed/')
          ? html
          : html
              .replace(
                /<script type="module" crossorigin/g,
                '<script type="module" fetchpriority="low" crossorigin',
              )
              .replace(
                /<link rel="modulepreload" crossorigin/g,
                '<link rel="modulepreload" fetchpriority="low" crossorigin',
              ),
    },
  };
}

const root = import.meta.dirname;

export default defineConfig({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'public'),
  plugins: [react(), scriptsAfterPaint()],
  worker: { format: 'es' },
  build: {
    outDir: path.join(root, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        site: path.join(root, 'web/index.html'),
        app: path.join(root, 'web/app/index.html'),
        // Its own entry, so lunar-javascript and the phrase banks load only there.
        fortune: path.join(root, 'web/fortune-embed/index.html'),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
