import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
