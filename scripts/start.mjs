// npm start: builds when the build is missing or any source is newer, then serves it in this process.
// npm run admin:create / npm run seed / npm run jobs: run a command of the existing build (built only when missing),
// so a command never rewrites the assets under a server that is running.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// Before anything reads the environment. Like the server's own bootstrap, `.env` is read from the
// working folder and never overrides the environment.
if (fs.existsSync(".env")) process.loadEnvFile(".env");
const args = process.argv.slice(2);
const serving = args.length === 0;
// The server always runs (and is always built) in production mode: it decides which React loads,
// the CSP header and whether error pages show stacks.
if (serving) process.env.NODE_ENV = "production";

const entry = path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js");
const SOURCES = ["app", "server", "common", "public", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

/** Newest change among the sources: files, and folders (a deleted or renamed file changes its folder). */
function newestSource() {
  let newest = 0;
  for (const source of SOURCES) {
    const name = path.join(root, source);
    if (!fs.existsSync(name)) continue;
    newest = Math.max(newest, fs.statSync(name).mtimeMs);
    if (!fs.statSync(name).isDirectory()) continue;
    for (const entry of fs.readdirSync(name, { recursive: true, withFileTypes: true })) {
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * The build's output less a warning a newcomer cannot act on: React Router 7 passes Vite the
 * deprecated `envFile: false` itself, and Vite says so at each of its inner steps (fixed in React Router 8).
 */
function withoutUpstreamNoise(output) {
  return output
    .toString()
    .split("\n")
    .filter((line) => !line.includes("The `envFile` option is deprecated"))
    .join("\n");
}

const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
const stale = built < newestSource();
if (!built || (serving && stale)) {
  console.log(built ? "O código mudou desde a última compilação: compilando…" : "Compilando…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, NODE_ENV: "production" } });
  process.stdout.write(withoutUpstreamNoise(build.stdout));
  process.stderr.write(withoutUpstreamNoise(build.stderr));
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (stale) {
  console.warn("Aviso: o código mudou desde a última compilação; este comando usa a compilação existente (npm run build para atualizá-la).");
}

const { main } = await import(pathToFileURL(entry).href);
await main(args);
