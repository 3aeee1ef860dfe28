// Vite build of the PWA shell: React, the locale parts, and a prompt-type service worker that
// precaches the shell and every locale chunk, so the app opens offline in any language.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';
import { localeSplit } from './scripts/locale-split';
import { lightChunks } from './scripts/light-chunks';

const light = lightChunks();

const API_TARGET = 'http://localhost:8080';

export default defineConfig({
  plugins: [
    // The locale files as per-entry parts (virtual:locale/<lang>-<part>), see the plugin.
    localeSplit(),
    // The public pages' first load in two chunks instead of forty (see the plugin).
    light.plugin,
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Gatehouse',
        short_name: 'Gatehouse',
        description: 'Offline-first visitor and attendance management',
        theme_color: '#1f3a5f',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // webmanifest: the kiosk's own manifest (public/kiosk.webmanifest) is there offline too.
        globPatterns: ['**/*.{js,css,html,svg,png,json,woff2,webmanifest}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/],
        cleanupOutdatedCaches: true,
        // The first install takes the page it was installed from, so a device that goes offline
        // before any reload still loads its lazy screens and workers from the cache.
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // The company's logo (top bar, kiosk header, badges) offline too. A new logo has a new
        // URL (the old one stops answering), so a cached one is never stale.
        runtimeCaching: [
          {
            urlPattern: /\/api\/company-logo\//,
            handler: 'CacheFirst',
            options: { cacheName: 'gatehouse-company-logos', expiration: { maxEntries: 8 } },
          },
        ],
      },
    }),
    // Last: .br and .gz of every text file, including the service worker written above.
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: light.groups } } },
  },
});
