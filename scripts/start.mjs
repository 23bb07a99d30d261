// npm start / npm run admin:create / npm run seed: builds when any source is newer than the build,
// then runs the built server entry (build/server/index.js) in this process with the given command.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// Before anything reads the environment: NODE_ENV decides which React the build loads. Like the
// server's own bootstrap, `.env` is read from the working folder and never overrides the environment.
if (fs.existsSync(".env")) process.loadEnvFile(".env");
const args = process.argv.slice(2);
if (args.length === 0) process.env.NODE_ENV ??= "production";

const entry = path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js");
const SOURCES = ["app", "server", "common", "public", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

function newestSource() {
  let newest = 0;
  for (const source of SOURCES) {
    const name = path.join(root, source);
    if (!fs.existsSync(name)) continue;
    const stat = fs.statSync(name);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else for (const file of fs.readdirSync(name, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) newest = Math.max(newest, fs.statSync(path.join(file.parentPath, file.name)).mtimeMs);
    }
  }
  return newest;
}

const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
if (built < newestSource()) {
  console.log(built ? "O código mudou desde a última compilação: compilando…" : "Compilando…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { main } = await import(pathToFileURL(entry).href);
await main(args);
