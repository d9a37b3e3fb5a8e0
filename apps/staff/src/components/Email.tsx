/**
 * An email address that may wrap before its "@" in a narrow cell (and within a part only when
 * a part alone is too long), instead of being cut at any letter.
 */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  );
}
