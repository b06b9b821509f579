// Types of vite-plugin-pwa's virtual modules and of the constants the build defines.
/// <reference types="vite-plugin-pwa/react" />

// Set by locales.plugin.ts: where the translation files are served and which languages exist.
declare const __LOCALES_BASE__: string;
declare const __LOCALE_LANGUAGES__: string[];
