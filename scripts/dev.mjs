// npm run dev: the server entry loaded through Vite (hot reload of routes and styles), on the same
// module graph as the build: the app's server code and its routes share one copy of every module.
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { serve } = await vite.ssrLoadModule("/server/serve.ts");
await serve({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  devMiddleware: vite.middlewares,
  onClose: () => vite.close(),
});
