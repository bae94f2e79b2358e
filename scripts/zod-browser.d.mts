import type { Plugin } from 'vite';

export function zodBrowser(): Plugin;
