import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { LIMITS } from "@common/limits";
import type { Refused } from "@common/refusal";

type Result = { ok: true; message: string } | Refused;

export function NewsletterForm() {
  const fetcher = useFetcher<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  return (
    <fetcher.Form ref={formRef} method="post" action="/newsletter" className="mt-3" noValidate>
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Seu email
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Seu email"
          maxLength={LIMITS.email}
          aria-describedby="newsletter-status"
          aria-invalid={result && !result.ok ? true : undefined}
          className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-600 dark:bg-stone-800"
        />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          OK
        </button>
      </div>
      <p
        id="newsletter-status"
        role="status"
        className={`mt-2 min-h-5 text-sm ${result?.ok === false ? "text-red-700 dark:text-red-400" : "text-brand-800 dark:text-brand-200"}`}
      >
        {result ? (result.ok ? result.message : result.title) : null}
      </p>
    </fetcher.Form>
  );
}
