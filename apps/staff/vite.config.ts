// Vite build and dev server of the staff console, served at /staff/; /api goes to the Jono server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.JONO_API ?? 'http://localhost:3000';

export default defineConfig({
  base: '/staff/',
  plugins: [react()],
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: true },
});
