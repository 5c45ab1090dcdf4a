import { defineConfig } from "vitest/config";
import type { Plugin, Rolldown } from "vite";
import react from "@vitejs/plugin-react";
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { antdStaticStyles } from "./build/antdStyles.ts";

// The console is served by the Go binary from ui/dist at "/", with an SPA fallback to index.html.
// react-router's package exports point at its development build for every condition; a production build
// takes the production files it also ships (smaller, no dev-only warnings).
const reactRouterProduction = fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url));

// @refinedev/antd's single-file bundle imports react-markdown (for its MarkdownField, which the console
// does not use). The markdown packages do not declare themselves side-effect free, so without this hint
// their code would ride along with every page that uses refine's antd hooks.
const MARKDOWN_PACKAGES =
  /node_modules\/(react-markdown|remark-[^/]+|micromark[^/]*|mdast-[^/]+|hast-[^/]+|unist-[^/]+|unified|vfile[^/]*|property-information|space-separated-tokens|comma-separated-tokens|style-to-object|inline-style-parser|trough|bail|is-plain-obj|extend|character-entities[^/]*|decode-named-character-reference|ccount|markdown-table|longest-streak|parse-entities|is-(?:alphabetical|alphanumerical|buffer|decimal|hexadecimal|plain-obj)|zwitch|escape-string-regexp)\//;

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup["name"], (...args: never[]) => unknown>>[1];

/**
 * The signed-in console (refine, the shell) and the first module list are one file each (issue 19, the first
 * module list on a phone's link): automatic splitting cut their static graphs into ≈ 50 small chunks shared in
 * every combination with the other pages, and on HTTP/1.1 (six connections) each wave of them cost several
 * round trips. A module goes into the first of these files whose entry imports it statically, directly or not:
 * the console's root, then the list page (what the list shares with the form and detail pages comes with the
 * list, which every session opens first). The entry's own graph is taken before by the vendor and boot groups.
 */
const CONSOLE_ROOTS: [string, string][] = [
  ["console", fileURLToPath(new URL("./src/app/RefineRoot.tsx", import.meta.url))],
  ["module-list", fileURLToPath(new URL("./src/schema-ui/ModuleListPage.tsx", import.meta.url))],
];

/**
 * Barrel files re-export a library's every component; following all their imports would put the whole library
 * in the graph of whoever imports one name. Through them the graph follows only the names an importer asks for.
 */
const BARRELS: [RegExp, string][] = [
  [/[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/, "antd"],
  [/[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/, "@ant-design/icons"],
];
/**
 * refine's antd bundle is one file that imports half of antd for components the console does not use (its
 * hooks are what the list takes): the graph stops there; what its used parts need is split automatically.
 */
const LEAVES = /[\\/]node_modules[\\/]@refinedev[\\/]antd[\\/]/;

/** namedImports lists the names code imports from the package spec (`import { A, B as C } from "spec"`). */
function namedImports(code: string, spec: string): string[] {
  const quoted = spec.replace(/[/.@]/g, (c) => `\\${c}`);
  const names: string[] = [];
  for (const m of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, "g"))) {
    for (const part of m[1].split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0].trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/** barrelExports maps a barrel's exported names to the modules that define them, following `export *`. */
function barrelExports(id: string, ctx: ChunkingContext, into = new Map<string, string>()): Map<string, string> {
  const info = ctx.getModuleInfo(id);
  if (!info?.code) return into;
  const target = (rel: string) => {
    const base = join(dirname(id), rel);
    return info.importedIds.find((i) => i === base || i.startsWith(`${base}.`) || i.startsWith(`${base}/index.`));
  };
  for (const m of info.code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const to = target(m[2]);
    if (!to) continue;
    for (const part of m[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) into.set(name, to);
    }
  }
  for (const m of info.code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
    const to = target(m[1]);
    if (to) barrelExports(to, ctx, into);
  }
  return into;
}

const staticGraphs = new WeakMap<ChunkingContext, Map<string, string>>();

/** consoleChunkOf names the file of CONSOLE_ROOTS a module goes into, or null for the other pages' chunks. */
function consoleChunkOf(id: string, ctx: ChunkingContext): string | null {
  let owner = staticGraphs.get(ctx);
  if (!owner) {
    owner = new Map();
    const barrels = new Map<string, Map<string, string>>();
    for (const [name, root] of CONSOLE_ROOTS) {
      const stack = [root];
      while (stack.length > 0) {
        const next = stack.pop() as string;
        if (owner.has(next)) continue;
        const info = ctx.getModuleInfo(next);
        if (!info) continue;
        owner.set(next, name);
        if (LEAVES.test(next)) continue;
        for (const dep of info.importedIds) {
          const barrel = BARRELS.find(([re]) => re.test(dep));
          if (!barrel) {
            stack.push(dep);
            continue;
          }
          let exported = barrels.get(dep);
          if (!exported) barrels.set(dep, (exported = barrelExports(dep, ctx)));
          for (const n of namedImports(info.code ?? "", barrel[1])) {
            const to = exported.get(n);
            if (to) stack.push(to);
          }
        }
      }
    }
    staticGraphs.set(ctx, owner);
  }
  return owner.get(id) ?? null;
}

/**
 * distFiles makes every `vite build` leave its output folder (ui/dist, or --outDir) whole: it empties the folder
 * first (scripts/clean-dist.mjs, keeping the Go side's .keep) and writes the brotli and gzip copies last
 * (scripts/precompress.mjs). A build
 * that skipped either left the previous build's index.html.br beside the new index.html, and the server
 * (which prefers the precompressed copy) sent browsers the old console.
 */
function distFiles(): Plugin {
  let outDir = "";
  const run = (script: string) =>
    execFileSync(process.execPath, [fileURLToPath(new URL(`./scripts/${script}`, import.meta.url)), outDir], { stdio: "inherit" });
  return {
    name: "xiangzhi-dist-files",
    apply: "build",
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    buildStart: () => void run("clean-dist.mjs"),
    closeBundle: () => void run("precompress.mjs"),
  };
}

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
  plugins: [react(), inlineEntryCss(), antdStaticStyles(), distFiles()],
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
            { name: consoleChunkOf },
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
