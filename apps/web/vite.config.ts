// Vite build of the web app (dist/) and of its server renderer (dist-ssr/). The hub server serves dist/ and answers /api, /router and /assets/tasks,
// so `vite dev` proxies those to a running hub (HUBKIT_HUB_URL, default http://127.0.0.1:5174).
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const hubUrl = process.env.HUBKIT_HUB_URL ?? "http://127.0.0.1:5174";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The server renderer is one self-contained bundle (React included), so the hub can load it from
  // wherever the build is copied.
  ssr: { noExternal: true },
  // …with React's production build, whatever NODE_ENV the hub runs with.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  build: {
    target: isSsrBuild ? "node20" : "es2022",
    // The hub server reads the manifest to preload the chunks of the page it renders.
    manifest: !isSsrBuild,
    // Report sizes so the entry chunk budget (~150 KB gzipped) stays visible in `vite build` output.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    // React, its router, the JSX runtime and the small modules every page loads (session, lazy
    // loading, the icon base, the error page) in one chunk (not the highlighter: a group takes its
    // modules' imports along, and it once put highlight.js on every page's first load, 12 KB gz): as separate files each was compressed on its own, and the model page's
    // first load went over its budget by their repeated overhead (about 2 KB gzipped).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "shell",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|[\\/]src[\\/]lib[\\/](session|lazy)\.ts$|[\\/]src[\\/]components[\\/]NotFound\.tsx$|lucide-react[\\/].*createLucideIcon/,
                },
                // highlight.js and its languages, one file: loaded in the browser only when a code
                // block's code changes (the server sends the page's blocks highlighted).
                {
                  name: "highlighter",
                  test: /node_modules[\\/]highlight\.js[\\/]|[\\/]src[\\/]lib[\\/]highlight\.ts$/,
                },
              ],
            },
          },
        },
  },
  server: {
    proxy: {
      "/api": hubUrl,
      "/router": hubUrl,
      "/emulator": hubUrl,
      "/assets/tasks": hubUrl,
    },
  },
}));
