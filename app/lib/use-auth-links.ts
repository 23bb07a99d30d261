import { useLocation } from "react-router";
import { loginPath, signUpPath } from "./redirects";

/** Links to log in and to sign up that come back to the page shown (spec §2: "Success redirects to the page the user came from"). */
export function useAuthLinks(): { login: string; signUp: string } {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return { login: loginPath(here), signUp: signUpPath(here) };
}
