import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// By path, not by package name: Vite bundles the config's relative imports but leaves packages to
// Node, which cannot load the contract's TypeScript.
import { CSP_NONCE_PLACEHOLDER } from '../../packages/contract/src/csp';
import { precompress } from './vite-plugins/precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  // index.html's <style> and script tags, and a <meta property="csp-nonce"> the app reads, carry this
  // placeholder; the server puts a fresh nonce in its place for every page it sends.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React and the router change rarely: their own chunk stays cached across deploys.
    rollupOptions: {
      output: {
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'react' : undefined,
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Screens load lazily and jsdom renders antd slowly on a busy machine.
    testTimeout: 15_000,
  },
});
