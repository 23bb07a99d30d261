// The sign-up's checks in the browser (zod and the phone library): a module of their own, fetched when
// the sign-in dialog is wanted but never needed to draw it (auth-dialog.tsx).
export { validateSignUp } from "@common/validation/accounts";
