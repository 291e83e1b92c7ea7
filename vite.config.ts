import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiPort = Number(process.env.PORT ?? 8787);

export default defineConfig({
  root: 'app',
  plugins: [react(), tailwindcss()],
  // Maps are always written; the server hands them out only with SOURCE_MAPS=on (server/http/sourceMaps.ts).
  build: { outDir: '../dist/app', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, ws: true },
      '/ipfs': `http://localhost:${apiPort}`,
    },
  },
});
