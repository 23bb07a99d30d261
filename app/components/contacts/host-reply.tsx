/** A host's public reply under a review: on the listing, on the contact it came from, and to operators. */
export function HostReply({ text }: { text: string }) {
  return (
    <div className="mt-3 border-l-2 border-brand-600 pl-3 text-sm">
      <p className="font-semibold">Resposta do anfitrião</p>
      <p className="whitespace-pre-line break-words">{text}</p>
    </div>
  );
}
