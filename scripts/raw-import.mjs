// Lets scripts run with tsx import server modules that load data files as Vite does on build
// ("./file.csv?raw": the file's text as the default export).
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
      import { readFile } from "node:fs/promises";
      export async function load(url, context, next) {
        if (!url.startsWith("file:") || !url.endsWith("?raw")) return next(url, context);
        const text = await readFile(new URL(url.slice(0, -"?raw".length)), "utf8");
        return { format: "module", shortCircuit: true, source: "export default " + JSON.stringify(text) + ";" };
      }
    `),
);
