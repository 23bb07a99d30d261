import { options, type VNode } from "preact";

/**
 * The page's scripts are fetched at low priority, after its styles and the first screen's images:
 * the server's markup is the page until they run, and hydrating waits for the first paint anyway
 * (entry.client.tsx). At their default, high, priority some 20 scripts shared a phone's slow link
 * with the cover image the page is measured by. React Router writes the `modulepreload` links
 * with no way to set their priority, so it is set on every such link before Preact renders it.
 */
const next = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === "link" && (vnode.props as { rel?: string }).rel === "modulepreload") {
    (vnode.props as Record<string, unknown>).fetchpriority = "low";
  }
  next?.(vnode);
};
