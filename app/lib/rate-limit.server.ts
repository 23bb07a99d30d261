import type { AppLoadContext } from "react-router";
import type { LimitedAction, RateLimited } from "@server/http/rate-limit";

/** The one rate-limit check of an action: this client's network, and the email when the action names one. */
export function overLimit(context: AppLoadContext, action: LimitedAction, email?: string): Promise<RateLimited | null> {
  return context.services.limiter.limit(action, { ip: context.clientIp, email });
}
