import { options, type VNode } from "preact";

/**
 * `suppressHydrationWarning` is a hint to React's hydration (React Router's scripts and our <html>
 * carry it). Preact has no such warning and would write it out as an attribute, so it is dropped
 * from every element before Preact renders it, on the server and in the browser.
 */
const next = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === "string" && vnode.props && "suppressHydrationWarning" in vnode.props) {
    delete (vnode.props as Record<string, unknown>).suppressHydrationWarning;
  }
  next?.(vnode);
};
