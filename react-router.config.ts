import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets parallel work trees build and test without overwriting each other's build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every route is known from the first load (about 3 KB gzip). Discovered lazily, the routes the
  // page's links lead to came in after hydration and re-rendered the whole page once more.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
