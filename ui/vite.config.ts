import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

// The console is served by the Go binary from ui/dist at "/", with an SPA fallback to index.html.
// react-router's package exports point at its development build for every condition; a production build
// takes the production files it also ships (smaller, no dev-only warnings).
const reactRouterProduction = fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url));

// @refinedev/antd's single-file bundle imports react-markdown (for its MarkdownField, which the console
// does not use). The markdown packages do not declare themselves side-effect free, so without this hint
// their code would ride along with every page that uses refine's antd hooks.
const MARKDOWN_PACKAGES =
  /node_modules\/(react-markdown|remark-[^/]+|micromark[^/]*|mdast-[^/]+|hast-[^/]+|unist-[^/]+|unified|vfile[^/]*|property-information|space-separated-tokens|comma-separated-tokens|style-to-object|inline-style-parser|trough|bail|is-plain-obj|extend|character-entities[^/]*|decode-named-character-reference|ccount|markdown-table|longest-streak|parse-entities|is-(?:alphabetical|alphanumerical|buffer|decimal|hexadecimal|plain-obj)|zwitch|escape-string-regexp)\//;

/**
 * inlineEntryCss puts the first page's stylesheet (a couple of KB) into index.html as a <style>, so the first
 * paint waits for no stylesheet request (issue 19: render-blocking resources on a phone's link). The page's
 * Content-Security-Policy allows inline styles (style-src 'unsafe-inline'), not inline scripts.
 */
function inlineEntryCss(): Plugin {
  return {
    name: "xiangzhi-inline-entry-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== "asset") return tag;
          return `<style>${String(asset.source).trim()}</style>`;
        });
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  base: "/",
  plugins: [react(), inlineEntryCss()],
  resolve: {
    alias: command === "build" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: "dist",
    // Keep ui/dist/.keep (owned by the Go side, so go:embed always has a file) and clear the rest ourselves.
    emptyOutDir: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !MARKDOWN_PACKAGES.test(id) },
      output: {
        // What the first page needs (the entry's static graph, "$initial") comes in two files instead of the
        // thirty-odd small common chunks automatic splitting makes of it (issue 19): the libraries, which
        // change rarely, and the console's own code. Lazy pages import from them.
        codeSplitting: {
          groups: [
            { name: "vendor", tags: ["$initial"], test: /[\\/]node_modules[\\/]/ },
            { name: "boot", tags: ["$initial"] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: process.env.XZ_API ?? "http://127.0.0.1:8080", changeOrigin: true },
      "/healthz": { target: process.env.XZ_API ?? "http://127.0.0.1:8080", changeOrigin: true },
    },
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    // antd in jsdom is slow, more so on a shared 2-core machine.
    testTimeout: 60000,
    // Node's fetch needs absolute URLs; jsdom's page lives at this origin, so MSW's relative handlers match.
    env: { VITE_API_BASE: "http://localhost:3000" },
    server: { deps: { inline: [/@refinedev\//] } },
  },
}));
