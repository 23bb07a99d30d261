import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets parallel work trees build and test without overwriting each other's build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every route is known from the first load (about 3 KB gzip). Discovered lazily, the routes the
  // page's links lead to came in after hydration and re-rendered the whole page once more.
  routeDiscovery: { mode: "initial" },
  // React Router 8's changes, each decided (a flag left unset prints a warning at every build).
  future: {
    // No route exports clientLoader, clientAction, clientMiddleware or HydrateFallback: nothing to split off.
    v8_splitRouteModules: true,
    // Only a data request for a path ending in "/" changes (the home's: /_root.data becomes /_.data);
    // no route ends in "/" and the server matches no .data address.
    v8_trailingSlashAwareDataRequests: true,
    // Each of these needs its own migration first:
    // middleware hands loaders a RouterContextProvider, where they read `context.services` today;
    v8_middleware: false,
    // the Environment API wants vite.config.ts's per-build settings (isSsrBuild) under `environments`;
    v8_viteEnvironmentApi: false,
    // loaders build redirects from request.url, which would keep ".data" and "_routes" on data requests.
    v8_passThroughRequests: false,
  },
} satisfies Config;
