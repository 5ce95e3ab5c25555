// Vite build of the web app. The hub server serves dist/ and answers /api, /router and /assets/tasks,
// so `vite dev` proxies those to a running hub (HUBKIT_HUB_URL, default http://127.0.0.1:5174).
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const hubUrl = process.env.HUBKIT_HUB_URL ?? "http://127.0.0.1:5174";

export default defineConfig({
  plugins: [react()],
  build: {
    target: "es2022",
    // Report sizes so the entry chunk budget (~150 KB gzipped) stays visible in `vite build` output.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      "/api": hubUrl,
      "/router": hubUrl,
      "/emulator": hubUrl,
      "/assets/tasks": hubUrl,
    },
  },
});
