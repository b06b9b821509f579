// Vite build and dev server of the customer app; /api goes to the Jono server in development.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pwaPlugin } from './pwa.config';

export default defineConfig({
  plugins: [react(), pwaPlugin()],
  // The API and the shop images it serves (/media) come from the Jono server on port 3000.
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    rolldownOptions: {
      // The contract builds its zod schemas at module level; marking it side-effect free lets
      // a screen that needs only constants leave the schemas (and zod) out.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]src/.test(id),
        // Building a zod schema (`z.object(...)`, `z.string().min(...)`) has no side effect, so a
        // contract file kept for one constant (SERVER_TEXT in errors.ts) drops its unused schemas
        // and zod stays off /home.
        manualPureFunctions: ['z'],
      },
    },
  },
});
