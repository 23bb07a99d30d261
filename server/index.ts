/**
 * The server build's entry (vite.config.ts makes it the SSR input): the Express app, the React
 * Router routes and the domain are compiled into one module graph, build/server/index.js.
 *
 *   node build/server/index.js                       serve (set NODE_ENV=production)
 *   node build/server/index.js admin:create EMAIL    make an operator account
 *   node build/server/index.js seed --count N        add N generated listings
 *   node build/server/index.js jobs:run [NAME…]      run background jobs once, now
 *
 * `npm start`, `npm run admin:create`, `npm run seed` and `npm run jobs` run the same, building first when the
 * sources are newer than the build (scripts/start.mjs). Tests import it to run the real server.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import * as serverBuild from "virtual:react-router/server-build";
import { adminCreate } from "./cli/admin-create";
import { ConfigError } from "./config";
import { jobsRun } from "./cli/jobs-run";
import { seed } from "./cli/seed";
import { serve } from "./serve";

export { createApp } from "./app";
export { bootstrap } from "./bootstrap";

/** The route modules, compiled beside this file. */
export { serverBuild };
/** The browser assets `react-router build` wrote next to the server build. */
export const clientDir = fileURLToPath(new URL("../client", import.meta.url));

const commands: Record<string, (args: string[]) => Promise<number>> = {
  "admin:create": adminCreate,
  "jobs:run": jobsRun,
  seed,
};

/** Runs a command-line tool, or with no command the web server. A wrong setting is said in its own words, without a stack, and exits 1. */
export async function main(argv: string[]) {
  const [name, ...args] = argv;
  const command = name === undefined ? null : commands[name];
  if (name !== undefined && !command) {
    console.error(`Comando desconhecido: ${name}. Use: ${Object.keys(commands).join(", ")} (ou nenhum, para o servidor).`);
    process.exit(2);
  }
  try {
    if (!command) return await serve({ build: serverBuild, clientDir });
    process.exitCode = await command(args);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

// Run as a program (not imported by scripts/start.mjs or the tests). Node names the main module by its real path.
const isProgram = process.argv[1] !== undefined && fs.existsSync(process.argv[1]) && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isProgram) await main(process.argv.slice(2));
