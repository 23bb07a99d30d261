export interface Toast {
  title: string;
  description?: string;
  variant?: "success" | "error" | "info";
}

/** After a sign-in, by password alone or with the second factor too. */
export const SIGNED_IN: Toast = { title: "Login realizado com sucesso!", description: "Bem-vindo de volta!", variant: "success" };
