/** A refusal or failure of the page or panel it stands in, said until the next attempt clears it. */
export function ErrorAlert({ error }: { error: string | null | undefined }) {
  return error === null || error === undefined ? null : (
    <p className="error" role="alert">
      {error}
    </p>
  );
}
