export interface Toast {
  title: string;
  description?: string;
  variant?: "success" | "error" | "info";
}
