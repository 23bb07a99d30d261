/** Our contact address (CONTACT_EMAIL), as a mail link; `subject` fills the email's subject. */
export function ContactEmail({ email, subject }: { email: string; subject?: string }) {
  return <a href={`mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`}>{email}</a>;
}
