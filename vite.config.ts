import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, type InputType } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { CodeSplittingGroup } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

/** The committed SQL migrations travel with the server build, which applies them at start. */
function copyMigrations(): Plugin {
  return {
    name: "recanto-copy-migrations",
    writeBundle(options) {
      fs.cpSync("server/db/migrations", path.join(options.dir!, "migrations"), { recursive: true });
    },
  };
}

/** Brotli at its best quality. */
const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
/** Gzip by zopfli: 3–5 % smaller than gzip -9, too slow to run per request. */
const zopfli = async (file: InputType) => {
  // Each asset comes as bytes; with logLevel "silent" the plugin would swallow this error (a test checks the files).
  if (!(file instanceof Uint8Array)) throw new TypeError("the compression plugin hands each asset over as bytes");
  return Buffer.from(await gzipAsync(file, { numiterations: 15 }));
};

/**
 * The browser's code and styles compressed once, at build, as well as each can be. The server sends
 * the .br or .gz file beside each asset (server/app.ts) and compresses none of them again.
 */
function precompressedAssets(): Plugin[] {
  const include = /^assets\/.+\.(js|css)$/;
  return [
    compression({ include, algorithms: [defineAlgorithm("brotliCompress", { params: brotliParams })], logLevel: "silent" }),
    compression({ include, algorithms: [[zopfli, {}]], filename: "[path][base].gz", logLevel: "silent" }),
  ];
}

/**
 * React Router writes the routes' manifest (assets/manifest-<hash>.js, which every page loads) among
 * the browser's files while it builds the server, after the client's assets were compressed: it is
 * compressed here, as they are.
 */
function precompressedRouteManifest(): Plugin {
  return {
    name: "recanto-precompressed-route-manifest",
    async writeBundle(options) {
      const assets = path.join(options.dir!, "..", "client", "assets");
      for (const name of fs.readdirSync(assets).filter((file) => /^manifest-[\w-]+\.js$/.test(file))) {
        const file = fs.readFileSync(path.join(assets, name));
        fs.writeFileSync(path.join(assets, `${name}.br`), brotliCompressSync(file, { params: brotliParams }));
        fs.writeFileSync(path.join(assets, `${name}.gz`), await zopfli(file));
      }
    },
  };
}

const ICONS_MODULE = "app/components/ui/icons.tsx";
const SPRITE_MODULE = "virtual:icon-sprite";
const DEV_SPRITE_PATH = "/@icon-sprite.svg";

/** One `<symbol>` per icon in icons.tsx's `ICON_NAMES`, drawn as lucide-react draws it. */
async function iconSpriteSource(): Promise<string> {
  const list = /\bICON_NAMES = \[([^\]]*)\]/.exec(fs.readFileSync(ICONS_MODULE, "utf8"));
  if (!list) throw new Error(`${ICONS_MODULE} has no ICON_NAMES list`);
  const names = [...list[1]!.matchAll(/"([a-z0-9-]+)"/g)].map((match) => match[1]!);
  const symbols = await Promise.all(
    names.map(async (name) => {
      const { __iconData: data } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { size: number; node: [string, Record<string, string | number>][] } };
      const shapes = data.node.map(([tag, { key: _key, ...attributes }]) => `<${tag}${Object.entries(attributes).map(([k, v]) => ` ${k}="${v}"`).join("")}/>`);
      return `<symbol id="${name}" viewBox="0 0 ${data.size} ${data.size}">${shapes.join("")}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}

/**
 * The icons' sprite, an asset of the build (hashed, cached for good) whose address
 * `import sprite from "virtual:icon-sprite"` gives; the dev server serves it at DEV_SPRITE_PATH.
 */
function iconSprite(): Plugin {
  return {
    name: "recanto-icon-sprite",
    resolveId: (id) => (id === SPRITE_MODULE ? `\0${SPRITE_MODULE}` : undefined),
    async load(id) {
      if (id !== `\0${SPRITE_MODULE}`) return;
      this.addWatchFile(path.resolve(ICONS_MODULE));
      if (this.environment.mode === "dev") return `export default ${JSON.stringify(DEV_SPRITE_PATH)};`;
      const reference = this.emitFile({ type: "asset", name: "icons.svg", source: await iconSpriteSource() });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_SPRITE_PATH, (_req, res, next) => {
        iconSpriteSource().then((source) => {
          res.setHeader("Content-Type", "image/svg+xml");
          res.end(source);
        }, next);
      });
    },
  };
}

/**
 * React Router's own production build in the browser's bundle. The package ships it beside the
 * development build but its exports name only the latter (remix-run/react-router#12532, #14102):
 * the two differ by one flag, which keeps developer warnings, and their texts, out of production.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: "recanto-react-router-production-build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "react-router" && source !== "react-router/dom") return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // Vite's module ids use forward slashes on every system.
      return resolved && { ...resolved, id: resolved.id.replace("/dist/development/", "/dist/production/") };
    },
  };
}

/** Written beside the client's files by pageSetChunks: each chunk, and the entries that need every module in it. */
export const PAGE_SETS_FILE = "page-sets.json";

/**
 * The browser's modules grouped by the pages that load them, so a page fetches few files and none
 * holds code only another page needs: what the root and the client entry reach (every page runs it)
 * in one "shell" chunk; every other module shared by several pages, or by a page and a part loaded
 * on demand, in one chunk per exact set of them. A module that one page alone reaches stays with
 * that page, where the bundler puts it (docs/decisions/020-first-load-javascript.md).
 */
function pageSetChunks() {
  const MAX_SET_SIZE = 200; // more than the pages and on-demand parts there are
  const SHELL = /[\\/]app[\\/](root|entry\.client)\.tsx/;
  /** Module → the entries (pages, the shell, parts loaded on demand) whose static imports reach it, by their labels. */
  const reach = new Map<string, Set<string>>();
  const setOf = (id: string) => reach.get(id) ?? new Set<string>();
  const shortHash = (text: string, length: number) => createHash("sha1").update(text).digest("hex").slice(0, length);
  const shared = (id: string) => !setOf(id).has("shell") && setOf(id).size >= 2;
  const setName = (id: string) => {
    const labels = [...setOf(id)].sort();
    return labels.length <= 3 ? labels.join("_") : `shared-${shortHash(labels.join(), 8)}`;
  };
  const plugin: Plugin = {
    name: "recanto-page-set-chunks",
    apply: "build",
    buildEnd() {
      reach.clear();
      const used = new Set<string>();
      for (const entry of this.getModuleIds()) {
        const info = this.getModuleInfo(entry);
        if (!info || !(info.isEntry || info.dynamicImporters.length > 0)) continue;
        // The file's name ("home", "auth-dialog-window"), made unique where two folders share one.
        const name = path.basename(entry).replace(/[.?].*$/, "");
        const label = SHELL.test(entry) ? "shell" : used.has(name) || name === "shell" ? `${name}-${shortHash(path.relative(process.cwd(), entry), 4)}` : name;
        used.add(label);
        if (used.size > MAX_SET_SIZE) this.error(`more than ${MAX_SET_SIZE} pages and parts loaded on demand: raise MAX_SET_SIZE`);
        // A part loaded on demand is in its own set too: where pages also import it, the chunk it
        // shares with them must not be one that another page, loading it on demand, would fetch whole.
        const stack = info.isEntry ? [...info.importedIds] : [entry, ...info.importedIds];
        while (stack.length > 0) {
          const id = stack.pop()!;
          const set = reach.get(id) ?? reach.set(id, new Set()).get(id)!;
          if (set.has(label)) continue;
          set.add(label);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      }
    },
    // Which entries each chunk's modules all serve, beside the build (not among the served files): tests check pages against it.
    writeBundle(options, bundle) {
      const served: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const sets = chunk.moduleIds.map(setOf).filter((set) => set.size > 0);
        served[chunk.fileName] = sets.length === 0 ? [] : [...sets[0]!].filter((label) => sets.every((set) => set.has(label))).sort();
      }
      fs.writeFileSync(path.join(options.dir!, "..", PAGE_SETS_FILE), JSON.stringify(served, null, 1));
    },
  };
  // A chunk's own imports must already sit in other chunks: the wider a module's set, the earlier its group claims it.
  const groups: CodeSplittingGroup[] = [
    { name: "shell", test: (id) => setOf(id).has("shell"), priority: 1000 },
    ...Array.from({ length: MAX_SET_SIZE - 1 }, (_, i) => MAX_SET_SIZE - i).map(
      (size): CodeSplittingGroup => ({ debugName: `${size} pages`, name: setName, test: (id) => shared(id) && setOf(id).size === size, priority: size }),
    ),
  ];
  return { plugin, groups };
}

const chunks = pageSetChunks();

/**
 * Rolldown's report of the slowest plugins after each build: ours are slow on purpose (the assets
 * compressed at their best, once), so it would only ever repeat that.
 */
const checks = { bundlerTimings: false };

export default defineConfig(({ isSsrBuild, mode }) => ({
  build: {
    // The server build starts at the Express app (server/index.ts), which imports the routes: one
    // module graph, one copy of each module in the running server (docs/decisions/009-one-module-graph.md).
    ...(isSsrBuild ? { rollupOptions: { input: "server/index.ts", checks } } : { rolldownOptions: { checks, output: { codeSplitting: { groups: chunks.groups } } } }),
    // Unminified, with React's development build, the shell passes Vite's 500 kB hint; what pages
    // load is measured on the production build (tests/integration/first-load-chunks.test.ts).
    ...(mode === "development" ? { chunkSizeWarningLimit: 2048 } : {}),
  },
  plugins: [tailwindcss(), reactRouter(), iconSprite(), ...(isSsrBuild ? [copyMigrations(), precompressedRouteManifest()] : [chunks.plugin, ...(mode === "production" ? [reactRouterProductionBuild(), ...precompressedAssets()] : [])])],
  resolve: { tsconfigPaths: true },
}));
