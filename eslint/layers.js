// Lint rule "layers/direction": imports point one way. common/ (browser and server) imports neither
// app/ nor server/; server/ never imports app/; components take only types from server/; domain
// folders do not reach up into the wiring (server/services.ts) or the HTTP layer (server/http/).
// Relative paths and the tsconfig aliases are resolved to files first, so "../app" from
// server/http/ (the Express app) and "../app/…" from server/ (the React app) are told apart.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ALIASES = { "~/": "app/", "@server/": "server/", "@common/": "common/" };
// Folders of the domain (accounts, properties, billing …), not the wiring, the tools or the adapters.
const DOMAIN = /^server\/(?!http\/|db\/|cli\/|adapters\/|seed\/)[^/]+\//;

/** [importer test, imported test, types allowed, message] */
const RULES = [
  [(f) => f.startsWith("common/"), (t) => t.startsWith("app/") || t.startsWith("server/"), false, "common/ runs in the browser and on the server: it imports neither app/ nor server/."],
  [(f) => f.startsWith("server/"), (t) => t.startsWith("app/"), false, "server/ never imports app/ (the routes reach the server, not the other way)."],
  [(f) => f.startsWith("app/components/"), (t) => t.startsWith("server/"), true, "Components import no server values (types only): data reaches them through loaders."],
  [(f) => DOMAIN.test(f), (t) => t === "server/services.ts" || t.startsWith("server/http/"), false, "Domain modules take their dependencies as arguments: no imports of the wiring (server/services.ts) or the HTTP layer."],
];

function target(file, spec) {
  for (const [alias, folder] of Object.entries(ALIASES)) if (spec.startsWith(alias)) return folder + spec.slice(alias.length);
  if (!spec.startsWith(".")) return null; // a package
  return path.relative(root, path.resolve(path.dirname(file), spec));
}

/** The places an import may name: the file as written, with .ts added, or a folder. */
function candidates(t) {
  return /\.[cm]?[jt]sx?$/.test(t) ? [t] : [`${t}.ts`, `${t}.tsx`, `${t}/`];
}

export default {
  rules: {
    direction: {
      meta: { type: "problem", schema: [] },
      create(context) {
        const from = path.relative(root, context.filename);
        const check = (node, typeOnly) => {
          const spec = node.source?.value;
          if (typeof spec !== "string") return;
          const to = target(context.filename, spec);
          if (to === null) return;
          for (const [importer, imported, typesAllowed, message] of RULES) {
            if (importer(from) && candidates(to).some(imported) && !(typesAllowed && typeOnly)) context.report({ node, message });
          }
        };
        const onlyTypes = (node) =>
          node.importKind === "type" || node.exportKind === "type" || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));
        return {
          ImportDeclaration: (node) => check(node, onlyTypes(node)),
          ExportNamedDeclaration: (node) => check(node, onlyTypes(node)),
          ExportAllDeclaration: (node) => check(node, node.exportKind === "type"),
          ImportExpression: (node) => check(node, false),
        };
      },
    },
  },
};
