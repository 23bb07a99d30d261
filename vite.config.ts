import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build starts at the Express app (server/index.ts), which imports the routes: one
  // module graph, one copy of each module in the running server (docs/decisions/009-one-module-graph.md).
  build: isSsrBuild ? { rollupOptions: { input: "server/index.ts" } } : {},
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
}));
