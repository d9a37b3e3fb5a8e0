import classes from './page.module.css';

/** Plain text in paragraphs: split on blank lines, empty ones dropped. Never HTML. */
export function splitParagraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Server text as paragraphs, drawn as text (React escapes it): no markup from the server runs. */
export function Paragraphs({ text, className }: { text: string | null | undefined; className?: string }) {
  const paragraphs = splitParagraphs(text);
  return (
    <div className={[classes.paragraphs, className].filter(Boolean).join(' ')} dir="auto">
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
