import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist.next/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['e2e/**/*.mjs', 'bench/**/*.mjs', 'eslint.config.js'],
    languageOptions: {
      // Node globals, and the browser globals of code run inside pages (page.evaluate).
      globals: Object.fromEntries(
        [
          'process', 'console', 'setTimeout', 'clearTimeout', 'URL', 'Buffer', 'fetch', 'performance',
          'window', 'document', 'navigator', 'getComputedStyle', 'requestAnimationFrame', 'innerHeight', 'innerWidth',
        ].map((g) => [g, 'readonly']),
      ),
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
