// Only http(s) URLs become links: a reporter's text must never become a javascript: link.
const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Evidence as the reporter wrote it, its web addresses clickable (opened away from the admin tab). */
export function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) => (i % 2 === 1
        ? <a key={i} href={part} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-600 dark:text-brand-400 underline">{part}</a>
        : part))}
    </>
  );
}
