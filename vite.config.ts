import fs from "node:fs";
import path from "node:path";
import { constants, type InputType } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
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

/**
 * The browser's code and styles compressed once, at build, as well as each can be: brotli at its best
 * and gzip by zopfli (3–5 % smaller than gzip -9, too slow to run per request). The server sends the
 * .br or .gz file beside each asset (server/app.ts) and compresses none of them again.
 */
function precompressedAssets(): Plugin[] {
  const zopfli = async (file: InputType) => {
    // Each asset comes as bytes; with logLevel "silent" the plugin would swallow this error (a test checks the files).
    if (!(file instanceof Uint8Array)) throw new TypeError("the compression plugin hands each asset over as bytes");
    return Buffer.from(await gzipAsync(file, { numiterations: 15 }));
  };
  const include = /^assets\/.+\.(js|css)$/;
  return [
    compression({ include, algorithms: [defineAlgorithm("brotliCompress", { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })], logLevel: "silent" }),
    compression({ include, algorithms: [[zopfli, {}]], filename: "[path][base].gz", logLevel: "silent" }),
  ];
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build starts at the Express app (server/index.ts), which imports the routes: one
  // module graph, one copy of each module in the running server (docs/decisions/009-one-module-graph.md).
  build: isSsrBuild ? { rollupOptions: { input: "server/index.ts" } } : {},
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [copyMigrations()] : precompressedAssets())],
  resolve: { tsconfigPaths: true },
}));
