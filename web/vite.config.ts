import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const lib = (name: string) => fileURLToPath(new URL(`../libs/${name}/src/index.ts`, import.meta.url));

// The web imports the same contracts and access rules as the services, from source.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@cti/contracts': lib('contracts'),
      '@cti/access': lib('access'),
      '@cti/scoring-rules': lib('scoring-rules'),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/app-config.json': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
});
