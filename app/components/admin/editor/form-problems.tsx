/** Under a record's form: how many fields keep it from being saved (none: nothing shown). */
export function FormProblems({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="text-sm font-medium text-red-700" role="status">
      {count === 1 ? "1 field needs" : `${count} fields need`} attention before you can save. Nothing you typed is lost.
    </p>
  );
}
