// Adds to package-lock.json the platform packages that npm could not record here (see
// docs/decisions/016-lock-file-and-production-check.md): for every optional dependency a locked
// package declares but the lock lacks, an entry with the declared version and the platform fields
// (os, cpu, libc) of that package's newest published version, so `npm ci` accepts the lock on any
// machine and each machine fetches only its own binary. Run after `npm install` changes the lock.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (packages[`${location}/node_modules/${name}`] || packages[`node_modules/${name}`]) continue;
    const published = JSON.parse(execFileSync("npm", ["view", name, "--json", "license", "os", "cpu", "libc"], { encoding: "utf8" }));
    const { license, os, cpu, libc } = Array.isArray(published) ? published.at(-1) : published;
    packages[`node_modules/${name}`] = {
      version,
      ...(cpu && { cpu }),
      ...(entry.dev && { dev: true }),
      ...(libc && { libc }),
      ...(license && { license }),
      optional: true,
      ...(os && { os }),
    };
    added++;
  }
}
const sorted = Object.keys(packages).sort((a, b) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0));
lock.packages = Object.fromEntries(sorted.map((key) => [key, packages[key]]));
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `added ${added} platform packages to package-lock.json` : "package-lock.json already lists every platform package");
