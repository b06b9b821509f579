// Types of vite-plugin-pwa's virtual modules.
/// <reference types="vite-plugin-pwa/react" />
