import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    css: false,
  },
});
