import { useEffect } from "react";

/**
 * Screen readers only announce changes to a live region that already exists, so pages keep one
 * region outside their Suspense boundaries and results report into it once they render.
 */
export function LiveRegion({ message }: { message: string }) {
  return (
    <p role="status" className="sr-only">
      {message}
    </p>
  );
}

export function Announce({ message, onAnnounce }: { message: string; onAnnounce: (message: string) => void }) {
  useEffect(() => onAnnounce(message), [message, onAnnounce]);
  return null;
}
